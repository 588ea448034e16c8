import { z } from "zod";
import { withHint, type SchemaError, type Segment } from "./errors";
import type { SourceFile } from "./load";
import { GUESS_RULES } from "../../src/domain/guess-rules";
import { CERTAINTIES } from "../../src/domain/bundle";
import { didYouMean } from "./suggest";

/** Ids, field names and enumeration names. Step ids may be dotted (`menage.loyer`). */
const name = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an identifier");
const dottedId = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, "expected an id");
const text = z.string().min(1, "expected a non-empty text");
const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a date YYYY-MM-DD");
/** Checked separately by predicates.ts, which knows the json-logic vocabulary. */
const predicate = z.unknown();
const optionValue = z.union([z.string(), z.number()], { error: "expected a string or a number" });

export const FIELD_KINDS = [
  "date",
  "boolean",
  "choice",
  "multi_choice",
  "number",
  "money",
  "monthly_amounts",
  "commune",
  "text",
  "email",
  "phone",
] as const;
export const CHOICE_KINDS: ReadonlySet<string> = new Set(["choice", "multi_choice"]);
export const COMMUNE_PROPERTIES = [
  "code_insee",
  "code_postal",
  "nom",
  "departement",
  "region",
  "epci",
];
export const SUBJECTS = [
  "menage",
  "famille",
  "parents",
  "enfants",
  "individu/demandeur",
  "individu/conjoint",
] as const;
export const SPECIALS = ["income_types", "income_amounts", "children_list"] as const;
/** HTML autocomplete tokens a field may declare (WCAG 1.3.5, personal data of the visitor). */
export const AUTOCOMPLETE = ["given-name", "family-name", "email", "tel", "bday"] as const;

const enumerationOption = z.strictObject({ value: optionValue, label: text });
const fieldOption = z.strictObject({ value: optionValue, label: text, when: predicate.optional() });

export const ENGINE_STABILITIES = ["last_3_months", "current_month"] as const;

const engineMapping = z.strictObject({
  variable: name,
  period: z.enum(["eternity", "month", "year", "fiscal_year", "as_answered"]),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  property: z.enum(COMMUNE_PROPERTIES).optional(),
  /** `months_before_value_date`: a number of months answered becomes the date that many months ago. */
  convert: z.enum(["months_before_value_date"]).optional(),
  /**
   * Monthly variables only (required there): `last_3_months` when the answer also holds for the
   * 3 months before (copied there for the engine), `current_month` when it is sent for the current
   * month only.
   */
  stable: z.enum(ENGINE_STABILITIES).optional(),
});

/** A derived value: a constant, or a further table on another answer. */
export type DerivedValueYaml = string | number | boolean | null | DerivedTableYaml;
export interface DerivedTableYaml {
  from: string;
  map: Record<string, DerivedValueYaml>;
  otherwise?: DerivedValueYaml;
}
const derivedValue: z.ZodType<DerivedValueYaml> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), derivedTable], {
    error: "expected a value, or a table { from, map, otherwise? }",
  }),
);
/**
 * A table from the answers to one field (`from`, of the same entity) to values; `otherwise` is the
 * value for the other answers and for no answer (null: leave the value unset). Without `otherwise`,
 * every answer must be in `map`.
 */
const derivedTable = z.strictObject({
  from: name,
  map: z.record(z.string(), derivedValue),
  otherwise: derivedValue.optional(),
});

const question = z.union(
  [
    text,
    z.strictObject({
      demandeur: text.optional(),
      conjoint: text.optional(),
      enfant: text.optional(),
    }),
  ],
  { error: "expected a text or a map by role (demandeur, conjoint, enfant)" },
);

const field = z.strictObject({
  name,
  kind: z.enum(FIELD_KINDS),
  question,
  hint: text.optional(),
  help: text.optional(),
  enum: name.optional(),
  options: z.array(fieldOption).min(1).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** A number field that takes whole numbers only (months, children). */
  integer: z.boolean().optional(),
  optional: z.boolean().optional(),
  /** The value the form starts with, and the one the situation assumes while unanswered. */
  default: optionValue.optional(),
  /** `local`: kept in the visitor's browser only, never sent with the simulation. */
  storage: z.enum(["local"]).optional(),
  autocomplete: z.enum(AUTOCOMPLETE).optional(),
  engine: engineMapping.optional(),
});

