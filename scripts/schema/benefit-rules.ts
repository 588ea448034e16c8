import { checkCertainty } from "./certainty";
import { withHint, type SchemaError, type Segment } from "./errors";
import type { FieldIndex } from "./fields";
import { NATIONWIDE_TYPES, TERRITORIAL_TYPES, TERRITORY_KEY_OF_TYPE } from "./format";
import { loadGeography } from "./geography";
import type { ValidatedSchema } from "./model";
import { checkPredicate } from "./predicate-check";

const TERRITORY_KEYS = ["regions", "departements", "epcis", "communes"] as const;
/** What each territory code is, and where an editor finds the right one. */
const CODE_OF_KEY: Readonly<Record<(typeof TERRITORY_KEYS)[number], [string, string]>> = {
  regions: [
    "region code",
    "le code INSEE de la région (2 chiffres, « 84 » pour Auvergne-Rhône-Alpes)",
  ],
  departements: ["département code", "le code INSEE du département (« 74 », « 2A », « 971 »)"],
  epcis: [
    "EPCI SIREN number",
    "le numéro SIREN de l’intercommunalité (9 chiffres, sur banatic.interieur.gouv.fr)",
  ],
  communes: [
    "commune code",
    "le code INSEE de la commune, pas son code postal (« 75056 » pour Paris) ; une commune nouvelle a changé de code",
  ],
};

/**
 * Institutions: a territorial type (region, departement, epci, commune) declares its territory
 * with the list matching its type; a nationwide one declares none; a territory has one list.
 */
export function checkInstitutions(schema: ValidatedSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  for (const { file, value } of schema.institutions) {
    value.institutions.forEach((institution, i) => {
      const at = (...rest: Segment[]): Segment[] => ["institutions", i, ...rest];
      const { type, territory } = institution;
      const expectedKey = TERRITORY_KEY_OF_TYPE[type];
      if (!territory) {
        if (TERRITORIAL_TYPES.has(type)) {
          errors.push(
            file.error(
              at(),
              `missing key "territory" (a ${type} institution lists its ${expectedKey}: territory: { ${expectedKey}: [...] })`,
            ),
          );
        }
        return;
      }
      if (NATIONWIDE_TYPES.has(type)) {
        errors.push(file.error(at("territory"), `a ${type} institution has no territory`));
        return;
      }
      const keys = TERRITORY_KEYS.filter((key) => territory[key] !== undefined);
      if (keys.length !== 1) {
        errors.push(
          file.error(
            at("territory"),
            `expected exactly one of ${TERRITORY_KEYS.join(", ")}, found ${keys.length === 0 ? "none" : keys.join(", ")}`,
          ),
        );
        return;
      }
      const [key] = keys;
      const geography = loadGeography();
      territory[key!]?.forEach((code, c) => {
        if (geography.exists(key!, code)) return;
        const [what, where] = CODE_OF_KEY[key!];
        errors.push(
          withHint(
            file.error(
              at("territory", key!, c),
              `unknown ${what} "${code}" (not in the official geography the commune picker uses)`,
            ),
            `Vérifiez ${where}, sur https://www.insee.fr/fr/recherche/recherche-geographique.`,
          ),
        );
      });
      if (expectedKey !== undefined && key !== expectedKey) {
        errors.push(
          file.error(
            at("territory", key ?? ""),
            `a ${type} institution lists its territory as "${expectedKey}"`,
          ),
        );
      }
    });
  }
  return errors;
}

/**
 * Benefits: unit and type agree, a `mixed` benefit names the variable telling when 0 means
 * granted, the interest flag is a question about the applicant, the prefilter reads known fields
 * with known operators, and so do the notes' conditions. A prefilter (or a note) runs once the whole questionnaire is answered: it may read any
 * question, and `self` is the applicant.
 */
