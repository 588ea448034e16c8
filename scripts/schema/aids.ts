/**
 * Condition-based aids (`aids:` in benefits/*.yaml) and aid families (families/*.yaml): gathered,
 * checked (operators, enumerations, profiles, geography within the institution's territory, one
 * département per CAF aid) and compiled into the catalogue's json-logic `eligibility`.
 */
import type { Aid, Institution, Predicate } from "../../src/domain/bundle";
import {
  CONDITION_NAMES,
  TRUE_ONLY_CONDITIONS,
  VALUE_LIST_CONDITIONS,
} from "../../src/domain/eligibility/condition-names";
import { checkCertainty } from "./certainty";
import { withHint, type SchemaError, type Segment } from "./errors";
import type { FieldIndex } from "./fields";
import type { AidYaml } from "./format";
import { loadGeography, type Geography, type PlaceKind } from "./geography";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";
import { frenchTypography, optionalText } from "./normalise";
import { didYouMean } from "./suggest";

/** One aid as written, or as generated from a family member, with where it comes from. */
export interface AidSource {
  file: SourceFile;
  /** The entry (an aid, or a family member). */
  path: Segment[];
  aid: AidYaml;
  family?: string;
}

type Condition = Record<string, unknown>;

const PLACE_KINDS: readonly PlaceKind[] = [
  "regions",
  "departements",
  "epcis",
  "communes",
  "postcodes",
];
const COMPARISONS = ["<=", "<", ">=", ">"];
/** One list with the domain's operators (src/domain/eligibility/condition-names.ts). */
const TRUE_ONLY: readonly string[] = TRUE_ONLY_CONDITIONS;
export const VALUE_LISTS: Readonly<Record<string, string>> = VALUE_LIST_CONDITIONS;
const OPERATORS: readonly string[] = CONDITION_NAMES;

/** Aids of `benefits/`, then of `aids/` (any depth), then family members, in path and file order. */
export function collectAids(schema: ValidatedSchema): AidSource[] {
  const institutions = institutionIndex(schema);
  const sources: AidSource[] = [];
  for (const { file, value } of [...schema.benefits, ...schema.aids]) {
    (value.aids ?? []).forEach((aid, i) => sources.push({ file, path: ["aids", i], aid }));
  }
  for (const { file, value } of schema.families) {
    const { template } = value;
    value.members.forEach((member, i) => {
      const label = institutions.get(member.institution)?.label ?? member.institution;
      const fill = (text: string | undefined) => text?.replace(/\{institution\}/g, label);
      const merged = {
        ...template,
        ...member,
        id: `${value.family}_${member.institution}`,
        label: fill(member.label ?? template.label),
        description: fill(member.description ?? template.description),
        conditions: [...(template.conditions ?? []), ...(member.conditions ?? [])],
        links: { ...template.links, ...member.links },
      } as AidYaml;
      sources.push({ file, path: ["members", i], aid: merged, family: value.family });
    });
  }
  return sources;
}

export function institutionIndex(schema: ValidatedSchema): Map<string, Institution> {
  const index = new Map<string, Institution>();
  for (const { value } of schema.institutions) {
    for (const institution of value.institutions)
      index.set(institution.id, institution as Institution);
  }
  return index;
}

/** The territory of an institution as a place list, if it has one. */
function territoryOf(institution: Institution | undefined): [PlaceKind, string[]] | undefined {
  const territory = institution?.territory;
  if (!territory) return undefined;
  const [entry] = Object.entries(territory) as [PlaceKind, string[]][];
  return entry;
}

/** An institution's communes, built once per compilation: a region holds thousands of them. */
const communesByInstitution = new WeakMap<
  Institution,
  { geography: Geography; communes: ReadonlySet<string> }
>();

function communesInside(
  institution: Institution,
  [kind, codes]: [PlaceKind, string[]],
  geography: Geography,
): ReadonlySet<string> {
  const cached = communesByInstitution.get(institution);
  if (cached?.geography === geography) return cached.communes;
  const communes = new Set(codes.flatMap((code) => geography.communesOf(kind, code)));
  communesByInstitution.set(institution, { geography, communes });
  return communes;
}