const step = z.strictObject({
  id: dottedId,
  path: z
    .string()
    .regex(/^[A-Za-z0-9_{}.-]+(\/[A-Za-z0-9_{}.-]+)*$/, "expected a relative path like a/{id}/b")
    .optional(),
  subject: z.enum(SUBJECTS).optional(),
  chapter: name.optional(),
  title: text.optional(),
  when: predicate.optional(),
  special: z.enum(SPECIALS).optional(),
  fields: z.array(field),
});

export const blockFile = z.strictObject({
  block: name,
  kind: z.enum(["person", "household"]),
  steps: z.array(step).min(1),
});

export const chaptersFile = z.strictObject({
  chapters: z
    .array(z.strictObject({ id: name, label: text, computeAhead: z.literal(true).optional() }))
    .min(1),
});

export const enumerationsFile = z.strictObject({
  enumerations: z.record(name, z.array(enumerationOption).min(1)),
  /** Enumerations no field offers, read by the application itself (not reported as unused). */
  readByApplication: z.array(name).optional(),
});

export const parametersFile = z.strictObject({
  parameters: z.array(z.strictObject({ name, openfisca: z.string().min(1), fallback: z.number() })),
});

const guessEffect = z.enum(["possible", "check"]);

/** An input the mapping guesses, and its effect on the aids (docs/schema-format.md "Guessed inputs"). */
const guess = z.strictObject({
  id: name,
  input: z.union(
    [z.strictObject({ rule: z.enum(GUESS_RULES) }), z.strictObject({ derived: name })],
    { error: `expected { rule: ${GUESS_RULES.join(" | ")} } or { derived: <attribute> }` },
  ),
  aids: z
    .strictObject({
      conditions: z.array(name).min(1),
      granted: guessEffect,
      excluded: z.enum(["possible"]),
    })
    .optional(),
  bikeAids: z
    .strictObject({
      bounds: z.strictObject({ rfr: z.tuple([z.number().min(0), z.number().min(0)]) }),
      granted: guessEffect,
      excluded: z.enum(["possible"]),
      /** What the amount depends on, shown beside it. */
      condition: text,
    })
    .optional(),
  label: text.optional(),
  reason: text.optional(),
  toCheck: text.optional(),
  links: z
    .array(z.strictObject({ label: text, url: text }))
    .min(1)
    .optional(),
});

export const journeyFile = z.strictObject({
  journey: z
    .array(
      z.strictObject({
        block: name,
        for: z.enum(["demandeur", "conjoint", "enfants"]).optional(),
        chapter: name,
        when: predicate.optional(),
      }),
    )
    .min(1),
  derived: z
    .array(
      z.strictObject({
        entity: z.enum(["individu", "famille", "menage", "parents"]),
        /** `individu` only: set on this person of the journey only. */
        for: z.enum(["demandeur", "conjoint", "enfants"]).optional(),
        /** The household entity whose answers the tables read (default: `entity`). */
        reads: z.enum(["famille", "menage", "parents"]).optional(),
        attribute: name,
        /** Sent to the engine when given; else read by the aids' operators and the interests. */
        engine: engineMapping.optional(),
        /** The enumeration every value of the table belongs to. */
        enum: name.optional(),
        /** A constant: the value whatever the answers, instead of a table (`from`, `map`). */
        value: z.union([z.string(), z.number(), z.boolean()]).optional(),
        from: name.optional(),
        map: derivedTable.shape.map.optional(),
        otherwise: derivedTable.shape.otherwise,
      }),
    )
    .optional(),
  guesses: z.array(guess).optional(),
});

/** A label, or labels tried in order, each but the last under a condition (the last is the default). */
const incomeLabel = z.union(
  [text, z.array(z.strictObject({ text, when: predicate.optional() })).min(2)],
  { error: "expected a text or a list of { text, when } (at least two)" },
);

export const incomesFile = z.strictObject({
  categories: z.array(z.strictObject({ id: name, label: text })).min(1),
  types: z.array(
    z.strictObject({
      id: name,
      category: name,
      label: incomeLabel,
      when: predicate.optional(),
      /** Not offered on the income types screen (docs/product.md §3: asked elsewhere). */
      hidden: z.boolean().optional(),
      periodKind: z.enum(["monthly", "one_off", "annual"]),
      /** The engine entity of the variable; a famille variable sums the amounts of its members. */
      engine: z.strictObject({
        variable: name,
        entity: z.enum(["individu", "famille"]).optional(),
      }),
      /** Further questions about this income, asked on its amounts screen. */
      fields: z.array(field).min(1).optional(),
    }),
  ),
});

