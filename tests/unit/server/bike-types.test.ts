/**
 * The bike types a visitor can choose (enumeration `velo_type`) against those of
 * `@betagouv/aides-velo` (issue 16: the adapted bike was refused), and an adapted-bike aid
 * computed by the package itself for a commune that has one (Caen, "aides . caen vélo adapté").
 */
import { AidesVeloEngine } from "@betagouv/aides-velo";
import { describe, expect, it } from "vitest";
import {
  buildSituation,
  eligibilityFacts,
  type Answer,
  type AnswerValue,
  type Catalogue,
} from "../../../src/domain";
import catalogueJson from "../../../src/generated/catalogue.json";
import { createBikeAidsCalculator } from "../../../src/server/bikes";
import { a, bornYearsAgo, bundle, DATE } from "../domain/fixtures";

const catalogue = catalogueJson as unknown as Catalogue;

/** What the package offers, read from the package (the oracle), never from our schema. */
const packageTypes = (new AidesVeloEngine().getOptions("vélo . type") ?? []) as string[];

const caen = {
  code_insee: "14118",
  code_postal: "14000",
  nom: "Caen",
  departement: "14",
  region: "28",
  epci: "200065597",
};

function bikeAidsFor(bikes: AnswerValue, handicap: boolean) {
  const answers: Answer[] = [
    a("demandeur.date_naissance", bornYearsAgo(24)),
    a("demandeur.activite", "salarie"),
    a("demandeur.handicap", handicap),
    a("menage._logementType", "locataire"),
    a("menage._locationType", "vide"),
    a("menage.depcom", caen),
    a("demandeur._interetsAidesVelo", bikes),
  ];
  const situation = buildSituation(bundle, answers, DATE);
  const facts = eligibilityFacts(bundle, catalogue, answers, situation, {}, { dateDeValeur: DATE });
  return createBikeAidsCalculator(bundle, catalogue)(facts);
}

describe("bike types", () => {
  it("offers every bike type of @betagouv/aides-velo, the adapted bike included", () => {
    expect(packageTypes).toContain("adapté");
    const mapped = Object.values(catalogue.bikeSettings.types);
    // A type the package adds one day fails here until the schema offers it.
    expect([...mapped].sort()).toEqual([...packageTypes].sort());
    const ours = (bundle.enumerations.velo_type ?? []).map((option) => String(option.value));
    expect(Object.keys(catalogue.bikeSettings.types).sort()).toEqual([...ours].sort());
  });

  it("labels the adapted bike in French", () => {
    const option = bundle.enumerations.velo_type?.find((o) => o.value === "velo_adapte");
    expect(option?.label).toBe("Un vélo adapté à une situation de handicap");
    expect(catalogue.bikeSettings.types.velo_adapte).toBe("adapté");
  });

  it("gives a disabled visitor in Caen the city's adapted-bike aid", () => {
    const droits = bikeAidsFor(["velo_adapte"], true);
    const aid = droits.find((droit) => droit.id === "velo_caen_velo_adapte");
    // The package's ceiling for this aid ("plafond: 400 €").
    expect(aid).toMatchObject({ montant: 400, institution: expect.stringMatching(/Caen/) });
  });

  it("gives it for the adapted bike only, and to a disabled visitor only", () => {
    const ids = (bikes: AnswerValue, handicap: boolean) =>
      bikeAidsFor(bikes, handicap).map((droit) => droit.id);
    expect(ids(["velo_mecanique"], true)).not.toContain("velo_caen_velo_adapte");
    expect(ids(["velo_adapte"], false)).not.toContain("velo_caen_velo_adapte");
  });
});
