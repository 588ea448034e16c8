/**
 * The conditions of a condition-based aid in plain French, without any visitor's facts: what
 * `/aides/:benefitId` lists under "Conditions" ("Avoir entre 16 et 25 ans.", "Habiter la
 * Haute-Savoie."). One sentence per operator of `./operators.ts`, with the compiled arguments
 * (`{ lives_in: ["departements", ["74"]] }`). Also which places an aid is open to, for the
 * postcode filter of `/aides`.
 */
import type { Bundle, Catalogue, ChoiceOption, Predicate, Territory } from "../bundle";
import type { EnumerationValue } from "../schema-names";
import type { Commune } from "../types";

/** "Autre régime ou je ne sais pas": an answer of the scheme question, not a scheme. */
const OTHER_SCHEME = "autre" satisfies EnumerationValue<"regime_securite_sociale">;

/** A no-break space, before `:` and inside « » (French typography). */
const NBSP = "\u00A0";

/** Above this many places, they are listed one per line rather than in the sentence. */
const INLINE_PLACES = 4;

/** What the descriptions read: labels and names, never a visitor's answers. */
export interface DescribeContext {
  enumerations: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** `"departements:74"` → `"de la Haute-Savoie"` (`Catalogue.placeNames`). */
  placeNames: Readonly<Record<string, string>>;
  /** Profile id → label completing "réservée aux …" (`lycéens et lycéennes`). */
  profileLabels: Readonly<Record<string, string>>;
  /** Interest flag (`_interetBafa`) → its question, as the applicant is asked it. */
  interestQuestions: Readonly<Record<string, string>>;
}

/** One condition: a sentence, and the items it introduces (a list of places, of profiles…). */
export interface ConditionDescription {
  text: string;
  items?: ConditionDescription[];
}

/** The description context of a bundle and its catalogue. */
export function describeContext(
  bundle: Pick<Bundle, "enumerations" | "profiles" | "blocks">,
  catalogue: Pick<Catalogue, "placeNames">,
): DescribeContext {
  const interestQuestions: Record<string, string> = {};
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      for (const field of step.fields) {
        if (!field.name.startsWith("_interet") || interestQuestions[field.name]) continue;
        const question =
          typeof field.question === "string" ? field.question : field.question.demandeur;
        if (question) interestQuestions[field.name] = question;
      }
    }
  }
  return {
    enumerations: bundle.enumerations,
    placeNames: catalogue.placeNames,
    profileLabels: Object.fromEntries(bundle.profiles.map((p) => [p.id, p.label])),
    interestQuestions,
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** "a", "a ou b", "a, b ou c". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;
}

