/**
 * Validation at the door (issue 15): periods within the window around the value date, finite,
 * non-negative and bounded amounts, plausible dates, and only the declared A/B tests.
 */
import { describe, expect, it } from "vitest";
import {
  AB_TESTS,
  answerBounds,
  BAFA_MERGED,
  BAFA_SEPARATE,
  MAX_PERIOD_AMOUNT,
  MAX_PERIOD_VALUES,
  parseSimulationInput,
  PLANS_QUESTION_HIDDEN,
} from "../../../src/domain";
import { largestValidAnswers } from "../../fixtures/largest-simulation";
import { a, bundle, DATE, student } from "./fixtures";

const NBSP = "\u00a0";

const body = (all: unknown[], extra: Record<string, unknown> = {}) => ({
  answers: { all, current: all },
  dateDeValeur: DATE,
  ...extra,
});

const withSalary = (amounts: Record<string, unknown>) => [
  ...student,
  a("demandeur.ressources", ["salaire_net"]),
  a("demandeur.salaire_net", amounts as Record<string, number>),
];
/** The index of the salary answer in `withSalary`. */
const SALARY = student.length + 1;

function errorsOf(input: unknown) {
  const result = parseSimulationInput(bundle, input);
  return result.ok ? [] : result.errors;
}

describe("answer bounds around the value date", () => {
  it("spans January of N-2 to the value date's month, and the years N-2 to N", () => {
    expect(answerBounds(DATE)).toEqual({
      periods: {
        firstMonth: "2024-01",
        lastMonth: "2026-11",
        firstYear: "2024",
        lastYear: "2026",
        size: 35 + 3,
      },
      dates: { first: "1900-01-01", last: DATE },
    });
  });
});

describe("amounts over time", () => {
  it("accepts every period of the window, 0 and the largest amount", () => {
    const amounts: Record<string, number> = { 2024: 0, 2025: 1, 2026: MAX_PERIOD_AMOUNT };
    for (let year = 2024; year <= 2026; year++) {
      for (let month = 1; month <= (year === 2026 ? 11 : 12); month++) {
        amounts[`${year}-${String(month).padStart(2, "0")}`] = 1500.5;
      }
    }
    expect(Object.keys(amounts)).toHaveLength(answerBounds(DATE).periods.size);
    expect(errorsOf(body(withSalary(amounts)))).toEqual([]);
  });

  it.each([
    [
      "a month before January of N-2",
      "2023-12",
      "hors de la fenêtre acceptée (mois de 2024-01 à 2026-11)",
    ],
    [
      "a month after the value date's month",
      "2026-12",
      "hors de la fenêtre acceptée (mois de 2024-01 à 2026-11)",
    ],
    ["the month 1000-01", "1000-01", "hors de la fenêtre acceptée"],
    ["the month 0000-01", "0000-01", "hors de la fenêtre acceptée"],
    ["the month 9999-12", "9999-12", "hors de la fenêtre acceptée"],
    ["the year 0000", "0000", "hors de la fenêtre acceptée (années de 2024 à 2026)"],
    ["the year 1000", "1000", "hors de la fenêtre acceptée (années de 2024 à 2026)"],
    ["the year 2027", "2027", "hors de la fenêtre acceptée (années de 2024 à 2026)"],
    ["a month 13", "2026-13", "doit être un mois AAAA-MM ou une année AAAA"],
  ])("refuses %s, naming the period", (_, period, reason) => {
    const errors = errorsOf(body(withSalary({ "2026-10": 1000, [period]: 1000 })));
    expect(errors).toEqual([
      {
        path: `answers.all[${SALARY}].value`,
        message: expect.stringContaining(
          `individu.salaire_net la période «${NBSP}${period}${NBSP}»`,
        ),
      },
      {
        path: `answers.current[${SALARY}].value`,
        message: expect.stringContaining(reason),
      },
    ]);
  });

  it.each([
    ["1e308", 1e308, "doit être inférieur ou égal à 10000000"],
    ["just over the bound", MAX_PERIOD_AMOUNT + 0.01, "doit être inférieur ou égal à 10000000"],
    ["a negative salary", -1, "doit être positif ou nul"],
    ["-0.01", -0.01, "doit être positif ou nul"],
    ["a string", "1500", "doit être un nombre"],
    ["null", null, "doit être un nombre"],
  ])("refuses %s as a monthly amount", (_, amount, reason) => {
    const errors = errorsOf(body(withSalary({ "2026-10": amount })));
    expect(errors[0]).toEqual({
      path: `answers.all[${SALARY}].value`,
      message: `individu.salaire_net le montant de «${NBSP}2026-10${NBSP}» ${reason}`,
    });
  });

  it("refuses a map longer than the window before reading its periods", () => {
    const amounts = Object.fromEntries(
      Array.from({ length: 9_600 }, (_, i) => [
        `${1000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`,
        1,
      ]),
    );
    expect(errorsOf(body(withSalary(amounts)))[0]?.message).toBe(
      `individu.salaire_net compte 9600 périodes${NBSP}: 38 au plus`,
    );
  });

  it("refuses a negative or huge amount of another income kind too (an allowance, a rent)", () => {
    const answers = [
      ...student,
      a("demandeur.ressources", ["aide_logement", "revenus_locatifs"]),
      a("demandeur.aide_logement", { "2026-10": -200 }),
      a("demandeur.revenus_locatifs", { "2026-10": 1e12 }),
    ];
    const errors = errorsOf({ answers: { all: answers, current: [] }, dateDeValeur: DATE });
    expect(errors.map((error) => error.message)).toEqual([
      `individu.aide_logement le montant de «${NBSP}2026-10${NBSP}» doit être positif ou nul`,
      `individu.revenus_locatifs le montant de «${NBSP}2026-10${NBSP}» doit être inférieur ou égal à 10000000`,
    ]);
  });
});

