import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import type { FetchLike } from "../../../src/app/machine/api";
import { LOCAL_ANSWERS_KEY } from "../../../src/app/machine/localAnswers";
import { simulationMachine, type SimulationDeps } from "../../../src/app/machine/simulationMachine";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { childIds, type Answer, type Bundle } from "../../../src/domain";
import bundleJson from "../../../src/generated/bundle.json";
import { MemoryStorage } from "./fixtures/memoryStorage";

const bundle = bundleJson as unknown as Bundle;
const TODAY = "2026-11-22";
const LIST = "/simulation/enfants";
const CONTACT = "/simulation/individu/demandeur/coordonnees";

const individu = (id: string, fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id,
  fieldName,
  value,
});
/** An applicant who has answered their profile: the next step is the children list. */
const applicant: Answer[] = [
  individu("demandeur", "date_naissance", "1990-05-01"),
  individu("demandeur", "nationalite", "fr"),
  individu("demandeur", "activite", "salarie"),
  individu("demandeur", "_agence_travail_temporaire", false),
  individu("demandeur", "_nombreMoisDebutContratDeTravail", 24),
  individu("demandeur", "service_civique", false),
  individu("demandeur", "handicap", false),
  individu("demandeur", "enceinte", false),
];

function start(
  options: { session?: MemoryStorage; local?: MemoryStorage; fetch?: FetchLike } = {},
) {
  const session = options.session ?? new MemoryStorage();
  const local = options.local ?? new MemoryStorage();
  const fetch =
    options.fetch ??
    vi.fn<FetchLike>(
      async () =>
        new Response(JSON.stringify({ _id: "sim-1", token: "t", droitsEligibles: [] }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    );
  const deps: SimulationDeps = {
    bundle,
    storage: session,
    localStorage: local,
    fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const actor = createActor(simulationMachine, { input: { deps } });
  actor.start();
  return { actor, session, local, fetch };
}

type Actor = ReturnType<typeof start>["actor"];
const path = (actor: Actor) => actor.getSnapshot().context.currentPath;
const answers = (actor: Actor) => actor.getSnapshot().context.answers;

function withApplicant(options: Parameters<typeof start>[0] = {}) {
  const session = options.session ?? new MemoryStorage();
  session.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all: applicant, current: applicant }, dateDeValeur: TODAY }),
  );
  const started = start({ ...options, session });
  started.actor.send({ type: "GOTO", path: LIST });
  expect(path(started.actor)).toBe(LIST);
  return started;
}

/** Answers the current step with these values and moves on. */
function answer(actor: Actor, values: Record<string, unknown>) {
  actor.send({ type: "ANSWER", path: path(actor), values });
  actor.send({ type: "NEXT" });
}

/** Answers a just-added child's profile, a 5-year-old, up to the step after it. */
function answerChild(actor: Actor, id: string, name: string) {
  expect(path(actor)).toBe(`/simulation/individu/${id}/_firstName`);
  answer(actor, { _firstName: name });
  answer(actor, { date_naissance: "2021-06-01" });
  answer(actor, { nationalite: "fr" });
  answer(actor, { garde_alternee: false });
  // Civic service is open from 16: a 5-year-old is not asked about it.
  expect(path(actor)).toBe(`/simulation/individu/${id}/handicap`);
  answer(actor, { handicap: false });
  expect(path(actor)).toBe(`/simulation/individu/${id}/enfant_a_charge`);
  answer(actor, { enfant_a_charge: true });
  expect(path(actor)).toBe(`/simulation/individu/${id}/scolarite`);
  answer(actor, { scolarite: "maternelle" });
}

