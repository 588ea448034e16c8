import { describe, expect, it } from "vitest";
import { formatAmount, resultValue, settledLine } from "../../../src/domain";

describe("what a result card shows", () => {
  it("an amount in euros per period", () => {
    expect(resultValue({ montant: 210.5, unit: "€", periodicity: "mensuelle" })).toMatch(
      /^210,50\s€ \/ mois$/,
    );
  });

  it("another unit after the number", () => {
    expect(resultValue({ montant: 50, unit: "%", periodicity: "ponctuelle" })).toBe("50\u00a0%");
  });

  it("that the aid is open when the engine only says yes", () => {
    expect(formatAmount({ montant: true, unit: "", periodicity: "ponctuelle" })).toBeUndefined();
    expect(resultValue({ montant: true, unit: "", periodicity: "ponctuelle" })).toBe(
      "Vous pouvez en bénéficier",
    );
  });
});

describe("settledLine: what an amount of the first months becomes", () => {
  const after = "une fois vos autres aides de la Caf versées";
  it("says it in whole euros, per month or per year", () => {
    expect(settledLine({ periodicity: "mensuelle", settled: { montant: 314.54, after } })).toBe(
      "Ensuite, environ 315\u00a0€\u00a0par mois une fois vos autres aides de la Caf versées.",
    );
    expect(settledLine({ periodicity: "annuelle", settled: { montant: 1200, after } })).toBe(
      "Ensuite, environ 1\u202f200\u00a0€\u00a0par an une fois vos autres aides de la Caf versées.",
    );
  });

  it("says when nothing is paid any more, and nothing when the amount stays", () => {
    expect(settledLine({ periodicity: "mensuelle", settled: { montant: 0, after } })).toBe(
      "Ensuite, plus rien une fois vos autres aides de la Caf versées.",
    );
    expect(settledLine({ periodicity: "mensuelle" })).toBeUndefined();
  });
});