export const INSTITUTION_TYPES = [
  "national",
  "region",
  "departement",
  "epci",
  "commune",
  "caf",
  "msa",
  "autre",
  "europeen",
] as const;
/** Types that cover a part of France only: they must declare their territory. */
export const TERRITORIAL_TYPES: ReadonlySet<string> = new Set([
  "region",
  "departement",
  "epci",
  "commune",
]);
/** Types that cover the whole country: they may not declare a territory. */
export const NATIONWIDE_TYPES: ReadonlySet<string> = new Set(["national", "europeen"]);
/** The territory key a territorial type must use. */
export const TERRITORY_KEY_OF_TYPE: Readonly<Record<string, string>> = {
  region: "regions",
  departement: "departements",
  epci: "epcis",
  commune: "communes",
};

const codes = (pattern: RegExp, what: string) =>
  z.array(z.string().regex(pattern, `expected ${what}`)).min(1, "expected at least one code");

/** Where a territorial institution acts: exactly one list of codes (checked by references.ts). */
const territory = z.strictObject({
  /** INSEE region codes ("84"). */
  regions: codes(/^\d{2}$/, "an INSEE region code (2 digits)").optional(),
  /** INSEE department codes ("22", "2A", "971"). */
  departements: codes(/^(\d{2}|2[AB]|97\d)$/, "an INSEE department code").optional(),
  /** SIREN numbers of EPCIs ("243500139"). */
  epcis: codes(/^\d{9}$/, "an EPCI SIREN number (9 digits)").optional(),
  /** INSEE commune codes ("75056", "2A004"). */
  communes: codes(/^(\d{5}|2[AB]\d{3})$/, "an INSEE commune code (5 characters)").optional(),
});

export const institutionsFile = z.strictObject({
  institutions: z.array(
    z.strictObject({
      id: name,
      label: text,
      type: z.enum(INSTITUTION_TYPES),
      /** INSEE code of a region, département or commune ("84", "74", "75056"; "6AE" for Alsace). */
      insee: z
        .string()
        .regex(/^[0-9A-Z]{2,5}$/, "expected an INSEE code")
        .optional(),
      /** SIREN number ("243400017"). */
      siren: z
        .string()
        .regex(/^\d{9}$/, "expected a SIREN number (9 digits)")
        .optional(),
      territory: territory.optional(),
    }),
  ),
});

const url = z.url({ error: "expected a URL" });

const links = z.strictObject({
  information: url.optional(),
  form: url.optional(),
  teleservice: url.optional(),
  instructions: url.optional(),
  teleservicePrefill: url.optional(),
  teleserviceNeedsRegistration: z.boolean().optional(),
});

const PERIODICITIES = ["mensuelle", "annuelle", "ponctuelle", "autre"] as const;

/** A condition of an aid: one domain operator (checked by aids.ts). */
const condition = z.record(z.string(), z.unknown());
const profileRef = z.strictObject({ profile: name, conditions: z.array(condition).optional() });

export const BENEFIT_TYPES = ["float", "bool", "mixed"] as const;

