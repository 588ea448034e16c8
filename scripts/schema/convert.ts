import type {
  Benefit,
  Block,
  Bundle,
  ChoiceOption,
  Field,
  IncomeType,
  JourneyEntry,
  Predicate,
  StepDefinition,
  Territory,
  UnexpectedPage,
  UnexpectedPages,
} from "../../src/domain/bundle";
import {
  CHOICE_KINDS,
  type BenefitYaml,
  type FieldYaml,
  type IncomeTypeYaml,
  type InstitutionYaml,
  type UnexpectedFile,
} from "./format";
import { compileProfileConditions } from "./aids";
import { subjectOf, type ValidatedSchema } from "./model";
import { frenchTypography, normaliseQuestion, optionalText } from "./normalise";
import { convertResultsRules } from "./results-rules";

/** Drops the keys whose value is undefined, so the emitted JSON has no empty keys. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function convertOption(option: {
  value: string | number;
  label: string;
  when?: unknown;
}): ChoiceOption {
  return compact({
    value: option.value,
    label: frenchTypography(option.label),
    when: option.when as Predicate | undefined,
  });
}

function convertField(field: FieldYaml, enumerations: Record<string, ChoiceOption[]>): Field {
  // Consumers always read `options`: a choice field backed by an enumeration gets its options.
  const options =
    field.options?.map(convertOption) ??
    (field.enum !== undefined && CHOICE_KINDS.has(field.kind)
      ? enumerations[field.enum]
      : undefined);
  return compact({
    name: field.name,
    kind: field.kind,
    question: normaliseQuestion(field.question),
    hint: optionalText(field.hint),
    help: optionalText(field.help),
    enum: field.enum,
    options,
    min: field.min,
    max: field.max,
    integer: field.integer,
    optional: field.optional,
    default: field.default,
    storage: field.storage,
    autocomplete: field.autocomplete,
    engine: field.engine,
  });
}

/** A label list keeps its last text as the default label and the others as conditional ones. */
function convertIncomeLabel(label: IncomeTypeYaml["label"]): Pick<IncomeType, "label" | "labels"> {
  if (typeof label === "string") return { label: frenchTypography(label) };
  const last = label.at(-1);
  return {
    label: frenchTypography(last?.text ?? ""),
    labels: label.slice(0, -1).map((item) => ({
      when: item.when as Predicate,
      text: frenchTypography(item.text),
    })),
  };
}

/** The one list of codes of a territory (references.ts reported a territory with several). */
function convertTerritory(territory: InstitutionYaml["territory"]): Territory | undefined {
  if (!territory) return undefined;
  if (territory.regions) return { regions: territory.regions };
  if (territory.departements) return { departements: territory.departements };
  if (territory.epcis) return { epcis: territory.epcis };
  if (territory.communes) return { communes: territory.communes };
  return undefined;
}

function convertBenefit(benefit: BenefitYaml): Benefit {
  return compact({
    id: benefit.id,
    label: frenchTypography(benefit.label),
    description: frenchTypography(benefit.description),
    institution: benefit.institution,
    engine: compact({ ...benefit.engine }),
    type: benefit.type,
    unit: benefit.unit ?? "",
    periodicity: benefit.periodicity,
    legend: optionalText(benefit.legend),
    interestFlag: benefit.interestFlag,
    prefilter: benefit.prefilter as Predicate | undefined,
    priority: benefit.priority,
    toCheck: benefit.toCheck?.map(frenchTypography),
    certainty: benefit.certainty === "counted" ? undefined : benefit.certainty,
    decisive: benefit.decisive?.map(frenchTypography),
    countedWhen: benefit.countedWhen as Predicate | undefined,
    notes: benefit.notes?.map((note) => ({
      when: note.when as Predicate,
      text: frenchTypography(note.text),
    })),
    dependsOn: benefit.dependsOn,
    paidTo: benefit.paidTo
      ? { who: benefit.paidTo.who, label: frenchTypography(benefit.paidTo.label) }
      : undefined,
    receivedAs: benefit.receivedAs,
    reduces: benefit.reduces && {
      benefits: benefit.reduces.benefits,
      text: frenchTypography(benefit.reduces.text),
    },
    presumedReceived: benefit.presumedReceived,
    links: compact({ ...benefit.links }),
  });
}

function convertUnexpected(file: UnexpectedFile): UnexpectedPages {
  const page = (p: UnexpectedFile["generic"]): UnexpectedPage => ({
    title: frenchTypography(p.title),
    paragraphs: p.paragraphs.map(frenchTypography),
  });
  return {
    generic: page(file.generic),
    benefits: Object.fromEntries(Object.entries(file.benefits).map(([id, p]) => [id, page(p)])),
  };
}

