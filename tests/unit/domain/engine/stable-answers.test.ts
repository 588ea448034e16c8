import { describe, expect, it } from "vitest";
import {
  copyStableAnswers,
  CURRENT_MONTH_ONLY,
  LOOKBACK_MONTHS,
  STABLE_OVER_LAST_3_MONTHS,
} from "../../../../src/domain/engine/rules/stable-answers";
import type { EngineRequest } from "../../../../src/domain";
import { a, bundle, student } from "../fixtures";
import { lyon, requestFor } from "./helpers";

/** Every engine variable the schema maps at the value date's month. */
function monthMappedVariables(): Set<string> {
  const variables = new Set<string>();
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      for (const field of step.fields) {
        if (field.engine?.period === "month") variables.add(field.engine.variable);
      }
    }
  }
  for (const type of bundle.incomeTypes) {
    for (const field of type.fields ?? []) {
      if (field.engine?.period === "month") variables.add(field.engine.variable);
    }
  }
  for (const derived of bundle.derived) {
    if (derived.engine?.period === "month") variables.add(derived.engine.variable);
  }
  return variables;
}

describe("rule: stable answers over the last 3 months", () => {
  it("classifies every month-mapped variable of the schema, once", () => {
    const stable = new Set(STABLE_OVER_LAST_3_MONTHS);
    const currentOnly = new Set(Object.keys(CURRENT_MONTH_ONLY));
    const unclassified = [...monthMappedVariables()].filter(
      (variable) => !stable.has(variable) && !currentOnly.has(variable),
    );
    expect(unclassified, "add them to STABLE_OVER_LAST_3_MONTHS or CURRENT_MONTH_ONLY").toEqual([]);
    expect([...stable].filter((variable) => currentOnly.has(variable))).toEqual([]);
    expect(stable.size).toBe(STABLE_OVER_LAST_3_MONTHS.length);
  });

  it("copies the current month's value to the 3 months before, keeping values already there", () => {
    expect(LOOKBACK_MONTHS).toBe(3);
    const request: EngineRequest = {
      individus: {
        x: {
          activite: { "2026-11": "etudiant", "2026-09": "actif" },
          bourse_criteres_sociaux_base_ressources_parentale: { "2026-11": 24000 },
          handicap: { "2026-10": true },
        },
      },
      familles: { _: { parents: ["x"], rsa_isolement_recent: { "2026-11": true } } },
      foyers_fiscaux: {},
      menages: { _: { personne_de_reference: ["x"], loyer: { "2026-11": 450 } } },
    };
    copyStableAnswers(request, "2026-11-22");
    expect(request.individus.x).toEqual({
      activite: {
        "2026-11": "etudiant",
        "2026-10": "etudiant",
        "2026-09": "actif",
        "2026-08": "etudiant",
      },
      bourse_criteres_sociaux_base_ressources_parentale: { "2026-11": 24000 },
      // Nothing at the current month: nothing to copy.
      handicap: { "2026-10": true },
    });
    expect(request.familles._?.rsa_isolement_recent).toEqual({
      "2026-11": true,
      "2026-10": true,
      "2026-09": true,
      "2026-08": true,
    });
    expect(request.menages._?.personne_de_reference).toEqual(["x"]);
    expect(request.menages._?.loyer).toEqual({
      "2026-11": 450,
      "2026-10": 450,
      "2026-09": 450,
      "2026-08": 450,
    });
  });

  it("applies to the whole request, across a year boundary", () => {
    const { request } = requestFor(
      [
        ...student,
        a("menage._logementType", "locataire"),
        a("menage._locationType", "vide"),
        a("menage.loyer", 500),
        a("menage.depcom", lyon),
      ],
      { date: "2027-02-10" },
    );
    const months = ["2027-02", "2027-01", "2026-12", "2026-11"];
    const at = (value: unknown) => Object.fromEntries(months.map((month) => [month, value]));
    expect(request.menages._?.depcom).toEqual(at("69123"));
    expect(request.menages._?.statut_occupation_logement).toEqual(at("locataire_vide"));
    expect(request.individus.demandeur?.activite).toEqual(at("etudiant"));
    expect(request.individus.demandeur?.date_naissance).toEqual({ ETERNITY: "2006-03-15" });
    expect(request.individus.demandeur?.enfant_a_charge).toEqual({ 2027: true });
  });
});