export const benefitsFile = z.strictObject({
  benefits: z
    .array(
      z.strictObject({
        id: name,
        label: text,
        description: text,
        institution: name,
        engine: z.strictObject({
          variable: name,
          entity: z.enum(["individus", "familles", "foyers_fiscaux", "menages"]),
          period: z.enum(["month", "year"]),
          /** `mixed` only: a boolean variable (same entity and period) under which 0 means granted. */
          eligibleAtZero: name.optional(),
          /**
           * `float` only: what the amount becomes once the aids claimed with it are paid, where
           * the amount of the first months leaves them out (docs/engine-notes.md, "No past
           * entitlement"). `variable` is read at the same entity and period; under `minimumPaid`
           * nothing is paid; `after` ends the visitor's sentence ("Ensuite, environ 315 € par
           * mois {after}.").
           */
          settled: z
            .strictObject({
              variable: name,
              minimumPaid: z.number().nonnegative().optional(),
              after: text,
              /**
               * Variables of the same entity that must be the same (within a euro) in the current
               * month and each of the 3 before: otherwise the two amounts differ for another
               * reason than the aids (the earnings changed), and nothing is said.
               */
              unchanged: z.array(name).optional(),
              /** First value date (YYYY-MM-DD) the engine can compute `variable`: not asked before. */
              since: isoDate.optional(),
            })
            .optional(),
          /**
           * First value date (YYYY-MM-DD) the engine can compute it: its parameters start then, and
           * asking for it at an earlier date fails the whole computation. Not asked before.
           */
          since: isoDate.optional(),
        }),
        type: z.enum(BENEFIT_TYPES),
        /** `€`, `%`, `séances`…; omitted when the benefit has no amount (bool). */
        unit: text.optional(),
        periodicity: z.enum(PERIODICITIES),
        legend: text.optional(),
        interestFlag: name.optional(),
        /** Checked like a step's `when`, with `self` the applicant. */
        prefilter: predicate.optional(),
        /** Results are listed by priority (lower first), then by label. */
        priority: z.number().int().optional(),
        /** Conditions the simulator does not model, for the visitor to check (detail page). */
        toCheck: z.array(text).min(1).optional(),
        ...certaintyKeys(),
        /**
         * With `certainty` not counted: the answers that decide the `decisive` conditions (read like
         * a prefilter, `self` the applicant). When it holds, the result is counted.
         */
        countedWhen: predicate.optional(),
        /**
         * Sentences shown with the result when their predicate holds (`self` the applicant, read
         * once the questionnaire is over, like a prefilter): why the amount is what it is.
         */
        notes: z
          .array(z.strictObject({ when: predicate, text }))
          .min(1)
          .optional(),
        /**
         * `familles` benefits paid to a dependent applicant's parents for the applicant (the bourse
         * de lycée): computed on the parents' household, with the applicant as its child, and
         * shown with `label` (« Versée à vos parents »). An applicant who is nobody's dependant
         * gets it on their own household, as a parent.
         */
        paidTo: z.strictObject({ who: z.enum(["parents"]), label: text }).optional(),
        /**
         * Income types (`schema/incomes.yaml`) whose declaration means the benefit is already
         * received, beside the income type of the benefit's own variable (matched without being
         * named): the student grant declared as « Bourse de l'enseignement supérieur ».
         */
        receivedAs: z.array(name).min(1).optional(),
        /**
         * Benefits whose amount falls when this one is paid (it counts in their resources): the
         * results count the net effect, and show `text` with the result.
         */
        reduces: z.strictObject({ benefits: z.array(name).min(1), text }).optional(),
        /**
         * Paid to whoever the engine finds eligible, without a means test (the family
         * allowances from the 2nd child): left unticked among the incomes, it is not taken as not
         * received over the past months, which are left to the engine (docs/adr/0013).
         */
        presumedReceived: z.literal(true).optional(),
        /** The amount reads the N-2 taxable incomes or the patrimoine: the detail page says so. */
        dependsOn: z
          .array(z.enum(["ressources_fiscales", "patrimoine"]))
          .min(1)
          .optional(),
        links,
      }),
    )
    .optional(),
  aids: z.array(z.strictObject({ id: name, institution: name, ...aidKeys() })).optional(),
});

/** `aids/<kind>/<institution>.yaml`: the condition-based aids of one institution (ADR 0006). */
export const aidsFile = z.strictObject({
  aids: z.array(z.strictObject({ id: name, institution: name, ...aidKeys() })).min(1),
});

/**
 * How sure a result is (docs/schema-format.md, "Certainty"): `counted` when the answers decide it,
 * `to_verify` when a decisive condition is not asked, `on_application` when a jury, a commission or
 * a fund decides case by case. `decisive` states in full the conditions the answers do not decide;
 * the checks of `scripts/schema/certainty.ts` tie the two together.
 */
function certaintyKeys() {
  return {
    certainty: z.enum(CERTAINTIES).optional(),
    decisive: z.array(text).min(1).optional(),
  };
}

/** The keys of a condition-based aid but its id and institution (shared with family templates). */
function aidKeys() {
  return {
    label: text,
    description: text,
    type: z.enum(["float", "bool"]),
    amount: z.number().nonnegative().optional(),
    unit: text.optional(),
    periodicity: z.enum(PERIODICITIES),
    legend: text.optional(),
    floorAt: z.number().positive().optional(),
    interestFlag: name.optional(),
    priority: z.number().optional(),
    /** Conditions the simulator does not model, for the visitor to check (detail page). */
    toCheck: z.array(text).min(1).optional(),
    ...certaintyKeys(),
    conditions: z.array(condition).optional(),
    profiles: z.array(profileRef).min(1, "expected at least one profile").optional(),
    private: z.literal(true).optional(),
    links,
  };
}