/** The bundle without its version, which is a hash of the rest. Expects a cross-checked schema. */
export function convertSchema(
  schema: ValidatedSchema,
): Omit<Bundle, "version" | "publicBenefitCount"> {
  const enumerations: Record<string, ChoiceOption[]> = {};
  for (const [name, options] of Object.entries(schema.enumerations.value.enumerations)) {
    enumerations[name] = options.map(convertOption);
  }

  const blocks: Record<string, Block> = {};
  for (const { file, value: block } of schema.blocks) {
    const steps = block.steps.map((step, s): StepDefinition => {
      const subject = subjectOf(step, block.kind);
      if (!subject) throw new Error(`${file.rel}: step "${step.id}" has no subject`);
      const firstField = step.fields[0]?.name ?? "";
      const defaultPath =
        subject.entity === "individu"
          ? `individu/{id}/${firstField}`
          : `${subject.entity}/${firstField}`;
      return compact({
        id: step.id,
        path: step.path ?? defaultPath,
        chapter: step.chapter,
        title: optionalText(step.title),
        subject,
        fields: step.fields.map((field) => convertField(field, enumerations)),
        when: step.when as Predicate | undefined,
        special: step.special,
        source: `${file.rel}:${file.lineOf(["steps", s])}`,
      });
    });
    blocks[block.block] = { id: block.block, kind: block.kind, steps };
  }

  const journey = schema.journey.value.journey.map((entry): JourneyEntry =>
    compact({
      block: entry.block,
      for: entry.for,
      chapter: entry.chapter,
      when: entry.when as Predicate | undefined,
    }),
  );

  return {
    chapters: schema.chapters.value.chapters.map((c) => ({
      id: c.id,
      label: frenchTypography(c.label),
      ...(c.computeAhead ? { computeAhead: true } : {}),
    })),
    enumerations,
    blocks,
    journey,
    incomeCategories: schema.incomes.value.categories.map((c) => ({
      id: c.id,
      label: frenchTypography(c.label),
    })),
    incomeTypes: schema.incomes.value.types.map((type) =>
      compact({
        id: type.id,
        category: type.category,
        ...convertIncomeLabel(type.label),
        when: type.when as Predicate | undefined,
        hidden: type.hidden,
        periodKind: type.periodKind,
        engine: type.engine,
        fields: type.fields?.map((field) => convertField(field, enumerations)),
      }),
    ),
    parameters: schema.parameters.value.parameters,
    institutions: schema.institutions.flatMap(({ value }) =>
      value.institutions.map((institution) =>
        compact({
          id: institution.id,
          label: frenchTypography(institution.label),
          type: institution.type,
          insee: institution.insee,
          siren: institution.siren,
          territory: convertTerritory(institution.territory),
        }),
      ),
    ),
    benefits: schema.benefits.flatMap(({ value }) => (value.benefits ?? []).map(convertBenefit)),
    profiles: (schema.profiles?.value.profiles ?? []).map((profile) =>
      compact({
        id: profile.id,
        label: frenchTypography(profile.label),
        when: profile.when as Predicate | undefined,
        eligibility: profile.conditions && compileProfileConditions(profile.conditions),
      }),
    ),
    derived: schema.journey.value.derived ?? [],
    ...(schema.journey.value.guesses
      ? {
          guesses: schema.journey.value.guesses.map((guess) =>
            compact({
              ...guess,
              label: optionalText(guess.label),
              reason: optionalText(guess.reason),
              toCheck: optionalText(guess.toCheck),
              bikeAids: guess.bikeAids && {
                ...guess.bikeAids,
                condition: frenchTypography(guess.bikeAids.condition),
              },
              links: guess.links?.map((link) => ({ ...link, label: frenchTypography(link.label) })),
            }),
          ),
        }
      : {}),
    ...(schema.groups
      ? {
          groups: schema.groups.value.groups.map((group) => ({
            id: group.id,
            label: frenchTypography(group.label),
            description: frenchTypography(group.description),
            interestFlag: group.interestFlag,
          })),
        }
      : {}),
    ...(schema.results ? { results: convertResultsRules(schema) } : {}),
    ...(schema.unexpected ? { unexpected: convertUnexpected(schema.unexpected.value) } : {}),
    ...(schema.places
      ? {
          placeTypes: {
            byInstitution: schema.places.value.byInstitution,
            byInstitutionType: schema.places.value.byInstitutionType,
            default: schema.places.value.default,
          },
        }
      : {}),
  };
}