describe("simulation machine: children", () => {
  it("adds a child, asks its profile from its first name, then comes back to the list", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    expect(childIds(answers(actor))).toEqual(["enfant_0"]);
    expect(answers(actor)).toContainEqual(
      expect.objectContaining({
        id: "enfant_0",
        fieldName: "_firstName",
        value: "votre 1er enfant",
      }),
    );
    expect(actor.getSnapshot().context.dirty).toBe(true);
    answerChild(actor, "enfant_0", "Léa");
    expect(path(actor)).toBe(LIST);

    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_1", "Tom");
    expect(path(actor)).toBe(LIST);
    expect(childIds(answers(actor))).toEqual(["enfant_0", "enfant_1"]);
  });

  it("confirms the list, even empty, and moves on to the couple question", () => {
    const { actor, session } = withApplicant();
    actor.send({ type: "CONFIRM_CHILDREN" });
    actor.send({ type: "NEXT" });
    expect(path(actor)).toBe("/simulation/famille/en_couple");
    const stored = session.json(STORAGE_KEYS.simulation) as { answers: { all: Answer[] } };
    expect(stored.answers.all).toContainEqual(
      expect.objectContaining({ entityName: "enfants", fieldName: "enfants", value: [] }),
    );
  });

  it("goes on from the list past the profiles just answered, to the couple question", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_0", "Léa");
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_1", "Tom");
    expect(path(actor)).toBe(LIST);
    actor.send({ type: "CONFIRM_CHILDREN" });
    actor.send({ type: "NEXT" });
    expect(path(actor)).toBe("/simulation/famille/en_couple");
    // The journey still lists the profiles after the list (spec §2): "Retour" and the recap
    // reach them, and a question left unanswered is still asked.
    actor.send({ type: "GOTO", path: "/simulation/individu/enfant_1/scolarite" });
    expect(path(actor)).toBe("/simulation/individu/enfant_1/scolarite");
  });

  it("goes on from the list to a child's question left unanswered, past the answered ones", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_0", "Léa");
    actor.send({ type: "ADD_CHILD" });
    answer(actor, { _firstName: "Tom" });
    answer(actor, { date_naissance: "2021-06-01" });
    answer(actor, { nationalite: "fr" });
    answer(actor, { garde_alternee: false });
    answer(actor, { handicap: false });
    answer(actor, { enfant_a_charge: true });
    // Tom's schooling is not answered: the visitor went back to the list.
    actor.send({ type: "GOTO", path: LIST });
    actor.send({ type: "CONFIRM_CHILDREN" });
    actor.send({ type: "NEXT" });
    expect(path(actor)).toBe("/simulation/individu/enfant_1/scolarite");
    answer(actor, { scolarite: "maternelle" });
    expect(path(actor)).toBe("/simulation/famille/en_couple");
  });

  it("edits a child from the list and returns to it", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_0", "Léa");
    actor.send({ type: "EDIT_CHILD", id: "enfant_0" });
    expect(path(actor)).toBe("/simulation/individu/enfant_0/_firstName");
    answer(actor, { _firstName: "Léna" });
    // date, nationality, custody, disability, dependant, schooling (no civic service at 5).
    for (let i = 0; i < 6; i++) actor.send({ type: "NEXT" });
    expect(path(actor)).toBe(LIST);
    actor.send({ type: "EDIT_CHILD", id: "enfant_9" });
    expect(path(actor)).toBe(LIST);
  });

  it("removes a child and every answer about them, and reuses the first free id", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_0", "Léa");
    actor.send({ type: "ADD_CHILD" });
    answerChild(actor, "enfant_1", "Tom");
    actor.send({ type: "REMOVE_CHILD", id: "enfant_0" });
    expect(path(actor)).toBe(LIST);
    expect(childIds(answers(actor))).toEqual(["enfant_1"]);
    expect(answers(actor).some((a) => a.id === "enfant_0")).toBe(false);
    actor.send({ type: "ADD_CHILD" });
    expect(path(actor)).toBe("/simulation/individu/enfant_0/_firstName");
  });

  it("leaves the child's profile for the next step when the visitor navigated away", () => {
    const { actor } = withApplicant();
    actor.send({ type: "ADD_CHILD" });
    actor.send({ type: "GOTO", path: "/simulation/individu/demandeur/handicap" });
    actor.send({ type: "NEXT" });
    expect(path(actor)).toBe("/simulation/individu/demandeur/enceinte");
    expect(actor.getSnapshot().context.childInProgress).toBeUndefined();
  });
});