function single(condition: unknown): [string, unknown] | undefined {
  if (typeof condition !== "object" || condition === null || Array.isArray(condition))
    return undefined;
  const entries = Object.entries(condition);
  return entries.length === 1 ? entries[0] : undefined;
}

interface CheckContext {
  file: SourceFile;
  enumerations: Readonly<Record<string, ReadonlySet<unknown>>>;
  institution: Institution | undefined;
  geography: Geography;
}

/** Why a condition's argument is wrong, or undefined. */
function conditionError(op: string, arg: unknown, context: CheckContext): string | undefined {
  const list = VALUE_LISTS[op];
  if (list !== undefined) {
    if (!Array.isArray(arg) || arg.length === 0)
      return `${op} expects a non-empty list of ${list} values`;
    const values = context.enumerations[list];
    const unknown = arg.filter((value) => !values?.has(value));
    return unknown.length > 0
      ? `unknown ${list} value${unknown.length > 1 ? "s" : ""} ${unknown.map((v) => JSON.stringify(v)).join(", ")}`
      : undefined;
  }
  if (TRUE_ONLY.includes(op)) return arg === true ? undefined : `${op} expects true`;
  switch (op) {
    case "age_between": {
      if (!Array.isArray(arg) || arg.length !== 2) return "age_between expects [min, max]";
      const [min, max] = arg as unknown[];
      const bound = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) >= 0);
      if (!bound(min) || !bound(max)) return "age_between bounds are whole years or null";
      if (min === null && max === null) return "age_between needs at least one bound";
      if (typeof min === "number" && typeof max === "number" && min > max)
        return `age_between: min ${min} is above max ${max}`;
      return undefined;
    }
    case "lives_in":
    case "lives_outside":
      return placesError(op, arg, context);
    case "family_quotient": {
      if (!Array.isArray(arg) || arg.length !== 3)
        return 'family_quotient expects [op, amount, "year" | "month"]';
      const [cmp, amount, period] = arg as unknown[];
      if (!COMPARISONS.includes(cmp as string))
        return `family_quotient: unknown comparison ${JSON.stringify(cmp)} (expected ${COMPARISONS.join(", ")})`;
      if (typeof amount !== "number" || amount < 0)
        return "family_quotient: the amount is a number of euros";
      if (period !== "year" && period !== "month")
        return 'family_quotient: the period is "year" or "month"';
      return undefined;
    }
    case "disability_rate": {
      if (!Array.isArray(arg) || arg.length !== 2) return "disability_rate expects [op, rate]";
      const [cmp, rate] = arg as unknown[];
      if (!COMPARISONS.includes(cmp as string))
        return `disability_rate: unknown comparison ${JSON.stringify(cmp)}`;
      if (typeof rate !== "number" || rate < 0 || rate > 1)
        return "disability_rate: the rate is between 0 and 1";
      return undefined;
    }
    case "children_in_age_band": {
      if (
        !Array.isArray(arg) ||
        arg.length !== 3 ||
        !arg.every((v) => Number.isInteger(v) && v >= 0)
      )
        return "children_in_age_band expects [count, min_age, max_age] (whole numbers)";
      const [count, min, max] = arg as number[];
      if (count! < 1) return "children_in_age_band: the count is at least 1";
      if (min! > max!) return `children_in_age_band: min age ${min} is above max age ${max}`;
      return undefined;
    }
    default:
      return `unknown condition "${op}" (expected ${OPERATORS.join(", ")})`;
  }
}

/** "Did you mean" for an unknown operator or an unknown value of a value list. */
function conditionHint(op: string, arg: unknown, context: CheckContext): string | undefined {
  const list = VALUE_LISTS[op];
  if (list === undefined) return OPERATORS.includes(op) ? undefined : didYouMean(op, OPERATORS);
  const values = [...(context.enumerations[list] ?? [])].map(String);
  const unknown = Array.isArray(arg)
    ? arg.find((value) => !values.includes(String(value)))
    : undefined;
  return unknown === undefined ? undefined : didYouMean(String(unknown), values);
}

