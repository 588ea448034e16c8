import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import {
  hasResults,
  simulationMachine,
  type SimulationDeps,
} from "../../../src/app/machine/simulationMachine";
import { NETWORK_ERROR_MESSAGE, type FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { fixtureBundle, PATHS } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";

const TODAY = "2026-11-22";

const results = {
  _id: "sim-1",
  droitsEligibles: [
    {
      id: "aide_logement",
      label: "Aide au logement",
      description: "Une aide pour payer le loyer.",
      institution: "caf",
      montant: 210.5,
      unit: "€",
      periodicity: "mensuelle",
      links: {},
    },
  ],
  droitsInjectes: [],
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function okFetch() {
  return vi.fn<FetchLike>(async (url) =>
    url === "/api/simulation"
      ? jsonResponse(200, { _id: "sim-1", token: "secret" })
      : jsonResponse(200, results),
  );
}

function start(options: { storage?: MemoryStorage; fetch?: FetchLike } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const logger = { error: vi.fn() };
  const deps: SimulationDeps = {
    bundle: fixtureBundle,
    storage,
    fetch: options.fetch ?? okFetch(),
    today: () => TODAY,
    logger,
  };
  const actor = createActor(simulationMachine, { input: { deps } });
  actor.start();
  return { actor, storage, logger, deps };
}

type Actor = ReturnType<typeof start>["actor"];

function answer(actor: Actor, path: string, values: Record<string, unknown>) {
  actor.send({ type: "GOTO", path });
  actor.send({ type: "ANSWER", path, values });
  actor.send({ type: "NEXT" });
}

function path(actor: Actor) {
  return actor.getSnapshot().context.currentPath;
}

describe("simulation machine: navigation", () => {
  it("starts a blank simulation on the first step with today's value date", () => {
    const { actor } = start();
    const { context } = actor.getSnapshot();
    expect(context.currentPath).toBe(PATHS.birthDate);
    expect(context.answers).toEqual([]);
    expect(context.dateDeValeur).toBe(TODAY);
    expect(context.dirty).toBe(false);
    expect(context.updating).toBe(false);
  });

  it("refuses every step but the first until the applicant has a birth date", () => {
    const { actor } = start();
    for (const target of [PATHS.activity, PATHS.results, PATHS.recap, PATHS.housing]) {
      actor.send({ type: "GOTO", path: target });
      expect(path(actor)).toBe(PATHS.birthDate);
    }
  });

  it("treats /simulation as the first step", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    expect(path(actor)).toBe(PATHS.activity);
    actor.send({ type: "GOTO", path: "/simulation" });
    expect(path(actor)).toBe(PATHS.birthDate);
  });

  it("moves to the next active step, skipping inactive ones, and back", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "salarie" });
    expect(path(actor)).toBe(PATHS.housing);
    actor.send({ type: "BACK" });
    expect(path(actor)).toBe(PATHS.activity);
    actor.send({ type: "BACK" });
    expect(path(actor)).toBe(PATHS.birthDate);
    actor.send({ type: "BACK" });
    expect(path(actor)).toBe(PATHS.birthDate);
  });

  it("remembers whether the last move was the visitor's Suivant, for the progress bar", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    expect(actor.getSnapshot().context.movedForward).toBe(true);
    actor.send({ type: "GOTO", path: PATHS.activity });
    expect(actor.getSnapshot().context.movedForward).toBe(true);
    actor.send({ type: "BACK" });
    expect(actor.getSnapshot().context.movedForward).toBe(false);
  });

  it("goes to the results after the last question, and back to the last question", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "salarie" });
    answer(actor, PATHS.housing, { _logementType: "heberge" });
    expect(path(actor)).toBe(PATHS.results);
    actor.send({ type: "BACK" });
    expect(path(actor)).toBe(PATHS.housing);
  });

  it("allows GOTO only to active steps, the results and the recap once valid", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "salarie" });
    actor.send({ type: "GOTO", path: PATHS.grant });
    expect(path(actor)).toBe(PATHS.housing);
    actor.send({ type: "GOTO", path: "/simulation/inconnu" });
    expect(path(actor)).toBe(PATHS.housing);
    actor.send({ type: "GOTO", path: PATHS.recap });
    expect(path(actor)).toBe(PATHS.recap);
    actor.send({ type: "GOTO", path: PATHS.results });
    expect(path(actor)).toBe(PATHS.results);
    actor.send({ type: "GOTO", path: PATHS.activity });
    expect(path(actor)).toBe(PATHS.activity);
  });

  it("resumes at the first unanswered active step", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "etudiant" });
    actor.send({ type: "GOTO", path: PATHS.birthDate });
    actor.send({ type: "RESUME" });
    expect(path(actor)).toBe(PATHS.grant);
  });
});