describe("simulation machine: contact details", () => {
  const contact = {
    prenom: "Camille",
    nom: "Martin",
    email: "camille@example.fr",
    telephone: "0612345678",
  };

  function atContact(options: Parameters<typeof start>[0] = {}) {
    const started = withApplicant(options);
    // The contact step is always active; jump to it once the simulation is valid.
    started.actor.send({ type: "GOTO", path: CONTACT });
    expect(path(started.actor)).toBe(CONTACT);
    return started;
  }

  it("keeps them in local storage only, never in the session nor in the request", async () => {
    const { actor, session, local, fetch } = atContact();
    answer(actor, contact);
    const kept = local.json(LOCAL_ANSWERS_KEY) as Answer[];
    expect(kept.map((a) => [a.fieldName, a.value])).toEqual(Object.entries(contact));
    expect(session.getItem(STORAGE_KEYS.simulation)).not.toContain("Camille");

    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    const body = String(vi.mocked(fetch).mock.calls[0]?.[1]?.body);
    expect(body).toContain("date_naissance");
    for (const value of Object.values(contact)) expect(body).not.toContain(value);
  });

  it("are restored with the simulation, and kept for a new one", () => {
    const first = atContact();
    answer(first.actor, contact);
    const second = start({ session: first.session, local: first.local });
    const restored = second.actor.getSnapshot().context.answers;
    expect(restored).toContainEqual(
      expect.objectContaining({ fieldName: "email", value: contact.email }),
    );
    expect(restored).toContainEqual(
      expect.objectContaining({ fieldName: "date_naissance", value: "1990-05-01" }),
    );
    second.actor.send({ type: "RESET" });
    expect(
      second.actor
        .getSnapshot()
        .context.answers.map((a) => a.fieldName)
        .sort(),
    ).toEqual(["email", "nom", "prenom", "telephone"]);
    expect(second.local.getItem(LOCAL_ANSWERS_KEY)).not.toBeNull();
  });

  it("forgets a cleared detail", () => {
    const { actor, local } = atContact();
    answer(actor, contact);
    actor.send({ type: "GOTO", path: CONTACT });
    answer(actor, { ...contact, telephone: "" });
    const kept = local.json(LOCAL_ANSWERS_KEY) as Answer[];
    expect(kept.map((a) => a.fieldName)).toEqual(["prenom", "nom", "email"]);
  });

  it("ignores anything else found under the local key", () => {
    const local = new MemoryStorage();
    local.setItem(
      LOCAL_ANSWERS_KEY,
      JSON.stringify([
        individu("demandeur", "email", "a@b.fr"),
        individu("demandeur", "handicap", true),
        "nonsense",
      ]),
    );
    const { actor } = start({ local });
    expect(actor.getSnapshot().context.answers).toEqual([individu("demandeur", "email", "a@b.fr")]);
  });
});

describe("simulation machine: incomes", () => {
  it("drops the amounts of an income type that is unselected (docs/product.md §4)", () => {
    const { actor } = withApplicant();
    actor.send({ type: "CONFIRM_CHILDREN" });
    const types = "/simulation/individu/demandeur/ressources/types";
    const base = [
      ...answers(actor),
      ...[
        ["famille", "en_couple", false],
        ["menage", "_logementType", "heberge"],
      ].map(([entityName, fieldName, value]) => ({
        entityName: entityName as Answer["entityName"],
        id: entityName as string,
        fieldName: fieldName as string,
        value: value as Answer["value"],
      })),
    ];
    const session = new MemoryStorage();
    session.setItem(
      STORAGE_KEYS.simulation,
      JSON.stringify({ answers: { all: base, current: base }, dateDeValeur: TODAY }),
    );
    const restarted = start({ session }).actor;
    restarted.send({ type: "GOTO", path: types });
    expect(path(restarted)).toBe(types);
    answer(restarted, { ressources: ["salaire_net", "indemnites_stage"] });
    const amounts = "/simulation/individu/demandeur/ressources/montants/revenusActivite";
    expect(path(restarted)).toBe(amounts);
    const monthly = (amount: number) =>
      Object.fromEntries(
        Array.from({ length: 13 }, (_, i) => {
          const month = ((10 + i) % 12) + 1;
          const year = 2025 + Math.floor((10 + i) / 12);
          return [`${year}-${String(month).padStart(2, "0")}`, amount];
        }),
      );
    answer(restarted, { salaire_net: monthly(900), indemnites_stage: monthly(600) });
    expect(answers(restarted).map((a) => a.fieldName)).toContain("indemnites_stage");
    restarted.send({ type: "GOTO", path: types });
    answer(restarted, { ressources: ["salaire_net"] });
    const names = answers(restarted).map((a) => a.fieldName);
    expect(names).toContain("salaire_net");
    expect(names).not.toContain("indemnites_stage");
  });
});
