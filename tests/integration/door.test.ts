/**
 * Validation at the door (issue 15): `POST /api/simulation` with the schema-driven parser refuses,
 * with a French 400 naming the field, what used to be stored and then failed the engine (a month
 * 9999-12, a salary of 1e308), computed nonsense (a negative salary, a birth date in 9999) or kept
 * anything forever (`abtesting`); and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthId, parseSimulationInput, type Answer } from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import { createSimulationRepository } from "../../src/server/storage";
import { employee, student, VALUE_DATE } from "../fixtures/situations";
import { startTestApp, type TestContext } from "./helpers/test-app";

const bundle = loadBundle();
const INVALID = "Les données de la simulation ne sont pas valides.";

/** The employee's answers with the salary answer's value replaced. */
function withSalary(amounts: Record<string, unknown>): Answer[] {
  return employee.map((answer) =>
    answer.fieldName === "salaire_net"
      ? { ...answer, value: amounts as Record<string, number> }
      : answer,
  );
}
const SALARY = employee.findIndex((answer) => answer.fieldName === "salaire_net");
const BIRTH = employee.findIndex((answer) => answer.fieldName === "date_naissance");

const simulation = (all: Answer[], extra: Record<string, unknown> = {}) => ({
  answers: { all, current: all },
  dateDeValeur: VALUE_DATE,
  ...extra,
});

describe("validation at the door of POST /api/simulation", () => {
  let ctx: TestContext;
  const count = () => createSimulationRepository(ctx.database.db).countSimulations();

  beforeAll(async () => {
    ctx = await startTestApp({
      bundle,
      parseSimulationInput: (body) => parseSimulationInput(bundle, body),
    });
  });
  afterAll(() => ctx?.close());

  async function post(payload: object) {
    return ctx.app.inject({ method: "POST", url: "/api/simulation", payload });
  }

  it("stores the reference situations, with the variants the app sends", async () => {
    for (const answers of [student, employee]) {
      const response = await post(
        simulation(answers, {
          abtesting: {
            aides_bafa: { index: 2, value: "aides_bafa_fusionnees_conserve_position" },
            question_projets: { index: 1, value: "question_projets_affichee" },
          },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  const many = Object.fromEntries(
    Array.from({ length: 9_600 }, (_, i) => [monthId(VALUE_DATE, -i), 1500]),
  );

  it.each([
    ["the month 1000-01", simulation(withSalary({ "1000-01": 1500 })), SALARY, "1000-01"],
    ["the month 0000-01", simulation(withSalary({ "0000-01": 1500 })), SALARY, "0000-01"],
    ["the month 9999-12", simulation(withSalary({ "9999-12": 1500 })), SALARY, "9999-12"],
    ["the year 0000", simulation(withSalary({ "0000": 1500 })), SALARY, "0000"],
    ["a monthly salary of 1e308", simulation(withSalary({ "2025-10": 1e308 })), SALARY, "2025-10"],
    ["a negative salary", simulation(withSalary({ "2025-10": -1500 })), SALARY, "positif ou nul"],
    [
      "9,600 months of salary (a 165 KB body)",
      simulation(withSalary(many)),
      SALARY,
      "9600 périodes",
    ],
    [
      "a birth date of 9999-12-31",
      simulation(
        employee.map((answer, i) => (i === BIRTH ? { ...answer, value: "9999-12-31" } : answer)),
      ),
      BIRTH,
      "date_naissance doit être comprise entre le 1900-01-01 et le 2025-10-15",
    ],
  ])("answers a French 400 naming the answer for %s", async (_, payload, index, reason) => {
    const before = await count();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toBe(INVALID);
    expect(body.errors).toContainEqual({
      path: `answers.all[${index}].value`,
      message: expect.stringContaining(reason),
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ["an unknown test", { couleur: "bleu" }, "abtesting.couleur", "test A/B inconnu"],
    [
      "an e-mail address",
      { aides_bafa: "jeanne.martin@example.fr" },
      "abtesting.aides_bafa",
      "doit être l’une des variantes",
    ],
    [
      "a phone number beside a variant",
      { aides_bafa: { value: "aides_bafa_separees_conserve_position", tel: "0612345678" } },
      "abtesting.aides_bafa",
      "doit être l’une des variantes",
    ],
    [
      "a large record",
      Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`t${i}`, "x".repeat(500)])),
      "abtesting",
      "compte 1000 tests pour 2 en cours",
    ],
  ])("answers a French 400 for abtesting holding %s", async (_, abtesting, path, reason) => {
    const before = await count();
    const response = await post(simulation(student, { abtesting }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: INVALID,
      errors: [{ path, message: expect.stringContaining(reason) }],
    });
    expect(await count()).toBe(before);
  });
});
