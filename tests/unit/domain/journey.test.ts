import { describe, expect, it } from "vitest";
import {
  activeSteps,
  buildJourney,
  chapterStates,
  currentAnswers,
  FIRST_STEP_PATH,
  nextStep,
  positionProgress,
  previousStep,
  progress,
  pruneAnswers,
  RESULTS_PATH,
  resumePoint,
  UnknownStepError,
  type Answer,
} from "../../../src/domain";
import { a, bundle, DATE, student } from "./fixtures";

const journey = (answers: Answer[], parameters?: Record<string, number>) =>
  buildJourney(bundle, answers, { dateDeValeur: DATE, ...(parameters ? { parameters } : {}) });
const activePaths = (answers: Answer[]) => activeSteps(journey(answers)).map((s) => s.path);

describe("journey", () => {
  it("starts with the applicant's birth date and ends with the results", () => {
    const steps = journey([]);
    expect(activeSteps(steps)[0]?.path).toBe(FIRST_STEP_PATH);
    expect(steps.at(-1)?.path).toBe(RESULTS_PATH);
  });

  it("asks a student about their studies and an employee not", () => {
    expect(activePaths(student)).toContain("/simulation/individu/demandeur/annee_etude");
    const employee = [
      a("demandeur.date_naissance", "1990-01-01"),
      a("demandeur.activite", "salarie"),
    ];
    expect(activePaths(employee)).not.toContain("/simulation/individu/demandeur/scolarite");
  });

  it("goes to the next active step, wraps at the end and rejects an unknown path", () => {
    const steps = journey(student);
    expect(nextStep(steps, "/").path).toBe(FIRST_STEP_PATH);
    expect(nextStep(steps, FIRST_STEP_PATH).path).toBe(
      "/simulation/individu/demandeur/nationalite",
    );
    expect(nextStep(steps, RESULTS_PATH).path).toBe(FIRST_STEP_PATH);
    expect(() => nextStep(steps, "/simulation/nope")).toThrow(UnknownStepError);
  });

  it("skips inactive steps both ways", () => {
    const steps = journey(student);
    expect(nextStep(steps, "/simulation/individu/demandeur/activite").path).toBe(
      "/simulation/individu/demandeur/scolarite",
    );
    const employee = journey([
      a("demandeur.date_naissance", "1990-01-01"),
      a("demandeur.activite", "salarie"),
    ]);
    expect(nextStep(employee, "/simulation/individu/demandeur/activite").path).toBe(
      "/simulation/individu/demandeur/_agence_travail_temporaire",
    );
    expect(
      previousStep(employee, "/simulation/individu/demandeur/_agence_travail_temporaire")?.path,
    ).toBe("/simulation/individu/demandeur/activite");
  });

  it("resumes at the first unanswered active step", () => {
    expect(resumePoint(journey([]))?.path).toBe(FIRST_STEP_PATH);
    expect(resumePoint(journey(student))?.path).toBe("/simulation/enfants");
  });

  it("keeps as current only the answers of active steps before the current path", () => {
    const current = currentAnswers(
      journey(student),
      student,
      "/simulation/individu/demandeur/scolarite",
    );
    expect(current.map((x) => x.fieldName)).toEqual(["date_naissance", "nationalite", "activite"]);
  });

  it("measures progress as answered active steps over active steps", () => {
    const empty = progress(journey([]), FIRST_STEP_PATH);
    const some = progress(journey(student), "/simulation/parents/_situation");
    expect(empty).toBe(0);
    expect(some).toBeGreaterThan(empty);
    expect(some).toBeLessThan(100);
    expect(progress(journey(student), RESULTS_PATH)).toBe(100);
  });

  it("measures an anonymised simulation's progress by position, whatever was answered", () => {
    const steps = journey(student);
    const questions = activeSteps(steps).filter((step) => step.path !== RESULTS_PATH);
    const third = questions[2]!.path;
    expect(positionProgress(steps, questions[0]!.path)).toBe(0);
    expect(positionProgress(steps, third)).toBe(Math.round((100 * 2) / questions.length));
    // The same position with no answer at all: answered steps do not count.
    expect(positionProgress(journey([]), FIRST_STEP_PATH)).toBe(0);
    expect(positionProgress(steps, RESULTS_PATH)).toBe(100);
    expect(positionProgress(steps, "/simulation/inconnue")).toBe(0);
  });

  it("marks chapters done before the current one and pending after", () => {
    const states = chapterStates(bundle, journey(student), "/simulation/menage/_logementType");
    expect(Object.fromEntries(states.map((c) => [c.id, c.state]))).toEqual({
      profil: "done",
      foyer: "done",
      logement: "current",
      revenus: "pending",
      projets: "pending",
      recapitulatif: "pending",
      resultats: "pending",
    });
    expect(states.find((c) => c.id === "profil")?.rootPath).toBe(FIRST_STEP_PATH);
  });
});

describe("pruning", () => {
  it("drops the answers of steps made inactive, as a fixpoint", () => {
    const changed = [
      ...student.filter((x) => x.fieldName !== "activite"),
      a("demandeur.activite", "salarie"),
    ];
    const kept = pruneAnswers(bundle, changed, { dateDeValeur: DATE }).map((x) => x.fieldName);
    for (const gone of [
      "scolarite",
      "annee_etude",
      "statuts_etablissement_scolaire",
      "mention_baccalaureat",
      "stagiaire",
    ]) {
      expect(kept).not.toContain(gone);
    }
    expect(kept).toContain("date_naissance");
  });
});

describe("incomes", () => {
  it("offers one amounts screen per category of the chosen types, over 13 months for monthly incomes", () => {
    const steps = journey([...student, a("demandeur.ressources", ["salaire_net", "chomage_net"])]);
    const screens = activeSteps(steps).filter((s) => s.path.includes("/ressources/montants/"));
    expect(screens.map((s) => s.path)).toEqual([
      "/simulation/individu/demandeur/ressources/montants/revenusActivite",
      "/simulation/individu/demandeur/ressources/montants/indemnites",
    ]);
    expect(screens[0]?.title).toBe("Revenus d’activité");
    const periods = screens[0]?.fields[0]?.periods ?? [];
    expect(periods).toHaveLength(13);
    expect(periods.at(-1)?.id).toBe("2026-11");
  });

  it("skips the current month for one-off incomes and asks last year for self-employment", () => {
    const steps = journey([
      ...student,
      a("demandeur.ressources", [
        "gains_exceptionnels",
        "rpns_micro_entreprise_CA_bic_service_imp",
      ]),
    ]);
    const fields = activeSteps(steps).flatMap((s) => s.fields);
    const oneOff = fields.find((f) => f.name === "gains_exceptionnels")?.periods ?? [];
    expect(oneOff).toHaveLength(12);
    expect(oneOff.at(-1)?.id).toBe("2026-10");
    expect(
      fields.find((f) => f.name === "rpns_micro_entreprise_CA_bic_service_imp")?.periods,
    ).toEqual([{ id: "2025", label: "2025" }]);
  });

  it("offers the contrat d'engagement jeune income only from 16 to 25", () => {
    const offered = (birth: string) =>
      journey([a("demandeur.date_naissance", birth)])
        .find((s) => s.path.endsWith("/ressources/types"))
        ?.fields[0]?.options?.map((o) => o.value);
    expect(offered("2006-01-01")).toContain("contrat_engagement_jeune");
    expect(offered("1990-01-01")).not.toContain("contrat_engagement_jeune");
  });
});
