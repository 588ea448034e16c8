import { describe, expect, it } from "vitest";
import type { ResolvedField } from "../../../src/domain";
import { validateField } from "../../../src/app/steps/validateField";
import { MESSAGES } from "../../../src/app/steps/messages";

const context = { today: "2026-11-22", options: [] };
const field = (kind: ResolvedField["kind"], extra: Partial<ResolvedField> = {}): ResolvedField => ({
  name: "champ",
  kind,
  question: "Question ?",
  ...extra,
});

describe("validateField", () => {
  it("requires an answer unless the field is optional", () => {
    expect(validateField(field("date"), "", context).issues[0]?.message).toBe(
      MESSAGES.requiredDate,
    );
    expect(validateField(field("boolean"), "", context).issues[0]?.message).toBe(
      MESSAGES.requiredChoice,
    );
    expect(validateField(field("money", { optional: true }), "", context)).toEqual({
      value: undefined,
      issues: [],
    });
  });

  it("accepts plausible dates only, typed as day, month and year or stored", () => {
    const date = (day: string, month: string, year: string) => ({ day, month, year });
    expect(validateField(field("date"), date("1", "3", "2004"), context).value).toBe("2004-03-01");
    expect(validateField(field("date"), "2004-03-01", context).value).toBe("2004-03-01");
    expect(validateField(field("date"), date("30", "2", "2004"), context).issues[0]?.message).toBe(
      "Cette date n’existe pas\u00a0: février 2004 compte 29 jours.",
    );
    expect(validateField(field("date"), date("1", "1", "2030"), context).issues[0]?.message).toBe(
      "L’année doit être comprise entre 1900 et 2026.",
    );
    expect(validateField(field("date"), date("", "", ""), context).issues[0]?.message).toBe(
      MESSAGES.requiredDate,
    );
    expect(validateField(field("date", { optional: true }), date("", "", ""), context)).toEqual({
      value: undefined,
      issues: [],
    });
  });

  it("converts booleans, choices and multi-choices to answer values", () => {
    expect(validateField(field("boolean"), "false", context).value).toBe(false);
    const options = [
      { value: "a", label: "A" },
      { value: 2, label: "Deux" },
    ];
    expect(validateField(field("choice"), "2", { ...context, options }).value).toBe(2);
    expect(validateField(field("choice"), "z", { ...context, options }).issues).toHaveLength(1);
    expect(validateField(field("multi_choice"), ["a"], { ...context, options }).value).toEqual([
      "a",
    ]);
    expect(
      validateField(field("multi_choice", { optional: true }), [], { ...context, options }).value,
    ).toEqual([]);
  });

  it("reads French numbers and checks the bounds", () => {
    expect(validateField(field("money"), "1 200,50", context).value).toBe(1200.5);
    // The euro sign a visitor may type after an amount is not a letter.
    expect(validateField(field("money"), "900 €", context).value).toBe(900);
    expect(validateField(field("money"), "450,50€", context).value).toBe(450.5);
    expect(validateField(field("money"), "€ 900", context).issues[0]?.message).toBe(
      MESSAGES.invalidAmount,
    );
    expect(validateField(field("money"), "-5", context).issues[0]?.message).toBe(
      "Le montant ne peut pas être négatif\u00a0: indiquez 0 ou plus.",
    );
    expect(validateField(field("money"), "cinq cents", context).issues[0]?.message).toBe(
      "Veuillez indiquer un montant en chiffres, sans lettres, par exemple 450 ou 450,50.",
    );
    expect(validateField(field("money"), "", context).issues[0]?.message).toBe(
      "Veuillez indiquer un montant en euros, par exemple 450.",
    );
    expect(validateField(field("number", { min: 1 }), "0", context).issues[0]?.message).toBe(
      "La valeur doit être supérieure ou égale à 1.",
    );
    expect(validateField(field("number", { max: 20 }), "21", context).issues[0]?.message).toBe(
      "La valeur doit être inférieure ou égale à 20.",
    );
    expect(validateField(field("number"), "douze", context).issues[0]?.message).toBe(
      MESSAGES.invalidNumber,
    );
  });

  it("refuses a decimal where the field takes whole numbers only, and keeps it elsewhere", () => {
    const months = field("number", { integer: true, min: 0 });
    expect(validateField(months, "1,5", context).issues[0]?.message).toBe(MESSAGES.wholeNumber);
    expect(validateField(months, "18", context).value).toBe(18);
    expect(validateField(field("number"), "2,5", context).value).toBe(2.5);
  });

  it("spreads a shared monthly amount over every period", () => {
    const periods = [
      { id: "2026-09", label: "septembre 2026" },
      { id: "2026-10", label: "octobre 2026" },
    ];
    const amounts = field("monthly_amounts", { periods });
    expect(
      validateField(amounts, { same: true, single: "450", byPeriod: {} }, context).value,
    ).toEqual({ "2026-09": 450, "2026-10": 450 });
    const result = validateField(
      amounts,
      { same: false, single: "", byPeriod: { "2026-09": "10", "2026-10": "" } },
      context,
    );
    expect(result.issues).toEqual([
      {
        path: ["byPeriod", "2026-10"],
        message: "Veuillez indiquer un montant (0 si rien perçu).",
      },
    ]);
  });

  it("checks e-mail addresses and phone numbers", () => {
    expect(validateField(field("email"), "nom@exemple.fr", context).value).toBe("nom@exemple.fr");
    expect(validateField(field("email"), "nom@", context).issues[0]?.message).toBe(
      MESSAGES.invalidEmail,
    );
    expect(validateField(field("phone"), "06 12 34 56 78", context).value).toBe("0612345678");
    expect(validateField(field("phone"), "12", context).issues[0]?.message).toBe(
      MESSAGES.invalidPhone,
    );
  });

  it("requires a commune object", () => {
    const commune = {
      code_insee: "69381",
      code_postal: "69001",
      nom: "Lyon",
      departement: "69",
      region: "84",
      epci: "200046977",
    };
    expect(validateField(field("commune"), commune, context).value).toEqual(commune);
    expect(validateField(field("commune"), null, context).issues[0]?.message).toBe(
      MESSAGES.requiredCommune,
    );
  });
});
