/** Answers the schema converts on their way to the engine: months ago → a date, yes/no → its opposite. */
import { describe, expect, it } from "vitest";
import type { Answer } from "../../../../src/domain";
import type { EngineEntity, PeriodValues } from "../../../../src/domain/engine";
import { requestFor } from "./helpers";

/** The period values of one variable of an engine entity. */
const periods = (entity: EngineEntity | undefined, variable: string) =>
  (entity?.[variable] ?? {}) as PeriodValues;

const individu = (fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id: "demandeur",
  fieldName,
  value,
});
const menage = (fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "menage",
  id: "menage",
  fieldName,
  value,
});

describe("answers converted for the engine", () => {
  it("sends months since moving in as the date of moving in, counted back from the value date", () => {
    const { request } = requestFor(
      [menage("_logementType", "locataire"), menage("_nombreMoisEntreeLogement", 2)],
      { date: "2025-10-15" },
    );
    expect(periods(request.menages._, "date_entree_logement")["2025-10"]).toBe("2025-08-15");
  });

  it("sends months since the contract started as the contract's start date, day kept within the month", () => {
    const { request } = requestFor(
      [
        individu("date_naissance", "2003-01-01"),
        individu("activite", "salarie"),
        individu("_nombreMoisDebutContratDeTravail", 1),
      ],
      { date: "2025-03-31" },
    );
    expect(periods(request.individus.demandeur, "contrat_de_travail_debut")["2025-03"]).toBe(
      "2025-02-28",
    );
  });

  it("sends a public-sector work-study employer as one that pays no PEEC, a private one as paying it", () => {
    const base = [
      individu("date_naissance", "2004-01-01"),
      individu("activite", "etudiant"),
      individu("alternant", true),
    ];
    const publicSector = requestFor([...base, individu("_alternanceFonctionPublique", true)]);
    const privateSector = requestFor([...base, individu("_alternanceFonctionPublique", false)]);
    const month =
      Object.keys(periods(publicSector.request.individus.demandeur, "alternant"))[0] ?? "";
    expect(periods(publicSector.request.individus.demandeur, "peec_employeur")[month]).toBe(false);
    expect(periods(privateSector.request.individus.demandeur, "peec_employeur")[month]).toBe(true);
  });
});
