import { describe, expect, it } from "vitest";
import {
  activeSteps,
  addChild,
  buildJourney,
  confirmChildren,
  evaluate,
  nextStep,
  predicateContext,
  resumePoint,
  type Answer,
} from "../../../src/domain";
import { a, bornYearsAgo, bundle, DATE, student } from "./fixtures";

const journey = (answers: readonly Answer[]) =>
  buildJourney(bundle, answers, { dateDeValeur: DATE });
const activePaths = (answers: readonly Answer[]) =>
  activeSteps(journey(answers)).map((s) => s.path.replace("/simulation/", ""));
const LIST = "enfants";

/** A child with every profile answer but, optionally, the dependant one. */
function child(id: string, options: { dependant?: boolean; name?: string } = {}): Answer[] {
  return [
    a(`${id}._firstName`, options.name ?? "Léa"),
    a(`${id}.date_naissance`, "2015-05-01"),
    a(`${id}.nationalite`, "fr"),
    a(`${id}.garde_alternee`, false),
    a(`${id}.service_civique`, false),
    a(`${id}.handicap`, false),
    ...(options.dependant === undefined ? [] : [a(`${id}.enfant_a_charge`, options.dependant)]),
    a(`${id}.scolarite`, "primaire"),
  ];
}

describe("children placement (docs/product.md §2)", () => {
  it("asks about a child whose dependant answer is missing before the children list", () => {
    const answers = [...student, a("enfants.enfants", ["enfant_0"]), ...child("enfant_0")];
    const paths = activePaths(answers);
    expect(paths.indexOf("individu/enfant_0/_firstName")).toBeLessThan(paths.indexOf(LIST));
    expect(paths.indexOf("individu/enfant_0/enfant_a_charge")).toBeLessThan(paths.indexOf(LIST));
  });

  it("puts the children's profiles after the list once every child is a dependant or not", () => {
    const answers = [
      ...student,
      a("enfants.enfants", ["enfant_0"]),
      ...child("enfant_0", { dependant: true }),
    ];
    const paths = activePaths(answers);
    expect(paths.indexOf(LIST)).toBeLessThan(paths.indexOf("individu/enfant_0/_firstName"));
    expect(paths.indexOf("individu/enfant_0/scolarite")).toBeLessThan(
      paths.indexOf("famille/en_couple"),
    );
  });

  it("keeps every child before the list while one of them is incomplete", () => {
    const answers = [
      ...student,
      a("enfants.enfants", ["enfant_0", "enfant_1"]),
      ...child("enfant_0", { dependant: false }),
      ...child("enfant_1", { name: "Tom" }),
    ];
    const paths = activePaths(answers);
    const list = paths.indexOf(LIST);
    expect(paths.indexOf("individu/enfant_0/_firstName")).toBeLessThan(list);
    expect(paths.indexOf("individu/enfant_1/_firstName")).toBeLessThan(list);
  });

  it("holds each path once, and answers the list with an empty list", () => {
    const answers = [...student, ...child("enfant_0")];
    const all = journey(addChild(answers).answers).map((s) => s.path);
    expect(new Set(all).size).toBe(all.length);
    const list = journey(student).find((s) => s.path === `/simulation/${LIST}`);
    expect(list?.answered).toBe(false);
    expect(list?.chapter).toBe("foyer");
    expect(list?.title).toBe("Vos enfants à charge");
    expect(journey(confirmChildren(student)).find((s) => s.stepId === "enfants")?.answered).toBe(
      true,
    );
  });

  it("goes from an added child's first name through its profile to the list", () => {
    const { answers, id } = addChild(confirmChildren(student));
    const steps = journey(answers);
    // The default first name answers the first question.
    expect(resumePoint(steps)?.path).toBe(`/simulation/individu/${id}/date_naissance`);
    expect(nextStep(steps, `/simulation/individu/${id}/_firstName`).path).toBe(
      `/simulation/individu/${id}/date_naissance`,
    );
    const almost = [...answers, ...child(id).slice(1)];
    expect(nextStep(journey(almost), `/simulation/individu/${id}/scolarite`).path).toBe(
      `/simulation/${LIST}`,
    );
  });
});

