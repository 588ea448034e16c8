import { describe, expect, it } from "vitest";
import { buildJourney } from "../../../src/domain";
import { fiscalRows } from "../../../src/app/recap/fiscalRows";
import { recapSections } from "../../../src/app/recap/sections";
import { a, bundle, DATE, student } from "../domain/fixtures";

describe("recap sections", () => {
  const answers = [
    ...student,
    a("enfants.enfants", ["enfant_0"]),
    a("enfant_0._firstName", "Léa"),
    a("enfant_0.date_naissance", "2020-05-04"),
    a("famille.en_couple", false),
    a("menage._logementType", "locataire"),
    a("menage.loyer", 450),
  ];
  const steps = buildJourney(bundle, answers, { dateDeValeur: DATE });
  const sections = recapSections(bundle, steps, answers);

  it("follows the chapters' order and starts each at its first active step", () => {
    expect(sections.map((s) => s.id)).toEqual(["profil", "foyer", "logement"]);
    expect(sections[0]?.firstPath).toBe("/simulation/individu/demandeur/date_naissance");
    expect(sections[2]?.firstPath).toBe("/simulation/menage/_logementType");
  });

  it("says the answers in French", () => {
    const values = Object.fromEntries(
      sections.flatMap((s) => s.rows).map((row) => [row.key, row.value]),
    );
    expect(values["/simulation/individu/demandeur/date_naissance#date_naissance"]).toBe(
      "15/03/2006",
    );
    expect(values["/simulation/individu/enfant_0/date_naissance#date_naissance"]).toBe(
      "04/05/2020",
    );
    expect(values["/simulation/individu/demandeur/stagiaire#stagiaire"]).toBe("Non");
    expect(values["/simulation/menage/loyer#loyer"]).toBe("450,00\u00a0€");
    expect(values["/simulation/menage/_logementType#_logementType"]).toBe("Locataire");
  });

  it("lists the children by first name", () => {
    const foyer = sections.find((s) => s.id === "foyer")!;
    expect(foyer.rows.find((row) => row.path === "/simulation/enfants")).toMatchObject({
      question: expect.any(String),
      value: "Léa",
    });
  });

  it("gives the declared incomes and wealth their own rows", () => {
    const rows = fiscalRows(
      { demandeur: { salaire_imposable: 1000 }, conjoint: { chomage_imposable: 20 } },
      { livret_a: 5 },
      DATE,
    );
    expect(rows.map((row) => [row.question, row.path])).toEqual([
      [
        "Salaires et revenus d’activité imposables en 2024 (vous)",
        "/simulation/ressources/fiscales",
      ],
      [
        "Allocations chômage imposables en 2024 (votre conjoint ou conjointe)",
        "/simulation/ressources/fiscales",
      ],
      ["Livret A", "/simulation/ressources/patrimoine"],
    ]);
  });
});