function placesError(op: string, arg: unknown, context: CheckContext): string | undefined {
  const { geography, institution } = context;
  const territory = territoryOf(institution);
  if (arg === "institution") {
    if (op === "lives_outside")
      return "lives_outside lists places (institution is only for lives_in)";
    return territory
      ? undefined
      : `lives_in: institution, but institution "${institution?.id}" has no territory`;
  }
  const entry = single(arg);
  if (!entry || !PLACE_KINDS.includes(entry[0] as PlaceKind))
    return `${op} expects institution or one of ${PLACE_KINDS.join(", ")} with a list of codes`;
  const [kind, codes] = entry as [PlaceKind, unknown];
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((c) => typeof c === "string"))
    return `${op}.${kind} expects a non-empty list of codes (strings)`;
  const unknown = codes.filter((code) => !geography.exists(kind, code));
  if (unknown.length > 0)
    return `unknown ${kind} code${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`;
  if (op === "lives_in" && territory) {
    const inside = communesInside(institution!, territory, geography);
    const outside = codes.filter((code) =>
      geography.communesOf(kind, code).some((commune) => !inside.has(commune)),
    );
    if (outside.length > 0) {
      return `${kind} ${outside.join(", ")} lie${outside.length > 1 ? "" : "s"} outside the territory of institution "${institution!.id}" (${territory[0]} ${territory[1].join(", ")})`;
    }
  }
  return undefined;
}

/** Profiles: a `when` on the answers, or aid conditions (for what only the engine knows). */
export function checkProfiles(schema: ValidatedSchema): SchemaError[] {
  const profiles = schema.profiles;
  if (!profiles) return [];
  const errors: SchemaError[] = [];
  const context: CheckContext = {
    file: profiles.file,
    enumerations: enumerationSets(schema),
    institution: undefined,
    geography: loadGeography(),
  };
  profiles.value.profiles.forEach((profile, i) => {
    if ((profile.when === undefined) === (profile.conditions === undefined)) {
      errors.push(
        profiles.file.error(["profiles", i], 'a profile has either "when" or "conditions"'),
      );
    }
    profile.conditions?.forEach((condition, c) => {
      const entry = single(condition);
      const path = ["profiles", i, "conditions", c];
      if (!entry)
        errors.push(
          profiles.file.error(path, "a condition is one operator: { operator: argument }"),
        );
      else if (entry[1] === "institution")
        errors.push(profiles.file.error(path, "a profile has no institution"));
      else {
        const reason = conditionError(entry[0], entry[1], context);
        if (reason) errors.push(profiles.file.error([...path, entry[0]], reason));
      }
    });
  });
  return errors;
}

function enumerationSets(schema: ValidatedSchema): Record<string, ReadonlySet<unknown>> {
  return Object.fromEntries(
    Object.entries(schema.enumerations.value.enumerations).map(([name, options]) => [
      name,
      new Set<unknown>(options.map((o) => o.value)),
    ]),
  );
}

/** A profile's conditions as json-logic. */
export function compileProfileConditions(conditions: readonly Condition[]): Predicate {
  return { and: conditions.map((condition) => compileCondition(condition, undefined)) };
}

