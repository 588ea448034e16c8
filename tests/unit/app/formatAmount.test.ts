import { describe, expect, it } from "vitest";
import { formatAmount, resultValue } from "../../../src/domain";

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