describe("questions about a child", () => {
  it("name the child by its first name, or by its default ordinal name", () => {
    const { answers } = addChild(student);
    const question = (all: Answer[], field: string) =>
      journey(all).find((s) => s.path === `/simulation/individu/enfant_0/${field}`)?.fields[0]
        ?.question;
    expect(question(answers, "garde_alternee")).toBe(
      "La garde de votre 1er enfant est-elle alternée\u00a0?",
    );
    const named = [
      ...answers.filter((x) => x.fieldName !== "_firstName"),
      a("enfant_0._firstName", "Léa"),
    ];
    expect(question(named, "date_naissance")).toBe("Quelle est la date de naissance de Léa\u00a0?");
    expect(question(named, "_hasRessources")).toBe(
      "Est-ce que Léa a perçu des ressources au cours des 12 derniers mois\u00a0?",
    );
    const vowel = [
      ...answers.filter((x) => x.fieldName !== "_firstName"),
      a("enfant_0._firstName", "Inès"),
    ];
    expect(question(vowel, "date_naissance")).toBe("Quelle est la date de naissance d’Inès\u00a0?");
    expect(question(vowel, "handicap")).toBe("Est-ce qu’Inès est en situation de handicap\u00a0?");
    expect(question(vowel, "garde_alternee")).toBe("La garde d’Inès est-elle alternée\u00a0?");
  });
});

describe("couple and partner", () => {
  const inCouple = [...confirmChildren(student), a("famille.en_couple", true)];

  it("asks the partner's profile after the couple question and before the parents", () => {
    const paths = activePaths(inCouple);
    const partner = paths.indexOf("individu/conjoint/date_naissance");
    expect(paths.indexOf("famille/en_couple")).toBeLessThan(partner);
    expect(partner).toBeLessThan(paths.indexOf("parents/_situation"));
    expect(paths).toContain("individu/conjoint/statut_marital");
    expect(paths).not.toContain("famille/rsa_isolement_recent");
  });

  it("asks the partner's incomes after the applicant's", () => {
    const paths = activePaths(inCouple);
    expect(paths.indexOf("individu/demandeur/ressources/types")).toBeLessThan(
      paths.indexOf("individu/conjoint/ressources/types"),
    );
    expect(activePaths([...student, a("famille.en_couple", false)])).not.toContain(
      "individu/conjoint/ressources/types",
    );
  });

  it("words the partner's questions for the partner", () => {
    const step = journey(inCouple).find(
      (s) => s.path === "/simulation/individu/conjoint/date_naissance",
    );
    expect(step?.fields[0]?.question).toBe(
      "Quelle est la date de naissance de votre conjoint ou conjointe\u00a0?",
    );
  });
});

describe("journey order (docs/product.md §2)", () => {
  it("runs profile, children, couple, partner, parents, housing, incomes, parental resources, projects", () => {
    const answers = [
      ...student,
      a("enfants.enfants", ["enfant_0"]),
      ...child("enfant_0", { dependant: true }),
      a("enfant_0._hasRessources", true),
      a("famille.en_couple", true),
    ];
    const firsts = [
      "individu/demandeur/date_naissance",
      LIST,
      "individu/enfant_0/_firstName",
      "famille/en_couple",
      "individu/conjoint/date_naissance",
      "parents/_situation",
      "menage/_logementType",
      "individu/demandeur/ressources/types",
      "individu/conjoint/ressources/types",
      "individu/enfant_0/_hasRessources",
      "individu/enfant_0/ressources/types",
      "individu/demandeur/bourse_criteres_sociaux_base_ressources_parentale",
      "individu/demandeur/_interetsAidesVelo",
      "individu/demandeur/coordonnees",
    ];
    const paths = activePaths(answers);
    const positions = firsts.map((path) => paths.indexOf(path));
    expect(positions).not.toContain(-1);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(paths.at(-1)).toBe("resultats");
  });
});

describe("some_child and unanswered", () => {
  const context = (answers: Answer[]) => predicateContext(bundle, answers, { dateDeValeur: DATE });
  const custody = { some_child: { "===": [{ var: "self.garde_alternee" }, true] } };

  it("holds when one child satisfies the predicate, with self the child", () => {
    const two = [
      a("enfants.enfants", ["enfant_0", "enfant_1"]),
      a("enfant_1.garde_alternee", true),
    ];
    expect(evaluate(custody, context(two))).toBe(true);
    expect(evaluate(custody, context([a("enfants.enfants", ["enfant_0"])]))).toBe(false);
    expect(evaluate(custody, context([]))).toBe(false);
    const age = { some_child: { "<": [{ age: { var: "self.date_naissance" } }, 3] } };
    const baby = [
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0.date_naissance", bornYearsAgo(2)),
    ];
    expect(evaluate(age, context(baby))).toBe(true);
  });

  it("tells an unanswered question from a false answer", () => {
    const rule = { unanswered: { var: "demandeur.handicap" } };
    expect(evaluate(rule, context([]))).toBe(true);
    expect(evaluate(rule, context([a("demandeur.handicap", false)]))).toBe(false);
  });
});
