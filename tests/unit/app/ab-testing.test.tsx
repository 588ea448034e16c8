// @vitest-environment jsdom
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import {
  AB_TESTING_KEY,
  BAFA_MERGED,
  BAFA_SEPARATE,
  PLANS_QUESTION_HIDDEN,
  PLANS_QUESTION_SHOWN,
  abTestingPayload,
  assignAbTesting,
  forceBafaMerged,
  plansQuestionShown,
  readAbTesting,
} from "../../../src/app/ab-testing/abTesting";
import { AppProviders } from "../../../src/app/AppProviders";
import { abTestingIssues } from "../../../src/domain";
import type { FetchLike } from "../../../src/app/machine/api";
import { simulationMachine, type SimulationDeps } from "../../../src/app/machine/simulationMachine";
import { groupsMerged } from "../../../src/app/results/resultsModel";
import { routes } from "../../../src/app/routes";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { render, settleUntil } from "./helpers/dom";

const TODAY = "2026-11-22";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("A/B tests (docs/product.md §4)", () => {
  it("draws each test's variant with the injected random source and keeps it", () => {
    const storage = new MemoryStorage();
    const low = assignAbTesting(storage, () => 0.1, { error: vi.fn() });
    expect(low).toEqual({
      aides_bafa: { index: 1, value: BAFA_SEPARATE },
      question_projets: { index: 1, value: PLANS_QUESTION_SHOWN },
    });
    expect(storage.json(AB_TESTING_KEY)).toEqual(low);
    // Drawn once: a later draw does not change a stored variant.
    expect(assignAbTesting(storage, () => 0.9, { error: vi.fn() })).toEqual(low);
    expect(plansQuestionShown(low)).toBe(true);

    const high = assignAbTesting(new MemoryStorage(), () => 0.99, { error: vi.fn() });
    expect(high.aides_bafa).toEqual({ index: 2, value: BAFA_MERGED });
    expect(high.question_projets).toEqual({ index: 2, value: PLANS_QUESTION_HIDDEN });
    expect(plansQuestionShown(high)).toBe(false);
  });

  it("keeps the results' reading of the record: merged groups under the merged variant only", () => {
    const merged = new MemoryStorage();
    assignAbTesting(merged, () => 0.99, { error: vi.fn() });
    expect(groupsMerged(merged)).toBe(true);
    const separate = new MemoryStorage();
    assignAbTesting(separate, () => 0, { error: vi.fn() });
    expect(groupsMerged(separate)).toBe(false);
  });

  it("logs an unparsable record as a storage parse error and draws again", () => {
    const storage = new MemoryStorage();
    storage.setItem(AB_TESTING_KEY, "{oops");
    const logger = { error: vi.fn() };
    expect(readAbTesting(storage, logger)).toEqual({});
    expect(logger.error).toHaveBeenCalledWith("Failed to parse local storage item ABTesting");
    assignAbTesting(storage, () => 0, logger);
    expect(readAbTesting(storage, logger).aides_bafa?.value).toBe(BAFA_SEPARATE);
  });

  it("reads the short form of a variant", () => {
    const storage = new MemoryStorage();
    storage.setItem(AB_TESTING_KEY, JSON.stringify({ aides_bafa: BAFA_MERGED }));
    expect(readAbTesting(storage).aides_bafa).toEqual({ index: 2, value: BAFA_MERGED });
  });

  it("posts only the running tests, each with its declared variant, as the server requires", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      AB_TESTING_KEY,
      JSON.stringify({
        aides_bafa: { index: 7, value: BAFA_MERGED },
        question_projets: PLANS_QUESTION_HIDDEN,
        test_arrete: { index: 1, value: "ancienne_variante" },
      }),
    );
    const payload = abTestingPayload(readAbTesting(storage));
    expect(payload).toEqual({
      aides_bafa: { index: 2, value: BAFA_MERGED },
      question_projets: { index: 2, value: PLANS_QUESTION_HIDDEN },
    });
    expect(abTestingIssues(payload)).toEqual([]);
    expect(abTestingPayload({ test_arrete: { index: 1, value: "x" } })).toBeUndefined();
  });

  it("posts the variants with the simulation once answers are saved", async () => {
    const localStorage = new MemoryStorage();
    const fetch = vi.fn<FetchLike>(async () => json(200, { _id: "sim-9", token: "tok" }));
    const deps: SimulationDeps = {
      bundle: fixtureBundle,
      storage: new MemoryStorage(),
      localStorage,
      fetch,
      today: () => TODAY,
      logger: { error: vi.fn() },
    };
    const actor = createActor(simulationMachine, { input: { deps } }).start();
    expect(localStorage.getItem(AB_TESTING_KEY)).toBeNull();
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
    actor.send({ type: "SAVE" });
    await waitFor(actor, (state) => state.matches("idle") && !!state.context.simulationId);
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as { abtesting?: unknown };
    expect(body.abtesting).toEqual(localStorage.json(AB_TESTING_KEY));
    expect(Object.keys(body.abtesting as object).sort()).toEqual([
      "aides_bafa",
      "question_projets",
    ]);
  });
});

describe("/init-ci", () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
    unmount = undefined;
  });

  it("sets aides_bafa to the merged variant, keeps the other tests and goes to /", async () => {
    const localStorage = new MemoryStorage();
    assignAbTesting(localStorage, () => 0, { error: vi.fn() });
    expect(groupsMerged(localStorage)).toBe(false);
    const deps: SimulationDeps = {
      bundle: fixtureBundle,
      storage: new MemoryStorage(),
      localStorage,
      fetch: vi.fn<FetchLike>(async () => json(404, {})),
      today: () => TODAY,
      logger: { error: vi.fn() },
    };
    const router = createMemoryRouter(routes, { initialEntries: ["/init-ci"] });
    const rendered = await render(
      <AppProviders deps={deps} services={{ fetchCommunes: async () => [] }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    unmount = rendered.unmount;
    await settleUntil(() => router.state.location.pathname === "/");
    expect(router.state.location.pathname).toBe("/");
    expect(readAbTesting(localStorage)).toMatchObject({
      aides_bafa: { value: BAFA_MERGED },
      question_projets: { value: PLANS_QUESTION_SHOWN },
    });
    expect(groupsMerged(localStorage)).toBe(true);
  });

  it("writes the record when there was none", () => {
    const storage = new MemoryStorage();
    forceBafaMerged(storage);
    expect(storage.json(AB_TESTING_KEY)).toEqual({ aides_bafa: { index: 2, value: BAFA_MERGED } });
  });
});