function lowerFirst(text: string): string {
  // Keep acronyms and proper names ("BTS", "CAP", "MSA") as they are.
  return /^[A-ZÀ-Ý][a-zà-ÿ]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function optionLabel(context: DescribeContext, enumeration: string, value: string): string {
  const option = context.enumerations[enumeration]?.find((o) => o.value === value);
  return lowerFirst(option ? option.label : value);
}

function optionLabels(context: DescribeContext, enumeration: string, values: unknown): string {
  return orList(strings(values).map((value) => optionLabel(context, enumeration, value)));
}

function euros(amount: number): string {
  const text = amount.toLocaleString("fr-FR", {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${text.replace(/\s/g, NBSP)}${NBSP}€`;
}

function years(age: unknown): string {
  return `${String(age)}${NBSP}ans`;
}

const COMPARISON: Record<string, string> = {
  "<=": "inférieur ou égal à",
  "<": "inférieur à",
  ">=": "supérieur ou égal à",
  ">": "supérieur à",
};

type PlaceKind = "regions" | "departements" | "epcis" | "communes" | "postcodes";

/**
 * A place as the object of "habiter": `de la Haute-Savoie` → `la Haute-Savoie`, `du Nord` →
 * `le Nord`, `d’Annecy` → `Annecy` (but `d’Ille-et-Vilaine`, a département, → `l’Ille-et-Vilaine`).
 */
export function placeName(
  placeNames: Readonly<Record<string, string>>,
  kind: string,
  code: string,
): string {
  const name = placeNames[`${kind}:${code}`];
  if (kind === "postcodes") return code;
  if (name === undefined) return FALLBACK_NAMES[kind as PlaceKind]?.(code) ?? code;
  if (name.startsWith("de la ")) return name.slice(3);
  if (name.startsWith("de l’")) return name.slice(3);
  if (name.startsWith("du ")) return `le ${name.slice(3)}`;
  if (name.startsWith("des ")) return `les ${name.slice(4)}`;
  if (name.startsWith("d’")) return kind === "departements" ? `l’${name.slice(2)}` : name.slice(2);
  if (name.startsWith("de ")) return name.slice(3);
  return name;
}

const FALLBACK_NAMES: Record<PlaceKind, (code: string) => string> = {
  regions: (code) => `la région ${code}`,
  departements: (code) => `le département ${code}`,
  epcis: (code) => `l’intercommunalité ${code}`,
  communes: (code) => `la commune ${code}`,
  postcodes: (code) => code,
};

/** "l’une de ces communes", as the object of "habiter". */
const ONE_OF: Record<PlaceKind, string> = {
  regions: "l’une de ces régions",
  departements: "l’un de ces départements",
  epcis: "l’une de ces intercommunalités",
  communes: "l’une de ces communes",
  postcodes: "une commune de l’un de ces codes postaux",
};

function places(
  context: DescribeContext,
  verb: string,
  kind: unknown,
  codes: unknown,
): ConditionDescription {
  const list = strings(codes);
  const names = list.map((code) => placeName(context.placeNames, String(kind), code));
  if (kind === "postcodes" && names.length <= INLINE_PLACES) {
    return {
      text: `${verb} une commune ${names.length > 1 ? "dont le code postal est" : "du code postal"} ${orList(names)}.`,
    };
  }
  if (names.length <= INLINE_PLACES) return { text: `${verb} ${orList(names)}.` };
  const what = ONE_OF[kind as PlaceKind] ?? "l’un de ces territoires";
  return { text: `${verb} ${what}${NBSP}:`, items: names.map((name) => ({ text: name })) };
}

/** "Habiter la Haute-Savoie.": where an institution acts. */
export function describeTerritory(
  territory: Territory,
  placeNames: Readonly<Record<string, string>>,
): ConditionDescription {
  const [kind, codes] = Object.entries(territory)[0] ?? ["communes", []];
  return places(
    { enumerations: {}, placeNames, profileLabels: {}, interestQuestions: {} },
    "Habiter",
    kind,
    codes,
  );
}

type Describe = (context: DescribeContext, ...args: unknown[]) => ConditionDescription;

const sentence = (text: string): ConditionDescription => ({ text });

/** One description per operator of `./operators.ts`. */
export const DESCRIPTIONS: Readonly<Record<string, Describe>> = {
  age_between(_context, min, max) {
    if (typeof min === "number" && typeof max === "number") {
      return sentence(
        min === max ? `Avoir ${years(min)}.` : `Avoir entre ${min} et ${years(max)}.`,
      );
    }
    if (typeof min === "number") return sentence(`Avoir ${years(min)} ou plus.`);
    if (typeof max === "number") return sentence(`Avoir ${years(max)} ou moins.`);
    return sentence("Avoir n’importe quel âge.");
  },

  lives_in: (context, kind, codes) => places(context, "Habiter", kind, codes),

  lives_outside: (context, kind, codes) => places(context, "Ne pas habiter", kind, codes),

  study_year: (context, values) =>
    sentence(`Être en ${optionLabels(context, "annee_etude", values)}.`),

  bac_mention: (context, values) =>
    sentence(
      `Avoir obtenu le baccalauréat avec la ${optionLabels(context, "mention_baccalaureat", values)}.`,
    ),

  work_study_contract: (context, values) =>
    sentence(`Être en alternance avec un ${optionLabels(context, "contrat_alternance", values)}.`),

  grant_holder: () => sentence("Être boursier ou boursière."),

  higher_education_grant: () =>
    sentence("Être boursier ou boursière de l’enseignement supérieur sur critères sociaux."),

  family_quotient(_context, op, amount, period) {
    const per = period === "month" ? "par mois" : "par an";
    const words = COMPARISON[String(op)] ?? String(op);
    return sentence(
      `Avoir un quotient familial (revenu fiscal de référence du foyer divisé par son nombre de parts) ${words} ${euros(Number(amount))} ${per}.`,
    );
  },

  rsa_recipient: () => sentence("Percevoir le RSA."),

  social_security(context, values) {
    // "Autre régime ou je ne sais pas" is an answer, not a scheme.
    const schemes = strings(values).map((value) =>
      value === OTHER_SCHEME
        ? "à un autre régime"
        : `au ${optionLabel(context, "regime_securite_sociale", value)}`,
    );
    return sentence(`Être affilié ou affiliée ${orList(schemes)}.`);
  },

  housing_status: (context, values) =>
    sentence(
      `Être dans l’une de ces situations de logement${NBSP}: ${optionLabels(context, "statut_occupation_logement", values)}.`,
    ),

  health_social_training: () => sentence("Suivre une formation sanitaire ou sociale."),

  housing_difficulties: () =>
    sentence("Avoir des difficultés pour accéder à un logement ou pour le payer."),

  temp_agency: () => sentence("Travailler pour une agence d’intérim."),

  disability_rate(_context, op, rate) {
    const words = COMPARISON[String(op)] ?? String(op);
    return sentence(
      `Avoir un taux d’incapacité ${words} ${Math.round(Number(rate) * 100)}${NBSP}%.`,
    );
  },

  children_in_age_band(_context, count, min, max) {
    const children = Number(count) === 1 ? "un enfant" : `${String(count)} enfants`;
    return sentence(`Avoir au moins ${children} de ${String(min)} à ${years(max)}.`);
  },

  profile: (context, id) =>
    sentence(`Faire partie des ${context.profileLabels[String(id)] ?? String(id)}.`),

  interest(context, flag) {
    const question = context.interestQuestions[String(flag)];
    return sentence(
      question
        ? `Avoir le projet correspondant (question «${NBSP}${question}${NBSP}»).`
        : "Avoir le projet correspondant à cette aide.",
    );
  },
};

const OTHER_CONDITION = sentence("Remplir une condition particulière, précisée par l’organisme.");

function operation(node: Predicate): [string, unknown[]] | undefined {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
  const [entry] = Object.entries(node);
  if (!entry) return undefined;
  const [op, args] = entry;
  return [op, Array.isArray(args) ? args : [args]];
}

/** The profile a branch of a profiles `or` is about, and the branch's own conditions. */
function profileBranch(node: Predicate): { id: string; conditions: Predicate[] } | undefined {
  const op = operation(node);
  if (!op) return undefined;
  if (op[0] === "profile") return { id: String(op[1][0]), conditions: [] };
  if (op[0] !== "and") return undefined;
  const [first, ...rest] = op[1] as Predicate[];
  const head = first === undefined ? undefined : operation(first);
  return head?.[0] === "profile" ? { id: String(head[1][0]), conditions: rest } : undefined;
}

function describeOne(node: Predicate, context: DescribeContext): ConditionDescription[] {
  if (node === true) return [];
  const op = operation(node);
  if (!op) return [OTHER_CONDITION];
  const [name, args] = op;
  if (name === "and") return (args as Predicate[]).flatMap((child) => describeOne(child, context));
  if (name === "or") {
    const children = args as Predicate[];
    const branches = children.map(profileBranch);
    if (branches.every((b) => b !== undefined)) {
      if (branches.length === 1) {
        const [only] = branches;
        return [
          DESCRIPTIONS.profile!(context, only!.id),
          ...only!.conditions.flatMap((c) => describeOne(c, context)),
        ];
      }
      return [
        {
          text: `Être dans l’une de ces situations${NBSP}:`,
          items: branches.map((branch) => {
            const label = context.profileLabels[branch!.id] ?? branch!.id;
            const items = branch!.conditions.flatMap((c) => describeOne(c, context));
            return items.length > 0 ? { text: `${label}${NBSP}:`, items } : { text: label };
          }),
        },
      ];
    }
    if (children.length === 1) return describeOne(children[0]!, context);
    return [
      {
        text: `Remplir l’une de ces conditions${NBSP}:`,
        items: children.map((child) => {
          const described = describeOne(child, context);
          return described.length === 1
            ? described[0]!
            : { text: `Toutes ces conditions à la fois${NBSP}:`, items: described };
        }),
      },
    ];
  }
  const describe = DESCRIPTIONS[name];
  return describe ? [describe(context, ...args)] : [OTHER_CONDITION];
}

/**
 * The conditions of an eligibility predicate (compiled json-logic), one sentence each, in their
 * order: the interest question, the general conditions, then the profiles ("Être dans l’une de
 * ces situations :", each profile with its own conditions).
 */
export function describeConditions(
  eligibility: Predicate,
  context: DescribeContext,
): ConditionDescription[] {
  return describeOne(eligibility, context);
}

/** Whether `lives_in` / `lives_outside` of these codes hold for a commune. */
export function communeIn(commune: Partial<Commune>, kind: unknown, codes: unknown): boolean {
  const list = strings(codes);
  const code = (() => {
    switch (kind) {
      case "regions":
        return commune.region;
      case "departements":
        return commune.departement;
      case "epcis":
        return commune.epci;
      case "communes":
        return commune.code_insee;
      case "postcodes":
        return commune.code_postal;
      default:
        return undefined;
    }
  })();
  return typeof code === "string" && code !== "" && list.includes(code);
}

/**
 * Whether the place conditions an aid sets for everyone (the `lives_in` and `lives_outside` of
 * its top-level `and`) hold for a commune. Conditions of a profile are not read: an aid stays
 * listed for a commune whenever some visitor living there may get it.
 */
export function placeConditionsHold(eligibility: Predicate, commune: Partial<Commune>): boolean {
  const op = operation(eligibility);
  if (!op) return true;
  const [name, args] = op;
  if (name === "and") return (args as Predicate[]).every((c) => placeConditionsHold(c, commune));
  if (name === "lives_in") return communeIn(commune, args[0], args[1]);
  if (name === "lives_outside") return !communeIn(commune, args[0], args[1]);
  return true;
}
