import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import type { Bundle } from "../../../src/domain";
import type { FetchLike } from "../../../src/app/machine/api";
import { fetchParameters, SAVE_ERROR_MESSAGE } from "../../../src/app/machine/persistence";
import {
  simulationMachine,
  stepsOf,
  type SimulationDeps,
} from "../../../src/app/machine/simulationMachine";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { fixtureBundle, PATHS } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";

const TODAY = "2026-11-22";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The fixture with a question asked only up to an age read from the engine's parameters. */
const bundleWithParameter: Bundle = {
  ...fixtureBundle,
  parameters: [{ name: "age_maximal", openfisca: "x.age_maximal", fallback: 25 }],
  blocks: {
    ...fixtureBundle.blocks,
    individu: {
      ...fixtureBundle.blocks.individu!,
      steps: [
        ...fixtureBundle.blocks.individu!.steps,
        {
          id: "individu.alternant",
          path: "individu/{id}/alternant",
          subject: { entity: "individu", id: "self" },
          source: "fixture",
          when: {
            "<=": [{ age: { var: "self.date_naissance" } }, { var: "parametres.age_maximal" }],
          },
          fields: [{ name: "alternant", kind: "boolean", question: "Êtes-vous en alternance ?" }],
        },
      ],
    },
  },
};

function start(options: { fetch?: FetchLike; bundle?: Bundle; storage?: MemoryStorage } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const fetch =
    options.fetch ?? vi.fn<FetchLike>(async () => json(200, { _id: "sim-9", token: "tok" }));
  const deps: SimulationDeps = {
    bundle: options.bundle ?? fixtureBundle,
    storage,
    fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const actor = createActor(simulationMachine, { input: { deps } }).start();
  return { actor, storage, fetch, deps };
}

function answerBirthDate(actor: ReturnType<typeof start>["actor"], date: string) {
  actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: date } });
}

describe("simulation machine: engine parameters", () => {
  it("uses the loaded parameters in the journey, and the fallbacks until then", () => {
    const { actor } = start({ bundle: bundleWithParameter });
    answerBirthDate(actor, "2000-06-01"); // 26 on the value date
    const alternant = () =>
      stepsOf(actor.getSnapshot().context).find((s) => s.stepId === "individu.alternant");
    expect(alternant()?.isActive).toBe(false);
    actor.send({ type: "PARAMETERS_LOADED", dateDeValeur: TODAY, parameters: { age_maximal: 26 } });
    expect(actor.getSnapshot().context.parameters).toEqual({ age_maximal: 26 });
    expect(alternant()?.isActive).toBe(true);
  });

  it("ignores parameters loaded for another value date", () => {
    const { actor } = start();
    actor.send({ type: "PARAMETERS_LOADED", dateDeValeur: "2025-01-01", parameters: { x: 1 } });
    expect(actor.getSnapshot().context.parameters).toBeUndefined();
  });

  it("never stores parameters as answers or in session storage", () => {
    const { actor, storage } = start();
    actor.send({ type: "PARAMETERS_LOADED", dateDeValeur: TODAY, parameters: { x: 1 } });
    answerBirthDate(actor, "2004-03-01");
    expect(JSON.stringify(storage.json(STORAGE_KEYS.simulation))).not.toContain('"x"');
  });

  it("fetches them from the server, or gives up quietly", async () => {
    const ok = vi.fn<FetchLike>(async () =>
      json(200, { date: TODAY, source: "openfisca", parameters: { age_maximal: 26 } }),
    );
    expect(await fetchParameters(ok, TODAY)).toEqual({ age_maximal: 26 });
    expect(ok).toHaveBeenCalledWith(`/api/openfisca/parameters/${TODAY}`, expect.anything());
    const down = vi.fn<FetchLike>(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchParameters(down, TODAY)).toBeUndefined();
  });
});