export const familyFile = z.strictObject({
  family: name,
  template: z.strictObject(aidKeys()).partial({ links: true }),
  members: z
    .array(
      z
        .strictObject({ institution: name, ...aidKeys() })
        .partial()
        .required({ institution: true }),
    )
    .min(1, "expected at least one member"),
});

export const profilesFile = z.strictObject({
  profiles: z.array(
    z.strictObject({
      id: name,
      label: text,
      when: predicate.optional(),
      conditions: z.array(condition).min(1, "expected at least one condition").optional(),
    }),
  ),
});

export const bikeAidsFile = z.strictObject({
  bikeAids: z.strictObject({
    /** `{collectivite}` is replaced by the collectivity's name. */
    label: text,
    interestFlag: name,
    periodicity: z.enum(PERIODICITIES),
    legend: text.optional(),
    /** Our bike types (the interest question's values) → the package's `vélo . type`. */
    types: z.record(z.string(), text),
    /** `activite` values → the package's `demandeur . statut` (default `autre`). */
    statuses: z.record(z.string(), text),
  }),
});

export const groupsFile = z.strictObject({
  groups: z.array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lowercase id with dashes"),
      label: text,
      description: text,
      /** The results shown together share this interest flag. */
      interestFlag: name,
    }),
  ),
});

const resultId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lowercase id with dashes");
/** Benefit, aid and bike aid ids (checked against the catalogue by compile.ts). */
const resultIds = z.array(name).min(1);

export const resultsFile = z.strictObject({
  /** The parts of the results page, in order; the last one takes every result left. */
  categories: z
    .array(
      z.strictObject({
        id: resultId,
        label: text,
        /** The total its amounts add to; `none`: shown without being added. */
        total: z.enum(["mensuel", "annuel", "ponctuel", "none"]),
        sort: z.enum(["amount", "label"]),
        compact: z.literal(true).optional(),
        match: z
          .strictObject({
            units: z.array(z.string()).min(1).optional(),
            periodicities: z.array(z.enum(PERIODICITIES)).min(1).optional(),
            legends: z.array(z.string()).min(1).optional(),
          })
          .optional(),
        /** Results that fall into it whatever they are. */
        ids: resultIds.optional(),
      }),
    )
    .min(1),
  /** The themes of the results filter, in the filter's order. */
  themes: z
    .array(
      z.strictObject({
        id: resultId,
        label: text,
        ids: resultIds.optional(),
        interestFlags: z.array(name).min(1).optional(),
        keywords: z.array(text).min(1).optional(),
      }),
    )
    .min(1),
  /** The theme of a result no theme claims. */
  defaultTheme: resultId,
  /** Results that cannot be received together. */
  exclusions: z.array(
    z.strictObject({
      id: resultId,
      /** Each option: the results received together if the visitor takes it. */
      options: z.array(resultIds).min(2),
      /** A result of the option the visitor would take; else the option worth the most. */
      preferred: name.optional(),
      /** Why, in French, shown beside the choice. */
      reason: text,
    }),
  ),
  /**
   * The sections of the results that are never added to a total (docs/schema-format.md,
   * "Certainty"), after the categories: their heading, the sentence under it, the card's badge and
   * the heading of the conditions it lists in full.
   */
  certainty: z.strictObject({
    to_verify: certaintySection(),
    on_application: certaintySection(),
  }),
});

function certaintySection() {
  return z.strictObject({ label: text, intro: text, badge: text, conditions: text });
}

const unexpectedPage = z.strictObject({ title: text, paragraphs: z.array(text).min(1) });

export const unexpectedFile = z.strictObject({
  /** Shown for every benefit. */
  generic: unexpectedPage,
  /** Keyed by benefit id. */
  benefits: z.record(z.string(), unexpectedPage),
});

/** Directory place types (`type_service_local` of the API Annuaire de l’administration). */
const placeTypes = z
  .array(z.string().regex(/^[a-z0-9_-]+$/, "expected a directory place type"))
  .min(1);

export const placesFile = z.strictObject({
  /** Keyed by institution id; wins over the institution's type. */
  byInstitution: z.record(z.string(), placeTypes).default({}),
  /** Keyed by institution type. */
  byInstitutionType: z.partialRecord(z.enum(INSTITUTION_TYPES), placeTypes).default({}),
  /** For the other benefits. */
  default: placeTypes,
});

