import { describe, expect, it } from "vitest";
import { checkDateParts, toDateParts } from "../../../src/app/steps/dateParts";

const bounds = { min: "1900-01-01", max: "2026-11-22" };
const check = (day: string, month: string, year: string) =>
  checkDateParts({ day, month, year }, bounds);

describe("a date typed as day, month and year", () => {
  it("is stored as YYYY-MM-DD, whatever the zeros and spaces typed", () => {
    expect(check("14", "7", "2005")).toEqual({ ok: true, value: "2005-07-14" });
    expect(check("01", "03", "2004")).toEqual({ ok: true, value: "2004-03-01" });
    expect(check(" 9 ", "12", "1999")).toEqual({ ok: true, value: "1999-12-09" });
    expect(check("29", "2", "2004")).toEqual({ ok: true, value: "2004-02-29" });
    expect(check("22", "11", "2026")).toEqual({ ok: true, value: "2026-11-22" });
    expect(check("1", "1", "1900")).toEqual({ ok: true, value: "1900-01-01" });
  });

  it("reads a stored answer back into the three inputs, without leading zeros", () => {
    expect(toDateParts("2004-03-01")).toEqual({ day: "1", month: "3", year: "2004" });
    expect(toDateParts(undefined)).toEqual({ day: "", month: "", year: "" });
    expect(toDateParts("01/03/2004")).toEqual({ day: "", month: "", year: "" });
  });

  it("names what is missing and marks those inputs", () => {
    expect(check("", "", "")).toEqual({
      ok: false,
      message: "Veuillez indiquer une date\u00a0: le jour, le mois et l’année.",
      parts: ["day"],
    });
    expect(check("14", "", "")).toEqual({
      ok: false,
      message: "Veuillez indiquer le mois et l’année, par exemple 14 7 2005.",
      parts: ["month", "year"],
    });
    expect(check("", "7", "2005")).toMatchObject({ parts: ["day"] });
  });

  it("names a part out of its range, letters included", () => {
    expect(check("32", "1", "2005")).toEqual({
      ok: false,
      message: "Le jour doit être un nombre entre 1 et 31.",
      parts: ["day"],
    });
    expect(check("0", "1", "2005")).toMatchObject({ parts: ["day"] });
    expect(check("1", "13", "2005")).toEqual({
      ok: false,
      message: "Le mois doit être un nombre entre 1 et 12.",
      parts: ["month"],
    });
    expect(check("1", "juillet", "2005")).toMatchObject({ parts: ["month"] });
    expect(check("1", "7", "05")).toEqual({
      ok: false,
      message: "L’année doit comporter 4 chiffres, par exemple 2005.",
      parts: ["year"],
    });
    expect(check("1", "7", "1899")).toEqual({
      ok: false,
      message: "L’année doit être comprise entre 1900 et 2026.",
      parts: ["year"],
    });
  });

  it("names a day the month does not have", () => {
    expect(check("31", "2", "2005")).toEqual({
      ok: false,
      message: "Cette date n’existe pas\u00a0: février 2005 compte 28 jours.",
      parts: ["day"],
    });
    expect(check("31", "4", "2005")).toMatchObject({
      message: "Cette date n’existe pas\u00a0: avril 2005 compte 30 jours.",
    });
  });

  it("refuses a date in the future, marking the whole date", () => {
    expect(check("23", "11", "2026")).toEqual({
      ok: false,
      message: "La date ne peut pas être dans le futur\u00a0: au plus tard le 22/11/2026.",
      parts: ["day", "month", "year"],
    });
  });
});