/** Checks every aid; `benefitIds` are the engine benefits' ids (an aid id must differ). */
export function checkAids(
  schema: ValidatedSchema,
  sources: readonly AidSource[],
  fields: FieldIndex,
  benefitIds: ReadonlySet<string>,
): SchemaError[] {
  const errors: SchemaError[] = [];
  const geography = loadGeography();
  const institutions = institutionIndex(schema);
  const profiles = new Set((schema.profiles?.value.profiles ?? []).map((p) => p.id));
  const enumerations = enumerationSets(schema);
  const seen = new Map<string, string>();

  for (const { file, path, aid, family } of sources) {
    const at = (...rest: Segment[]): Segment[] => [...path, ...rest];
    const idPath = family ? at("institution") : at("id");
    const where = `${file.rel}:${file.lineOf(path)}`;
    if (benefitIds.has(aid.id))
      errors.push(file.error(idPath, `duplicate id "${aid.id}" (an engine benefit has it)`));
    else if (seen.has(aid.id))
      errors.push(
        file.error(idPath, `duplicate aid id "${aid.id}" (first at ${seen.get(aid.id)})`),
      );
    else seen.set(aid.id, where);

    const institution = institutions.get(aid.institution);
    if (!institution)
      errors.push(
        withHint(
          file.error(at("institution"), `unknown institution "${aid.institution}"`),
          didYouMean(aid.institution, institutions.keys()),
        ),
      );
    for (const key of [
      "label",
      "description",
      "type",
      "periodicity",
      "certainty",
      "links",
    ] as const) {
      if (aid[key] === undefined) errors.push(file.error(path, `missing key "${key}"`));
    }
    errors.push(...checkCertainty(file, path, aid));
    if (aid.type === "bool") {
      if (aid.unit !== undefined) errors.push(file.error(at("unit"), "a bool aid has no unit"));
      if (aid.amount !== undefined)
        errors.push(file.error(at("amount"), "a bool aid has no amount"));
      if (aid.floorAt !== undefined)
        errors.push(file.error(at("floorAt"), "a bool aid has no amount to round"));
    } else if (aid.type === "float" && aid.unit === undefined) {
      errors.push(file.error(path, 'missing key "unit" (required for a float aid: €, %…)'));
    }
    if (aid.links?.teleserviceNeedsRegistration !== undefined && !aid.links.teleservice) {
      errors.push(
        file.error(
          at("links", "teleserviceNeedsRegistration"),
          '"teleserviceNeedsRegistration" needs a "teleservice" link',
        ),
      );
    }
    if (aid.interestFlag !== undefined) {
      const info = fields.get(`individu.${aid.interestFlag}`);
      if (!info || (info.kind !== "boolean" && info.kind !== "multi_choice")) {
        errors.push(
          file.error(
            at("interestFlag"),
            `unknown interest question "${aid.interestFlag}" (expected a yes/no or multiple-choice question about the applicant)`,
          ),
        );
      }
    }

    const context: CheckContext = { file, enumerations, institution, geography };
    const checkConditions = (conditions: readonly Condition[] | undefined, base: Segment[]) =>
      conditions?.forEach((condition, c) => {
        const entry = single(condition);
        const conditionPath = family && base[0] !== "profiles" ? path : [...base, c];
        if (!entry) {
          errors.push(
            file.error(conditionPath, "a condition is one operator: { operator: argument }"),
          );
          return;
        }
        const reason = conditionError(entry[0], entry[1], context);
        if (reason)
          errors.push(
            withHint(
              file.error([...conditionPath, entry[0]], reason),
              conditionHint(entry[0], entry[1], context),
            ),
          );
      });
    checkConditions(aid.conditions, at("conditions"));
    aid.profiles?.forEach((profile, p) => {
      if (!profiles.has(profile.profile)) {
        errors.push(
          file.error(
            at("profiles", p, "profile"),
            `unknown profile "${profile.profile}" (see schema/profiles.yaml)`,
          ),
        );
      }
      checkConditions(profile.conditions, at("profiles", p, "conditions"));
    });

    if (institution?.type === "caf") {
      const departements = (aid.conditions ?? []).flatMap((condition) => {
        const entry = single(condition);
        if (!entry || entry[0] !== "lives_in") return [];
        if (entry[1] === "institution") {
          const territory = territoryOf(institution);
          return territory?.[0] === "departements" ? territory[1] : [];
        }
        const place = single(entry[1]);
        return place?.[0] === "departements" && Array.isArray(place[1])
          ? (place[1] as string[])
          : [];
      });
      if (departements.length !== 1) {
        errors.push(
          file.error(
            at("conditions"),
            `a CAF aid names exactly one département (lives_in: { departements: [code] }), found ${departements.length}`,
          ),
        );
      }
    }
  }
  return errors;
}