describe("period amounts in all", () => {
  it("accepts the largest simulation within the bound, refuses more", () => {
    const largest = largestValidAnswers(bundle, DATE);
    expect(errorsOf({ answers: { all: largest, current: [] }, dateDeValeur: DATE })).toEqual([]);

    // One income more over the whole window: past the bound.
    const over = largestValidAnswers(bundle, DATE, 2000, MAX_PERIOD_VALUES + 38);
    expect(errorsOf({ answers: { all: over, current: [] }, dateDeValeur: DATE })).toContainEqual({
      path: "answers.all",
      message: `ne doit pas compter plus de ${MAX_PERIOD_VALUES} montants par période en tout`,
    });
  });
});

describe("dates", () => {
  const birth = (value: string) => [a("demandeur.date_naissance", value)];

  it("accepts a birth date from 1900-01-01 to the value date", () => {
    expect(errorsOf(body(birth("1900-01-01")))).toEqual([]);
    expect(errorsOf(body(birth(DATE)))).toEqual([]);
  });

  it.each(["9999-12-31", "2026-11-23", "1899-12-31", "1000-01-01"])(
    "refuses the birth date %s",
    (date) => {
      expect(errorsOf(body(birth(date)))).toEqual([
        {
          path: "answers.all[0].value",
          message: `individu.date_naissance doit être comprise entre le 1900-01-01 et le ${DATE} (la date de valeur)`,
        },
        expect.objectContaining({ path: "answers.current[0].value" }),
      ]);
    },
  );

  it("refuses a registration as a jobseeker after the value date", () => {
    const errors = errorsOf(body([a("demandeur.date_debut_chomage", "2030-01-01")]));
    expect(errors[0]?.message).toContain("individu.date_debut_chomage doit être comprise entre");
  });

  it("still takes a decimal for a question of whole months: answers saved before it was one hold some", () => {
    // The form refuses "1,5" (src/app/steps/validateField.ts); a simulation saved before, resumed
    // and computed again, must not meet a 400 it cannot mend.
    expect(errorsOf(body([a("demandeur._nombreMoisDebutContratDeTravail", 1.5)]))).toEqual([]);
    expect(errorsOf(body([a("demandeur._nombreMoisDebutContratDeTravail", -1)]))).toHaveLength(2);
  });
});

describe("abtesting", () => {
  it.each([
    ["the short form", { aides_bafa: BAFA_MERGED }],
    ["{ value }", { aides_bafa: { value: BAFA_SEPARATE } }],
    [
      "{ index, value } of every test, as the app sends it",
      {
        aides_bafa: { index: 2, value: BAFA_MERGED },
        question_projets: { index: 2, value: PLANS_QUESTION_HIDDEN },
      },
    ],
    ["no test at all", {}],
  ])("accepts %s", (_, abtesting) => {
    expect(errorsOf(body(student, { abtesting }))).toEqual([]);
  });

  it.each([
    ["an unknown test", { couleur: "bleu" }, "abtesting.couleur", "test A/B inconnu"],
    [
      "an unknown variant",
      { aides_bafa: "autre" },
      "abtesting.aides_bafa",
      "doit être l’une des variantes",
    ],
    [
      "an e-mail address as a variant",
      { aides_bafa: "jeanne.martin@example.fr" },
      "abtesting.aides_bafa",
      "doit être l’une des variantes",
    ],
    [
      "an e-mail address as a test",
      { "jeanne.martin@example.fr": BAFA_MERGED },
      "abtesting.jeanne.martin@example.fr",
      "test A/B inconnu",
    ],
    [
      "a phone number beside a variant",
      { aides_bafa: { index: 1, value: BAFA_SEPARATE, phone: "0612345678" } },
      "abtesting.aides_bafa",
      "doit être l’une des variantes",
    ],
    [
      "an index out of range",
      { aides_bafa: { index: 3, value: BAFA_SEPARATE } },
      "abtesting.aides_bafa",
      "index doit être un entier de 1 à 2",
    ],
    [
      "more entries than tests",
      {
        ...Object.fromEntries(Object.keys(AB_TESTS).map((name) => [name, AB_TESTS[name]![0]])),
        x: 1,
      },
      "abtesting",
      "compte 3 tests pour 2 en cours",
    ],
    ["null", null, "abtesting", "doit être un objet"],
    ["a list", [BAFA_MERGED], "abtesting", "doit être un objet"],
  ])("refuses %s", (_, abtesting, path, reason) => {
    expect(errorsOf(body(student, { abtesting }))).toEqual([
      { path, message: expect.stringContaining(reason) },
    ]);
  });

  it("refuses a large record in one error", () => {
    const abtesting = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, i) => [`t${i}`, "x".repeat(100)]),
    );
    expect(errorsOf(body(student, { abtesting }))).toHaveLength(1);
  });
});
