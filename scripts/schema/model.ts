import type { FieldKind, StepSubject } from "../../src/domain/bundle";
import type {
  AidsFile,
  BenefitsFile,
  BikeAidsFile,
  FamilyFile,
  ProfilesFile,
  GroupsFile,
  ResultsFile,
  UnexpectedFile,
  PlacesFile,
  BlockFile,
  ChaptersFile,
  EnumerationsFile,
  IncomesFile,
  InstitutionsFile,
  JourneyFile,
  ParametersFile,
  Parsed,
  StepYaml,
} from "./format";

/** Every schema file, each validated against its format. */
export interface ValidatedSchema {
  chapters: Parsed<ChaptersFile>;
  enumerations: Parsed<EnumerationsFile>;
  parameters: Parsed<ParametersFile>;
  journey: Parsed<JourneyFile>;
  incomes: Parsed<IncomesFile>;
  blocks: Parsed<BlockFile>[];
  institutions: Parsed<InstitutionsFile>[];
  benefits: Parsed<BenefitsFile>[];
  /** `aids/<kind>/<institution>.yaml`, in path order (the catalogue's order). */
  aids: Parsed<AidsFile>[];
  families: Parsed<FamilyFile>[];
  profiles?: Parsed<ProfilesFile>;
  bikeAids?: Parsed<BikeAidsFile>;
  groups?: Parsed<GroupsFile>;
  results?: Parsed<ResultsFile>;
  unexpected?: Parsed<UnexpectedFile>;
  places?: Parsed<PlacesFile>;
}

export type Entity = "individu" | "menage" | "famille" | "parents";
/** The person a person block is instantiated for. */
export type Person = "demandeur" | "conjoint" | "enfant";

export function personOf(
  journeyFor: "demandeur" | "conjoint" | "enfants" | undefined,
): Person | undefined {
  return journeyFor === "enfants" ? "enfant" : journeyFor;
}

/** The bundle subject of a YAML step; undefined when a household step has none (an error). */
export function subjectOf(step: StepYaml, kind: "person" | "household"): StepSubject | undefined {
  switch (step.subject) {
    case undefined:
      return kind === "person" ? { entity: "individu", id: "self" } : undefined;
    case "individu/demandeur":
      return { entity: "individu", id: "demandeur" };
    case "individu/conjoint":
      return { entity: "individu", id: "conjoint" };
    default:
      return { entity: step.subject };
  }
}

/**
 * How the fields a step asks are named in the journey: `menage`, `famille`, `parents`, or the
 * person (`demandeur`, `conjoint`, `enfant`). Undefined for `self` outside a person instance.
 */
export function qualifierOf(subject: StepSubject, person: Person | undefined): string | undefined {
  if (subject.entity !== "individu") return subject.entity;
  return subject.id === "self" ? person : subject.id;
}

export interface FieldInfo {
  entity: Entity;
  name: string;
  kind: FieldKind;
  /** The values a choice field may take (options, else its enumeration's values). */
  values?: Set<string | number>;
  storage?: "local";
}
