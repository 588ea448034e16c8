import { describe, expect, it } from "vitest";
import { ageAt, type Answer } from "../../../src/domain";
import { coarsenAnswers, coarsenBirthDate } from "../../../src/server/retention";

const individu = (id: string, fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id,
  fieldName,
  value,
});

describe("coarsenBirthDate", () => {
  it("keeps the age at the value date and forgets the day and month of birth", () => {
    expect(coarsenBirthDate("2005-03-14", "2026-01-15")).toBe("2006-01-01");
    expect(coarsenBirthDate("2005-12-31", "2026-01-15")).toBe("2006-01-01");
    expect(coarsenBirthDate("2006-01-15", "2026-01-15")).toBe("2006-01-01");
    expect(coarsenBirthDate("2006-01-16", "2026-01-15")).toBe("2007-01-01");
  });

  it("gives the same age at the value date for every birth date of twenty years", () => {
    const valueDates = ["2026-01-15", "2024-02-29", "2025-12-31", "2026-03-01"];
    for (const valueDate of valueDates) {
      for (let day = 0; day < 366 * 20; day += 7) {
        const birth = new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10);
        const coarse = coarsenBirthDate(birth, valueDate);
        expect(coarse, `${birth} at ${valueDate}`).toMatch(/^\d{4}-\d{2}-01$/);
        expect(ageAt(coarse!, valueDate), `${birth} at ${valueDate}`).toBe(ageAt(birth, valueDate));
        // The same age on every day of the value date's month.
        const monthStart = `${valueDate.slice(0, 8)}01`;
        expect(ageAt(coarse!, monthStart)).toBe(ageAt(coarse!, valueDate));
        // Coarsening a coarsened date changes nothing.
        expect(coarsenBirthDate(coarse!, valueDate)).toBe(coarse);
      }
    }
  });

  it("refuses what is not a calendar date", () => {
    expect(coarsenBirthDate("14/03/2005", "2026-01-15")).toBeUndefined();
    expect(coarsenBirthDate("2005-02-30", "2026-01-15")).toBeUndefined();
    expect(coarsenBirthDate("2005-03-14", "demain")).toBeUndefined();
  });
});

describe("coarsenAnswers", () => {
  const children: Answer = {
    entityName: "enfants",
    id: "enfants",
    fieldName: "enfants",
    value: ["enfant_0", "enfant_2"],
  };
  const all: Answer[] = [
    individu("demandeur", "date_naissance", "1990-07-21"),
    individu("demandeur", "activite", "salarie"),
    individu("conjoint", "date_naissance", "1992-11-02"),
    children,
    individu("enfant_0", "_firstName", "Léa"),
    individu("enfant_0", "date_naissance", "2020-05-09"),
    individu("enfant_2", "_firstName", "Tom"),
    individu("enfant_2", "date_naissance", "2025-12-20"),
    individu("demandeur", "email", "lea.martin@example.fr"),
    individu("demandeur", "telephone", "0612345678"),
    individu("demandeur", "nom", "Martin"),
    individu("demandeur", "prenom", "Camille"),
    { entityName: "menage", id: "menage", fieldName: "depcom", value: "69381" },
    { entityName: "menage", id: "menage", fieldName: "loyer", value: 650 },
  ];
  const current = [all[0]!, all[1]!];
  const coarse = coarsenAnswers({ all, current }, "2026-01-15");

  it("coarsens every birth date to the age at the value date", () => {
    const birthDates = coarse.all
      .filter((answer) => answer.fieldName === "date_naissance")
      .map((answer) => [answer.id, answer.value]);
    expect(birthDates).toEqual([
      ["demandeur", "1991-01-01"],
      ["conjoint", "1993-01-01"],
      ["enfant_0", "2021-01-01"],
      ["enfant_2", "2026-01-01"],
    ]);
    expect(coarse.current[0]).toEqual(individu("demandeur", "date_naissance", "1991-01-01"));
  });

  it("puts children's first names back to their default and drops contact details", () => {
    expect(coarse.all).toContainEqual(individu("enfant_0", "_firstName", "votre 1er enfant"));
    expect(coarse.all).toContainEqual(individu("enfant_2", "_firstName", "votre 2e enfant"));
    const text = JSON.stringify(coarse);
    for (const personal of ["Léa", "Tom", "lea.martin", "0612345678", "Martin", "Camille"]) {
      expect(text).not.toContain(personal);
    }
    for (const date of ["1990-07-21", "1992-11-02", "2020-05-09", "2025-12-20"]) {
      expect(text).not.toContain(date);
    }
  });

  it("keeps the rest of the situation, in order, and changes nothing the second time", () => {
    expect(coarse.all).toContainEqual(individu("demandeur", "activite", "salarie"));
    expect(coarse.all).toContainEqual(children);
    expect(coarse.all.slice(-2)).toEqual(all.slice(-2));
    expect(coarse.all).toHaveLength(all.length - 4);
    expect(coarse.current).toHaveLength(2);
    expect(coarsenAnswers(coarse, "2026-01-15")).toEqual(coarse);
  });

  it("drops a birth date that is not a date rather than keeping it", () => {
    const odd = coarsenAnswers(
      { all: [individu("demandeur", "date_naissance", "le 3 mars")], current: [] },
      "2026-01-15",
    );
    expect(odd.all).toEqual([]);
  });
});
