import { describe, expect, it } from "vitest";
import { parseSimulationInput } from "../../../src/domain";
import { a, bundle, DATE, student } from "./fixtures";

const body = (all: unknown[], extra: Record<string, unknown> = {}) => ({
  answers: { all, current: all },
  dateDeValeur: DATE,
  ...extra,
});

describe("parseSimulationInput", () => {
  it("accepts a well-formed student", () => {
    const result = parseSimulationInput(bundle, body([...student, a("menage.loyer", 450)]));
    expect(result.ok).toBe(true);
  });

  it("defaults the id of household entities to the entity name", () => {
    const result = parseSimulationInput(
      bundle,
      body([{ entityName: "menage", fieldName: "loyer", value: 450 }]),
    );
    expect(result.ok && result.value.answers.all[0]?.id).toBe("menage");
  });

  it.each([
    [[a("demandeur.activitee", "etudiant")], "answers.all[0].fieldName"],
    [[a("demandeur.activite", "astronaute")], "answers.all[0].value"],
    [[a("demandeur.date_naissance", "15/03/2006")], "answers.all[0].value"],
    [[a("demandeur.handicap", "oui")], "answers.all[0].value"],
    [[a("menage.loyer", -3)], "answers.all[0].value"],
    [[a("demandeur.salaire_net", { "2026-13": 10 })], "answers.all[0].value"],
    [[{ entityName: "voiture", id: "x", fieldName: "y", value: 1 }], "answers.all[0].entityName"],
    [[a("intrus.activite", "etudiant")], "answers.all[0].id"],
  ])("rejects %j at %s", (answers, path) => {
    const result = parseSimulationInput(bundle, body(answers));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.path)).toContain(path);
  });

  it("rejects an invalid value date and unknown keys", () => {
    const result = parseSimulationInput(bundle, body([], { dateDeValeur: "2026-02-30", _id: "x" }));
    expect(!result.ok && result.errors.map((e) => e.path).sort()).toEqual(["_id", "dateDeValeur"]);
  });

  it("rejects unknown keys of an answer, in either list, before checking values", () => {
    const extra = { ...a("demandeur.activite", "etudiant"), couleur: "bleu" };
    const result = parseSimulationInput(bundle, {
      answers: { all: [a("menage.loyer", -3)], current: [extra] },
      dateDeValeur: DATE,
    });
    expect(!result.ok && result.errors).toEqual([
      { path: "answers.current[0].couleur", message: "champ inconnu" },
    ]);
  });

  it("names every unknown key even when the rest of the body is invalid", () => {
    const result = parseSimulationInput(bundle, {
      answers: { all: [{ ...a("menage.loyer", 450), x: 1, y: 2 }], current: [] },
      dateDeValeur: "demain",
    });
    expect(!result.ok && result.errors.map((e) => e.path).sort()).toEqual([
      "answers.all[0].x",
      "answers.all[0].y",
      "dateDeValeur",
    ]);
  });
});
