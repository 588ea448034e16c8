/**
 * Households with a partner and children, and every income type, through the real
 * OpenFisca-France: the engine accepts every variable, entity and period the schema maps, and the
 * children change the amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildEngineRequest,
  buildSituation,
  extractDroits,
  pruneAnswers,
  type Answer,
} from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import type { EngineSupervisor } from "../../src/server/engine";
import type { EngineCalculator } from "../../src/server/results";
import { sharedEngine } from "./helpers/engine";
import { employee, months, VALUE_DATE } from "../fixtures/situations";

const bundle = loadBundle();
let engine: EngineSupervisor;
/** Catalogue variables the engine lacks: never asked (as the server does). */
let missingVariables: ReadonlySet<string>;

beforeAll(async () => {
  engine = await sharedEngine();
  const known = new Set(Object.keys(await engine.client.variables()));
  missingVariables = new Set(
    bundle.benefits.map((b) => b.engine.variable).filter((variable) => !known.has(variable)),
  );
});

afterAll(async () => {
  await engine?.stop();
});

/** The engine as the results computer sees it. */
const calculate = (request: unknown) => (engine.client as EngineCalculator).calculate(request);

const individu = (id: string, fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id,
  fieldName,
  value,
});
const famille = (fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "famille",
  id: "famille",
  fieldName,
  value,
});

function child(id: string, birth: string, extra: Answer[] = []): Answer[] {
  return [
    individu(id, "_firstName", id),
    individu(id, "date_naissance", birth),
    individu(id, "nationalite", "fr"),
    individu(id, "garde_alternee", false),
    individu(id, "handicap", false),
    individu(id, "enfant_a_charge", true),
    individu(id, "scolarite", "primaire"),
    individu(id, "_hasRessources", false),
    ...extra,
  ];
}

/** The employee of the fixtures, earning 900 € a month, alone with two children. */
const singleParent: Answer[] = [
  ...employee.filter((a) => a.fieldName !== "salaire_net"),
  individu("demandeur", "salaire_net", months(900)),
  { entityName: "enfants", id: "enfants", fieldName: "enfants", value: ["enfant_0", "enfant_1"] },
  ...child("enfant_0", "2019-04-01"),
  ...child("enfant_1", "2022-09-01"),
  famille("en_couple", false),
  famille("rsa_isolement_recent", false),
];

async function droits(answers: Answer[]) {
  const kept = pruneAnswers(bundle, answers, { dateDeValeur: VALUE_DATE });
  const { request, outputs } = buildEngineRequest(
    bundle,
    buildSituation(bundle, kept, VALUE_DATE),
    {
      missingVariables,
    },
  );
  const response = await calculate(request);
  return Object.fromEntries(
    extractDroits(bundle, outputs, response).map((droit) => [droit.id, droit.montant]),
  );
}

describe("a family through the real engine", () => {
  it("gives a single parent of two children more activity bonus than alone", async () => {
    const withChildren = await droits(singleParent);
    const alone = await droits([
      ...employee.filter((a) => a.fieldName !== "salaire_net"),
      individu("demandeur", "salaire_net", months(900)),
      famille("en_couple", false),
    ]);
    expect(withChildren.ppa).toBeGreaterThan(0);
    expect(withChildren.ppa).toBeGreaterThan(Number(alone.ppa ?? 0));
  });

  it("computes for a couple whose partner earns too", async () => {
    const couple = [
      ...singleParent.filter(
        (a) => a.fieldName !== "en_couple" && a.fieldName !== "rsa_isolement_recent",
      ),
      famille("en_couple", true),
      individu("conjoint", "date_naissance", "1985-02-01"),
      individu("conjoint", "nationalite", "fr"),
      individu("conjoint", "statut_marital", "marie"),
      individu("conjoint", "activite", "salarie"),
      individu("conjoint", "handicap", false),
      individu("conjoint", "enceinte", false),
      individu("conjoint", "ressources", ["salaire_net"]),
      individu("conjoint", "salaire_net", months(3000)),
    ];
    const result = await droits(couple);
    expect(Number(result.ppa ?? 0)).toBeLessThan(Number((await droits(singleParent)).ppa));
  });

  it("accepts every income type of the schema at its entity and periods", async () => {
    const amounts = (type: (typeof bundle.incomeTypes)[number]) =>
      type.periodKind === "annual" ? { "2024": 1200 } : months(10);
    const everything: Answer[] = [
      ...singleParent.filter((a) => a.fieldName !== "ressources" && a.id !== "enfant_1"),
      {
        entityName: "enfants",
        id: "enfants",
        fieldName: "enfants",
        value: ["enfant_0", "enfant_1"],
      },
      ...child("enfant_1", "2022-09-01", [individu("enfant_1", "_hasRessources", true)]).filter(
        (a) => a.fieldName !== "_hasRessources" || a.value === true,
      ),
      individu("enfant_1", "ressources", ["af"]),
      individu("enfant_1", "af", months(5)),
      individu(
        "demandeur",
        "ressources",
        bundle.incomeTypes.map((type) => type.id),
      ),
      ...bundle.incomeTypes.map((type) => individu("demandeur", type.id, amounts(type))),
    ];
    const kept = pruneAnswers(bundle, everything, { dateDeValeur: VALUE_DATE });
    const situation = buildSituation(bundle, kept, VALUE_DATE);
    const { request } = buildEngineRequest(bundle, situation, { missingVariables });
    expect(request.familles._?.af).toMatchObject({ "2025-09": 15 });
    expect(request.individus.demandeur?.tns_autres_revenus_type_activite).toEqual({
      "2025-10": "bic",
    });
    await expect(calculate(request)).resolves.toBeDefined();
  });
});