describe("simulation machine: answers", () => {
  it("records answers and marks the results dirty", () => {
    const { actor } = start();
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
    const { context } = actor.getSnapshot();
    expect(context.answers).toEqual([
      expect.objectContaining({
        entityName: "individu",
        id: "demandeur",
        fieldName: "date_naissance",
        value: "2004-03-01",
      }),
    ]);
    expect(context.dirty).toBe(true);
  });

  it("does not mark the results dirty when an answer is unchanged", async () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(actor.getSnapshot().context.dirty).toBe(false);
    const before = actor.getSnapshot().context.answers;
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
    expect(actor.getSnapshot().context.dirty).toBe(false);
    expect(actor.getSnapshot().context.answers).toBe(before);
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-02" } });
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it("ignores answers to an inactive or unknown step", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "salarie" });
    const before = actor.getSnapshot().context.answers;
    actor.send({ type: "ANSWER", path: PATHS.grant, values: { boursier: true } });
    actor.send({ type: "ANSWER", path: "/simulation/inconnu", values: { x: 1 } });
    expect(actor.getSnapshot().context.answers).toBe(before);
  });

  it("prunes the answers of steps that became inactive", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.activity, { activite: "etudiant" });
    answer(actor, PATHS.grant, { boursier: true });
    answer(actor, PATHS.activity, { activite: "salarie" });
    const names = actor.getSnapshot().context.answers.map((a) => a.fieldName);
    expect(names).toEqual(["date_naissance", "activite"]);
  });

  it("removes the answer of a cleared optional field", () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    answer(actor, PATHS.housing, { _logementType: "locataire" });
    answer(actor, PATHS.rent, { loyer: 400, charges_locatives: 50 });
    answer(actor, PATHS.rent, { loyer: 400, charges_locatives: undefined });
    const names = actor.getSnapshot().context.answers.map((a) => a.fieldName);
    expect(names).not.toContain("charges_locatives");
  });
});