export function checkBenefits(
  schema: ValidatedSchema,
  fields: FieldIndex,
  parameters: ReadonlySet<string>,
): SchemaError[] {
  const errors: SchemaError[] = [];
  const incomeTypes = new Map(schema.incomes.value.types.map((type) => [type.id, type]));
  const benefitIds = new Set(
    schema.benefits.flatMap(({ value }) => (value.benefits ?? []).map((benefit) => benefit.id)),
  );
  for (const { file, value } of schema.benefits) {
    (value.benefits ?? []).forEach((benefit, b) => {
      const at = (...rest: Segment[]): Segment[] => ["benefits", b, ...rest];
      errors.push(...checkCertainty(file, at(), benefit));
      if (benefit.type === "bool" && benefit.unit !== undefined) {
        errors.push(file.error(at("unit"), "a bool benefit has no unit"));
      }
      if (benefit.type !== "bool" && benefit.unit === undefined) {
        errors.push(
          file.error(at(), `missing key "unit" (required for a ${benefit.type} benefit: €, %…)`),
        );
      }
      if (benefit.type === "mixed" && benefit.engine.eligibleAtZero === undefined) {
        errors.push(
          file.error(
            at("engine"),
            'missing key "eligibleAtZero" (a mixed benefit names the boolean variable under which 0 means granted)',
          ),
        );
      }
      if (benefit.type !== "mixed" && benefit.engine.eligibleAtZero !== undefined) {
        errors.push(
          file.error(at("engine", "eligibleAtZero"), '"eligibleAtZero" is only for mixed benefits'),
        );
      }
      if (benefit.paidTo !== undefined && benefit.engine.entity !== "familles") {
        errors.push(
          file.error(
            at("paidTo"),
            '"paidTo" is only for familles benefits (computed on the parents\' famille)',
          ),
        );
      }
      if (benefit.type !== "float" && benefit.engine.settled !== undefined) {
        errors.push(
          file.error(at("engine", "settled"), '"settled" is only for float benefits (an amount)'),
        );
      }
      if (benefit.links.teleserviceNeedsRegistration !== undefined && !benefit.links.teleservice) {
        errors.push(
          file.error(
            at("links", "teleserviceNeedsRegistration"),
            '"teleserviceNeedsRegistration" needs a "teleservice" link',
          ),
        );
      }
      if (benefit.interestFlag !== undefined) {
        const info = fields.get(`individu.${benefit.interestFlag}`);
        if (!info) {
          errors.push(
            file.error(
              at("interestFlag"),
              `unknown interest question "${benefit.interestFlag}" (expected a question about the applicant)`,
            ),
          );
        } else if (info.kind !== "boolean" && info.kind !== "multi_choice") {
          errors.push(
            file.error(
              at("interestFlag"),
              `interest question "${benefit.interestFlag}" is a ${info.kind}, expected a boolean or a multi_choice`,
            ),
          );
        }
      }
      if (benefit.prefilter !== undefined) {
        const result = checkPredicate(benefit.prefilter, file, at("prefilter"), {
          fields,
          parameters,
          selfAllowed: true,
        });
        errors.push(...result.errors);
      }
      if (benefit.countedWhen !== undefined) {
        if ((benefit.certainty ?? "counted") === "counted")
          errors.push(
            file.error(
              at("countedWhen"),
              '"countedWhen" makes a result to verify or on application counted: it needs a "certainty" other than counted',
            ),
          );
        const result = checkPredicate(benefit.countedWhen, file, at("countedWhen"), {
          fields,
          parameters,
          selfAllowed: true,
        });
        errors.push(...result.errors);
      }
      (benefit.receivedAs ?? []).forEach((id, r) => {
        const type = incomeTypes.get(id);
        if (!type) errors.push(file.error(at("receivedAs", r), `unknown income type "${id}"`));
        else if (benefit.type === "bool" || benefit.engine.period !== "month")
          errors.push(
            file.error(
              at("receivedAs"),
              '"receivedAs" is only for monthly amounts (float or mixed)',
            ),
          );
      });
      (benefit.reduces?.benefits ?? []).forEach((id, r) => {
        if (!benefitIds.has(id) || id === benefit.id)
          errors.push(file.error(at("reduces", "benefits", r), `unknown engine benefit "${id}"`));
      });
      if (
        benefit.presumedReceived &&
        !schema.incomes.value.types.some((type) => type.engine.variable === benefit.engine.variable)
      )
        errors.push(
          file.error(
            at("presumedReceived"),
            "no income type has this benefit's variable: nothing to presume received",
          ),
        );
      (benefit.notes ?? []).forEach((note, n) => {
        const result = checkPredicate(note.when, file, at("notes", n, "when"), {
          fields,
          parameters,
          selfAllowed: true,
        });
        errors.push(...result.errors);
      });
    });
  }
  return errors;
}
