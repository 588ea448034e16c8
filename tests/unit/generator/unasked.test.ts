/**
 * scripts/schema/unasked.ts (issue 57 §1): no counted result of the real schema names a decisive
 * condition that nothing asks, and the audit does find one when it is there.
 */
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import catalogueJson from "../../../src/generated/catalogue.json";
import type { Aid, Bundle, Catalogue } from "../../../src/domain";
import { unaskedConditions } from "../../../scripts/schema/unasked";

const bundle = bundleJson as unknown as Bundle;
const catalogue = catalogueJson as unknown as Catalogue;

function aid(extra: Partial<Aid>): Aid {
  return {
    id: "ville_x_aide",
    label: "Bourse aux projets",
    description: "Une aide de la ville.",
    institution: "ville_x",
    type: "float",
    amount: 500,
    unit: "€",
    periodicity: "ponctuelle",
    eligibility: { and: [{ age_between: [16, 25] }] },
    links: {},
    ...extra,
  };
}

describe("unaskedConditions", () => {
  it("finds no counted result of the schema that names a condition nothing asks", () => {
    expect(unaskedConditions(bundle.benefits, catalogue.aids)).toEqual([]);
  });

  it("lists a counted aid decided by a jury, a fund or a distance, and not once it says so", () => {
    const jury = aid({ description: "Un jury choisit les projets lauréats." });
    const fund = aid({ id: "ville_x_fonds", label: "Fonds d’aide aux jeunes" });
    const far = aid({ id: "ville_x_loin", toCheck: ["Habiter à plus de 30 km du lycée."] });
    expect(unaskedConditions([], [jury, fund, far]).map((f) => [f.id, f.said])).toEqual([
      ["ville_x_aide", "jury"],
      ["ville_x_fonds", "fonds d’aide"],
      ["ville_x_loin", "30 km"],
    ]);
    const marked = { certainty: "on_application" as const, decisive: ["Un jury décide."] };
    expect(unaskedConditions([], [{ ...jury, ...marked }])).toEqual([]);
  });

  it("accepts resources under a ceiling when a condition decides them, and from the engine", () => {
    const modest = aid({ description: "Pour les jeunes aux revenus modestes." });
    expect(unaskedConditions([], [modest])).toHaveLength(1);
    const decided = { ...modest, eligibility: { and: [{ family_quotient: [0, 800] }] } };
    expect(unaskedConditions([], [decided])).toEqual([]);
    const benefit = { ...bundle.benefits[0]!, description: "Pour les revenus modestes." };
    expect(unaskedConditions([benefit], [])).toEqual([]);
  });
});