describe("simulation machine: computation", () => {
  it("saves the simulation, reads its results and clears dirty", async () => {
    const fetch = okFetch();
    const { actor } = start({ fetch });
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    actor.send({ type: "GOTO", path: PATHS.results });
    actor.send({ type: "COMPUTE" });
    expect(actor.getSnapshot().context.updating).toBe(true);
    await waitFor(actor, (s) => s.matches("idle"));
    const { context } = actor.getSnapshot();
    expect(context.updating).toBe(false);
    expect(context.dirty).toBe(false);
    expect(context.results).toEqual(results);
    expect(context.simulationId).toBe("sim-1");
    expect(context.token).toBe("secret");
    expect(hasResults(context)).toBe(true);

    const [postUrl, postInit] = fetch.mock.calls[0]!;
    expect(postUrl).toBe("/api/simulation");
    expect(postInit?.method).toBe("POST");
    const body = JSON.parse(String(postInit?.body));
    expect(body).toEqual({
      answers: { all: context.answers, current: context.answers },
      dateDeValeur: TODAY,
      version: "test-1",
    });
    const [getUrl, getInit] = fetch.mock.calls[1]!;
    expect(getUrl).toBe("/api/simulation/sim-1/results");
    expect(new Headers(getInit?.headers).get("Authorization")).toBe("Bearer secret");
  });

  it("keeps the server's message and response when the computation fails, then retries", async () => {
    const failure = { message: "Le moteur de calcul est indisponible.", errors: ["timeout"] };
    let fail = true;
    const fetch = vi.fn<FetchLike>(async (url) => {
      if (url === "/api/simulation") return jsonResponse(200, { _id: "sim-1", token: "secret" });
      return fail ? jsonResponse(503, failure) : jsonResponse(200, results);
    });
    const { actor } = start({ fetch });
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    let { context } = actor.getSnapshot();
    expect(context.updating).toBe(false);
    expect(context.error).toBe("Le moteur de calcul est indisponible.");
    expect(context.exception).toEqual(failure);
    expect(context.dirty).toBe(true);
    expect(hasResults(context)).toBe(false);

    fail = false;
    actor.send({ type: "RETRY" });
    ({ context } = actor.getSnapshot());
    expect(context.updating).toBe(true);
    expect(context.error).toBeUndefined();
    expect(context.exception).toBeUndefined();
    await waitFor(actor, (s) => s.matches("idle"));
    expect(hasResults(actor.getSnapshot().context)).toBe(true);
  });

  it("reports an unreachable server in French", async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { actor } = start({ fetch });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(actor.getSnapshot().context.error).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("marks fresh results dirty when an answer changes", async () => {
    const { actor } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    answer(actor, PATHS.activity, { activite: "salarie" });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    expect(hasResults(actor.getSnapshot().context)).toBe(false);
  });
});

describe("simulation machine: persistence", () => {
  it("stores the simulation, its id and its results under the spec's keys", async () => {
    const { actor, storage } = start();
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    expect(storage.json(STORAGE_KEYS.simulation)).toEqual({
      answers: {
        all: [expect.objectContaining({ fieldName: "date_naissance", value: "2004-03-01" })],
        current: [expect.objectContaining({ fieldName: "date_naissance" })],
      },
      dateDeValeur: TODAY,
      version: "test-1",
    });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(storage.json(STORAGE_KEYS.simulationId)).toBe("sim-1");
    expect(storage.json(STORAGE_KEYS.calculs)).toEqual({ resultats: results, dirty: false });
    expect(storage.json(STORAGE_KEYS.simulation)).toMatchObject({ simulationToken: "secret" });
  });

  it("restores a stored simulation and its results", async () => {
    const first = start();
    answer(first.actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    first.actor.send({ type: "COMPUTE" });
    await waitFor(first.actor, (s) => s.matches("idle"));

    const second = start({ storage: first.storage });
    const { context } = second.actor.getSnapshot();
    expect(context.answers).toEqual(first.actor.getSnapshot().context.answers);
    expect(context.simulationId).toBe("sim-1");
    expect(context.token).toBe("secret");
    expect(hasResults(context)).toBe(true);
    second.actor.send({ type: "GOTO", path: PATHS.activity });
    expect(second.actor.getSnapshot().context.currentPath).toBe(PATHS.activity);
  });

  it("logs an unparsable item and starts blank", () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.simulation, "{not json");
    const { actor, logger } = start({ storage });
    expect(logger.error).toHaveBeenCalledWith("Failed to parse session storage item simulation");
    expect(actor.getSnapshot().context.answers).toEqual([]);
  });

  it("resets to blank when the stored simulation has no value date", () => {
    const storage = new MemoryStorage();
    const stored = [
      { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    ];
    storage.setItem(
      STORAGE_KEYS.simulation,
      JSON.stringify({ answers: { all: stored, current: [] } }),
    );
    storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("old"));
    const { actor } = start({ storage });
    expect(actor.getSnapshot().context.answers).toEqual([]);
    expect(actor.getSnapshot().context.simulationId).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.simulationId)).toBeNull();
  });

  it("RESET clears the stored simulation and starts over", async () => {
    const { actor, storage } = start();
    storage.setItem(STORAGE_KEYS.recapEmailState, JSON.stringify("waiting"));
    answer(actor, PATHS.birthDate, { date_naissance: "2004-03-01" });
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (s) => s.matches("idle"));
    actor.send({ type: "RESET" });
    const { context } = actor.getSnapshot();
    expect(context.answers).toEqual([]);
    expect(context.results).toBeUndefined();
    expect(context.simulationId).toBeUndefined();
    expect(context.currentPath).toBe(PATHS.birthDate);
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key)).toBeNull();
  });
});