describe("simulation machine: taxable incomes and wealth", () => {
  it("keeps them beside the answers, marks results dirty and stores them", () => {
    const { actor, storage } = start();
    answerBirthDate(actor, "2004-03-01");
    const ressourcesFiscales = { demandeur: { salaire_imposable: 9000 } };
    actor.send({ type: "SET_RESSOURCES_FISCALES", value: ressourcesFiscales });
    actor.send({ type: "SET_PATRIMOINE", value: { livret_a: 1200 } });
    const { context } = actor.getSnapshot();
    expect(context.dirty).toBe(true);
    expect(context.answers.map((answer) => answer.fieldName)).toEqual(["date_naissance"]);
    expect(storage.json(STORAGE_KEYS.simulation)).toMatchObject({
      ressourcesFiscales,
      patrimoine: { livret_a: 1200 },
    });
    const restored = start({ storage }).actor.getSnapshot().context;
    expect(restored.ressourcesFiscales).toEqual(ressourcesFiscales);
    expect(restored.patrimoine).toEqual({ livret_a: 1200 });
  });

  it("posts them with the simulation", async () => {
    const { actor, fetch } = start();
    answerBirthDate(actor, "2004-03-01");
    actor.send({ type: "SET_PATRIMOINE", value: { livret_a: 1200 } });
    actor.send({ type: "SAVE" });
    await waitFor(actor, (state) => state.matches("idle") && !!state.context.simulationId);
    const body = JSON.parse(String(vi.mocked(fetch).mock.calls[0]?.[1]?.body)) as unknown;
    expect(body).toMatchObject({ patrimoine: { livret_a: 1200 }, dateDeValeur: TODAY });
  });
});

describe("simulation machine: save and restore", () => {
  it("saves without computing: sets the id and token and clears dirty", async () => {
    const { actor, fetch, storage } = start();
    answerBirthDate(actor, "2004-03-01");
    actor.send({ type: "SAVE" });
    expect(actor.getSnapshot().matches("saving")).toBe(true);
    await waitFor(actor, (state) => state.matches("idle"));
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ simulationId: "sim-9", token: "tok", dirty: false });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("/api/simulation");
    expect(storage.json(STORAGE_KEYS.simulationId)).toBe("sim-9");
    expect(storage.json(STORAGE_KEYS.simulation)).toMatchObject({ simulationToken: "tok" });
  });

  it("says so in French when saving fails", async () => {
    const { actor } = start({ fetch: vi.fn<FetchLike>(async () => json(500, {})) });
    actor.send({ type: "SAVE" });
    await waitFor(actor, (state) => state.matches("idle"));
    expect(actor.getSnapshot().context.saveError).toBe(SAVE_ERROR_MESSAGE);
  });

  it("restores a simulation read from the server", () => {
    const { actor, storage } = start();
    const all = [
      {
        entityName: "individu" as const,
        id: "demandeur",
        fieldName: "date_naissance",
        value: "2001-02-03",
      },
    ];
    actor.send({
      type: "RESTORE",
      simulationId: "sim-3",
      token: "tok-3",
      simulation: {
        answers: { all, current: all },
        dateDeValeur: "2026-10-01",
        patrimoine: { livret_a: 10 },
      },
    });
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      answers: all,
      dateDeValeur: "2026-10-01",
      simulationId: "sim-3",
      token: "tok-3",
      patrimoine: { livret_a: 10 },
      currentPath: PATHS.birthDate,
    });
    expect(storage.json(STORAGE_KEYS.simulationId)).toBe("sim-3");
  });
});

describe("loading a saved simulation (docs/product.md §4 Access)", () => {
  const all = [
    {
      entityName: "individu" as const,
      id: "demandeur",
      fieldName: "date_naissance",
      value: "2001-02-03",
    },
  ];

  it("is fetching while the simulation loads, then restores it", async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(200, { _id: "sim-4", answers: { all, current: all }, dateDeValeur: "2026-10-01" }),
    );
    const { actor } = start({ fetch });
    actor.send({ type: "LOAD", simulationId: "sim-4", token: "tok-4" });
    expect(actor.getSnapshot().context.access).toEqual({ fetching: true, forbidden: false });
    await waitFor(actor, (state) => !state.context.access.fetching);
    expect(actor.getSnapshot().context).toMatchObject({
      answers: all,
      simulationId: "sim-4",
      token: "tok-4",
      access: { fetching: false, forbidden: false },
    });
  });

  it("sets forbidden when the load fails and keeps the answers in hand; a reset clears it", async () => {
    const fetch = vi.fn<FetchLike>(async () => json(403, { message: "Interdit", errors: [] }));
    const { actor } = start({ fetch });
    answerBirthDate(actor, "2000-01-01");
    const before = actor.getSnapshot().context.answers;
    actor.send({ type: "LOAD", simulationId: "sim-5" });
    await waitFor(actor, (state) => !state.context.access.fetching);
    expect(actor.getSnapshot().context.access).toEqual({ fetching: false, forbidden: true });
    expect(actor.getSnapshot().context.answers).toEqual(before);
    actor.send({ type: "RESET" });
    expect(actor.getSnapshot().context.access.forbidden).toBe(false);
  });
});