export type BlockFile = z.infer<typeof blockFile>;
export type StepYaml = BlockFile["steps"][number];
export type FieldYaml = StepYaml["fields"][number];
export type IncomeTypeYaml = IncomesFile["types"][number];
export type ChaptersFile = z.infer<typeof chaptersFile>;
export type EnumerationsFile = z.infer<typeof enumerationsFile>;
export type ParametersFile = z.infer<typeof parametersFile>;
export type JourneyFile = z.infer<typeof journeyFile>;
export type IncomesFile = z.infer<typeof incomesFile>;
export type InstitutionsFile = z.infer<typeof institutionsFile>;
export type BenefitsFile = z.infer<typeof benefitsFile>;
export type AidsFile = z.infer<typeof aidsFile>;
export type InstitutionYaml = InstitutionsFile["institutions"][number];
export type BenefitYaml = NonNullable<BenefitsFile["benefits"]>[number];
export type AidYaml = NonNullable<BenefitsFile["aids"]>[number];
export type FamilyFile = z.infer<typeof familyFile>;
export type ProfilesFile = z.infer<typeof profilesFile>;
export type BikeAidsFile = z.infer<typeof bikeAidsFile>;
export type GroupsFile = z.infer<typeof groupsFile>;
export type ResultsFile = z.infer<typeof resultsFile>;
export type UnexpectedFile = z.infer<typeof unexpectedFile>;
export type PlacesFile = z.infer<typeof placesFile>;

/** A validated file: its typed content and where it came from. */
export interface Parsed<T> {
  file: SourceFile;
  value: T;
}

export function validate<T>(
  file: SourceFile,
  schema: z.ZodType<T>,
): { parsed?: Parsed<T>; errors: SchemaError[] } {
  const result = schema.safeParse(file.data);
  if (result.success) return { parsed: { file, value: result.data }, errors: [] };
  const errors = flattenIssues(result.error.issues, []).map(({ path, linePath, reason, key }) =>
    withHint(
      file.error(path, reason, linePath),
      key === undefined ? undefined : didYouMean(key, keysAt(schema, path, file.data)),
    ),
  );
  return { errors };
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
}

/** The keys an object at `path` may have, following the format down the data. */
function keysAt(schema: z.ZodType, path: readonly Segment[], data: unknown): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const inner = def.innerType ?? def.in;
  if (inner) return keysAt(inner, path, data);
  if (def.type === "union")
    return [...new Set((def.options ?? []).flatMap((option) => keysAt(option, path, data)))];
  const [head, ...rest] = path;
  if (head === undefined) return def.type === "object" ? Object.keys(def.shape ?? {}) : [];
  const child = (data as Record<string | number, unknown> | undefined)?.[head];
  if (def.type === "object") {
    const next = def.shape?.[String(head)];
    return next ? keysAt(next, rest, child) : [];
  }
  if (def.type === "array" && def.element) return keysAt(def.element, rest, child);
  if (def.type === "record" && def.valueType) return keysAt(def.valueType, rest, child);
  return [];
}

interface FlatIssue {
  path: Segment[];
  linePath: Segment[];
  reason: string;
  /** An unknown key, for "did you mean". */
  key?: string;
}

function flattenIssues(issues: readonly z.core.$ZodIssue[], prefix: Segment[]): FlatIssue[] {
  return issues.flatMap((issue): FlatIssue[] => {
    const path = [...prefix, ...issue.path.map((segment) => segmentOf(segment))];
    switch (issue.code) {
      case "unrecognized_keys":
        return issue.keys.map((key) => ({
          path,
          linePath: [...path, key],
          reason: `unknown key "${key}"`,
          key,
        }));
      case "invalid_union": {
        // Report the branch that got past the type test (e.g. a role map with a bad key) when
        // there is one; otherwise the union's own message.
        const branch = issue.errors.find(
          (errors) =>
            !errors.some((error) => error.path.length === 0 && error.code === "invalid_type"),
        );
        if (branch) return flattenIssues(branch, path);
        return [{ path, linePath: path, reason: issue.message }];
      }
      case "invalid_type": {
        if (/received undefined$/.test(issue.message) && path.length > 0) {
          const parent = path.slice(0, -1);
          return [
            { path: parent, linePath: parent, reason: `missing key "${String(path.at(-1))}"` },
          ];
        }
        return [{ path, linePath: path, reason: issue.message.replace(/^Invalid input: /, "") }];
      }
      default:
        return [{ path, linePath: path, reason: issue.message }];
    }
  });
}

function segmentOf(segment: PropertyKey): Segment {
  return typeof segment === "number" ? segment : String(segment);
}
