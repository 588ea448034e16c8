import type { Benefit, Bundle, EngineMapping, EntityName, Field } from "./bundle";
import { valueDates } from "./dates";
import { fiscalEngineInputs, patrimoineEngineInputs } from "./fiscal";
import type { Droit, EntityValues, Person, Situation } from "./types";

type PeriodValues = Record<string, unknown>;
type EngineEntity = Record<string, PeriodValues | string[]>;

/** An OpenFisca `/calculate` request: entities keyed by id, variables keyed by period. */
export interface EngineRequest {
  individus: Record<string, EngineEntity>;
  familles: Record<string, EngineEntity>;
  foyers_fiscaux: Record<string, EngineEntity>;
  menages: Record<string, EngineEntity>;
}

/** Where each benefit's value is read in the engine response. */
export interface OutputRef {
  benefitId: string;
  entity: keyof EngineRequest;
  id: string;
  variable: string;
  period: string;
}

const HOUSEHOLD_ID = "_";

function isPeriodMap(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.keys(value).every((key) => /^\d{4}(-\d{2})?$/.test(key));
}

function periodKey(mapping: EngineMapping, dateDeValeur: string): string {
  const dates = valueDates(dateDeValeur);
  switch (mapping.period) {
    case "eternity":
      return "ETERNITY";
    case "month":
      return dates.thisMonth;
    case "year":
      return dates.thisYear;
    case "fiscal_year":
      return dates.fiscalYear;
    case "as_answered":
      return dates.thisMonth;
  }
}

function engineValue(mapping: EngineMapping, value: unknown): unknown {
  const raw =
    mapping.property && typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)[mapping.property]
      : value;
  if (
    mapping.values &&
    (typeof raw === "string" || typeof raw === "number") &&
    String(raw) in mapping.values
  ) {
    return mapping.values[String(raw)];
  }
  return raw;
}

/** Sends one situation attribute to the engine at the periods its mapping says. */
function mapValue(
  mapping: EngineMapping,
  value: unknown,
  dateDeValeur: string,
): PeriodValues | undefined {
  if (value === undefined || value === null) return undefined;
  if (isPeriodMap(value)) {
    const periods: PeriodValues = {};
    for (const [period, amount] of Object.entries(value)) {
      if (amount !== null && amount !== undefined) periods[period] = engineValue(mapping, amount);
    }
    return periods;
  }
  return { [periodKey(mapping, dateDeValeur)]: engineValue(mapping, value) };
}

/** Engine mappings of every field and derived attribute, by entity and attribute name. */
function mappingsByEntity(bundle: Bundle): Map<EntityName, Map<string, EngineMapping>> {
  const byEntity = new Map<EntityName, Map<string, EngineMapping>>();
  const add = (entity: EntityName, name: string, mapping: EngineMapping) => {
    if (!byEntity.has(entity)) byEntity.set(entity, new Map());
    byEntity.get(entity)?.set(name, mapping);
  };
  const addField = (entity: EntityName, field: Field) =>
    field.engine && add(entity, field.name, field.engine);
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      const entity = step.subject.entity;
      if (entity === "enfants") continue;
      for (const field of step.fields) addField(entity, field);
    }
  }
  for (const type of bundle.incomeTypes) {
    if ((type.engine.entity ?? "individu") === "individu") {
      add("individu", type.id, { variable: type.engine.variable, period: "as_answered" });
    }
    for (const field of type.fields ?? []) addField("individu", field);
  }
  for (const derived of bundle.derived) add(derived.entity, derived.attribute, derived.engine);
  return byEntity;
}

function mapEntity(
  values: EntityValues,
  mappings: Map<string, EngineMapping> | undefined,
  dateDeValeur: string,
): EngineEntity {
  const entity: EngineEntity = {};
  for (const [name, value] of Object.entries(values)) {
    const mapping = mappings?.get(name);
    if (!mapping) continue;
    const periods = mapValue(mapping, value, dateDeValeur);
    if (periods && Object.keys(periods).length > 0) entity[mapping.variable] = periods;
  }
  return entity;
}

/**
 * Incomes the engine only knows per famille (family benefits, the housing aid…): the amounts the
 * members declared, summed period by period.
 */
function familleIncomes(bundle: Bundle, people: readonly Person[]): EngineEntity {
  const entity: EngineEntity = {};
  for (const type of bundle.incomeTypes) {
    if (type.engine.entity !== "famille") continue;
    const sum: Record<string, number> = {};
    for (const person of people) {
      const amounts = person[type.id];
      if (!isPeriodMap(amounts)) continue;
      for (const [period, amount] of Object.entries(amounts)) {
        if (typeof amount === "number") sum[period] = (sum[period] ?? 0) + amount;
      }
    }
    if (Object.keys(sum).length > 0) entity[type.engine.variable] = sum;
  }
  return entity;
}

