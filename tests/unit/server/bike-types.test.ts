/**
 * The bike types a visitor can choose (enumeration `velo_type`) against those of
 * `@betagouv/aides-velo` (issue 16: the adapted bike was refused), and an adapted-bike aid
 * computed by the package itself for a commune that has one (Caen, "aides . caen vélo adapté").
 * And the bike aids under a guessed reference tax income (`guesses:` in schema/journey.yaml): Caen's
 * e-bike aid is for a reference income of at most 15,400 € a share ("aides . caen").
 */
import { AidesVeloEngine } from "@betagouv/aides-velo";
import { describe, expect, it } from "vitest";
import {
  buildSituation,
  eligibilityFacts,
  type Answer,
  type AnswerValue,
  type Catalogue,
  type EngineFacts,
  type RessourcesFiscales,
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

function bikeAidsFor(
  bikes: AnswerValue,
  handicap: boolean,
  engine: EngineFacts = {},
  ressourcesFiscales?: RessourcesFiscales,
) {
  const answers: Answer[] = [
    a("demandeur.date_naissance", bornYearsAgo(24)),
    a("demandeur.activite", "salarie"),
    a("demandeur.handicap", handicap),
    a("menage._logementType", "locataire"),
    a("menage._locationType", "vide"),
    a("menage.depcom", caen),
    a("demandeur._interetsAidesVelo", bikes),
  ];
  const situation = buildSituation(bundle, answers, DATE, {
    ...(ressourcesFiscales ? { ressourcesFiscales } : {}),
  });
  const facts = eligibilityFacts(bundle, catalogue, answers, situation, engine, {
    dateDeValeur: DATE,
  });
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

describe("bike aids under a guessed reference tax income", () => {
  const caenEbike = (droits: ReturnType<typeof bikeAidsFor>) =>
    droits.find((droit) => droit.id === "velo_caen");

  it("shows the aid as possible when the estimated income excludes it", () => {
    const aid = caenEbike(bikeAidsFor(["velo_electrique"], false, { rfr: 20_000, nbptr: 1 }));
    expect(aid?.status).toMatchObject({
      kind: "possible",
      label: "Possible, selon votre quotient familial CAF",
      conditions: ["Le montant de cette aide dépend du revenu fiscal de référence de votre foyer."],
    });
    expect(aid?.montant).toBeGreaterThan(0);
  });

  it("grants it with the income to check when the estimate grants it", () => {
    const aid = caenEbike(bikeAidsFor(["velo_electrique"], false, { rfr: 12_000, nbptr: 1 }));
    expect(aid?.status).toBeUndefined();
    expect(aid?.toCheck?.[0]).toMatch(/^Le montant de cette aide dépend du revenu fiscal/);
  });

  it("decides for sure from declared incomes", () => {
    const declared = { demandeur: { salaire_imposable: 20_000 } };
    const excluded = bikeAidsFor(["velo_electrique"], false, { rfr: 18_000, nbptr: 1 }, declared);
    expect(caenEbike(excluded)).toBeUndefined();
    const granted = caenEbike(
      bikeAidsFor(["velo_electrique"], false, { rfr: 9_000, nbptr: 1 }, declared),
    );
    expect(granted?.status).toBeUndefined();
    expect(granted?.toCheck).toBeUndefined();
  });
});