function compileCondition(condition: Condition, institution: Institution | undefined): Predicate {
  const [op, arg] = Object.entries(condition)[0]!;
  if (op === "lives_in" || op === "lives_outside") {
    if (arg === "institution") {
      const [kind, codes] = territoryOf(institution)!;
      return { [op]: [kind, codes] };
    }
    const [kind, codes] = Object.entries(arg as object)[0]!;
    return { [op]: [kind, codes as string[]] };
  }
  if (VALUE_LISTS[op] !== undefined) return { [op]: [arg as string[]] };
  if (TRUE_ONLY.includes(op)) return { [op]: [] };
  return { [op]: arg as Predicate };
}

/** The json-logic eligibility: interest, then the general conditions, then one of the profiles. */
export function compileEligibility(aid: AidYaml, institution: Institution | undefined): Predicate {
  const all: Predicate[] = [];
  if (aid.interestFlag) all.push({ interest: aid.interestFlag });
  for (const condition of aid.conditions ?? []) all.push(compileCondition(condition, institution));
  if (aid.profiles && aid.profiles.length > 0) {
    const branches = aid.profiles.map((profile): Predicate =>
      profile.conditions && profile.conditions.length > 0
        ? {
            and: [
              { profile: profile.profile },
              ...profile.conditions.map((c) => compileCondition(c, institution)),
            ],
          }
        : { profile: profile.profile },
    );
    all.push({ or: branches });
  }
  return { and: all };
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function compileAid(source: AidSource, institution: Institution | undefined): Aid {
  const { aid, family } = source;
  return compact({
    id: aid.id,
    label: frenchTypography(aid.label),
    description: frenchTypography(aid.description),
    institution: aid.institution,
    type: aid.type,
    amount: aid.type === "float" ? aid.amount : undefined,
    unit: aid.unit ?? "",
    periodicity: aid.periodicity,
    legend: optionalText(aid.legend),
    floorAt: aid.floorAt,
    interestFlag: aid.interestFlag,
    priority: aid.priority,
    toCheck: aid.toCheck?.map(frenchTypography),
    certainty: aid.certainty === "counted" ? undefined : aid.certainty,
    decisive: aid.decisive?.map(frenchTypography),
    eligibility: compileEligibility(aid, institution),
    private: aid.private,
    family,
    links: compact({ ...aid.links }),
  });
}

/** The `kind:code` keys of `placeNames` that an institution's territory names. */
export function territoryPlaceKeys(institution: Institution | undefined): string[] {
  const territory = territoryOf(institution);
  return territory ? territory[1].map((code) => `${territory[0]}:${code}`) : [];
}

/** Adds to `into` the `kind:code` keys of the places `lives_in` / `lives_outside` conditions name. */
export function conditionPlaceKeys(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) conditionPlaceKeys(item, into);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  for (const [op, arg] of Object.entries(node)) {
    if ((op === "lives_in" || op === "lives_outside") && Array.isArray(arg)) {
      const [kind, codes] = arg as [PlaceKind, string[]];
      for (const code of codes) into.add(`${kind}:${code}`);
    } else {
      conditionPlaceKeys(arg, into);
    }
  }
}

/** How each place named by an eligibility reads after "habitants". */
export function placeNames(
  aids: readonly Aid[],
  institutions: readonly Institution[],
): Record<string, string> {
  const geography = loadGeography();
  // Institutions' territories too: they explain why an engine or bike aid is not offered.
  const keys = new Set(institutions.flatMap(territoryPlaceKeys));
  for (const aid of aids) conditionPlaceKeys(aid.eligibility, keys);
  return Object.fromEntries(
    [...keys]
      .sort((a, b) => a.localeCompare(b))
      .map((key) => {
        const [kind, code] = key.split(":") as [PlaceKind, string];
        return [key, frenchTypography(geography.nameAfterHabitants(kind, code))];
      }),
  );
}