function outputPeriod(benefit: Benefit, dateDeValeur: string): string {
  const dates = valueDates(dateDeValeur);
  return benefit.engine.period === "year" ? dates.thisYear : dates.thisMonth;
}

/**
 * Maps a situation to one engine request with the benefits as outputs (`null` at their own
 * period), and records where to read each benefit back.
 */
export function buildEngineRequest(
  bundle: Bundle,
  situation: Situation,
): { request: EngineRequest; outputs: OutputRef[] } {
  const mappings = mappingsByEntity(bundle);
  const { dateDeValeur } = situation;
  const people: Person[] = [
    situation.demandeur,
    ...(situation.conjoint ? [situation.conjoint] : []),
    ...situation.enfants,
  ];
  const adults = people.filter((p) => p._role !== "enfant").map((p) => p.id);
  const children = situation.enfants.map((p) => p.id);

  const request: EngineRequest = {
    individus: Object.fromEntries(
      people.map((p) => [p.id, mapEntity(p, mappings.get("individu"), dateDeValeur)]),
    ),
    familles: {
      [HOUSEHOLD_ID]: {
        parents: adults,
        enfants: children,
        ...mapEntity(situation.famille, mappings.get("famille"), dateDeValeur),
        ...familleIncomes(bundle, people),
      },
    },
    foyers_fiscaux: { [HOUSEHOLD_ID]: { declarants: adults, personnes_a_charge: children } },
    menages: {
      [HOUSEHOLD_ID]: {
        personne_de_reference: ["demandeur"],
        ...(situation.conjoint ? { conjoint: ["conjoint"] } : {}),
        enfants: children,
        ...mapEntity(situation.menage, mappings.get("menage"), dateDeValeur),
      },
    },
  };

  addFiscalInputs(request, situation);

  const outputs: OutputRef[] = bundle.benefits.map((benefit) => {
    const entity = benefit.engine.entity;
    const id = entity === "individus" ? "demandeur" : HOUSEHOLD_ID;
    const period = outputPeriod(benefit, dateDeValeur);
    const target = request[entity][id] as EngineEntity;
    target[benefit.engine.variable] = {
      ...(target[benefit.engine.variable] as PeriodValues | undefined),
      [period]: null,
    };
    return { benefitId: benefit.id, entity, id, variable: benefit.engine.variable, period };
  });
  return { request, outputs };
}

/** Adds period values to an entity's variables, keeping the periods already there. */
function mergeInputs(entity: EngineEntity, inputs: Record<string, PeriodValues>): void {
  for (const [variable, periods] of Object.entries(inputs)) {
    entity[variable] = { ...(entity[variable] as PeriodValues | undefined), ...periods };
  }
}

/**
 * N-2 taxable incomes of each person present, and the applicant's wealth (spec §9). Some
 * variables also receive the monthly incomes answered (`revenus_locatifs`…): their periods do
 * not overlap the fiscal year's.
 */
function addFiscalInputs(request: EngineRequest, situation: Situation): void {
  for (const [id, person] of Object.entries(request.individus)) {
    mergeInputs(
      person,
      fiscalEngineInputs(situation.ressourcesFiscales?.[id], situation.dateDeValeur),
    );
  }
  const demandeur = request.individus[situation.demandeur.id];
  if (demandeur) mergeInputs(demandeur, patrimoineEngineInputs(situation.patrimoine));
}

function readOutput(response: unknown, ref: OutputRef): unknown {
  const entities = (
    response as Record<string, Record<string, Record<string, Record<string, unknown>>>>
  )[ref.entity];
  return entities?.[ref.id]?.[ref.variable]?.[ref.period];
}

/** The benefits the engine found non-zero (or true), in catalogue order. */
export function extractDroits(bundle: Bundle, outputs: OutputRef[], response: unknown): Droit[] {
  const droits: Droit[] = [];
  for (const ref of outputs) {
    const benefit = bundle.benefits.find((b) => b.id === ref.benefitId);
    const value = readOutput(response, ref);
    if (!benefit) continue;
    const montant =
      benefit.type === "bool"
        ? value === true
        : typeof value === "number"
          ? Math.round(value * 100) / 100
          : 0;
    if (montant === false || montant === 0) continue;
    droits.push({
      id: benefit.id,
      label: benefit.label,
      description: benefit.description,
      institution:
        bundle.institutions.find((i) => i.id === benefit.institution)?.label ?? benefit.institution,
      montant,
      unit: benefit.unit,
      periodicity: benefit.periodicity,
      links: Object.fromEntries(
        Object.entries(benefit.links).filter(([, url]) => typeof url === "string"),
      ) as Record<string, string>,
    });
  }
  return droits;
}
