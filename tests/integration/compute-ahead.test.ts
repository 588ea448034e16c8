/**
 * Computing ahead of the click (issue 19 §1, docs/architecture.md "Compute ahead"), through the
 * real app and the real engine: a save whose answers reach the first `computeAhead` chapter starts
 * the engine computation in the background; the last answers (interests) are saved over it with
 * `PUT /api/simulation/{id}`; the results then come from the cache, without a new `/calculate`,
 * and equal what a server that never computes ahead answers for the same final answers.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildJourney, type Answer, type SimulationInput } from "../../src/domain";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import type { EngineSupervisor } from "../../src/server/engine";
import { createFollowupRepository } from "../../src/server/storage";
import { droitsMap, loadGoldenSituations, simulationPayload } from "../golden/golden";
import { openTestDatabase } from "./helpers/database";
import { sharedEngine } from "./helpers/engine";

const bundle = loadBundle();
/** A sample of the golden situations: students, job seekers, families, apprentices. */
const situations = loadGoldenSituations().filter((_, index) => index % 4 === 0);

let engine: EngineSupervisor;
const closers: (() => Promise<void>)[] = [];

/** The engine client, counting `/calculate` calls and telling when each one ends. */
function countingEngine(supervisor: EngineSupervisor) {
  const ended: (() => void)[] = [];
  const counter = {
    started: 0,
    /** Resolves when the next `/calculate` ends (answered or failed). */
    nextEnd: () => new Promise<void>((resolve) => ended.push(resolve)),
  };
  const client = Object.create(supervisor.client) as EngineSupervisor["client"];
  client.calculate = async (request) => {
    counter.started++;
    try {
      return await supervisor.client.calculate(request);
    } finally {
      for (const resolve of ended.splice(0)) resolve();
    }
  };
  return { counter, engine: { client, status: supervisor.status, workers: 2 } };
}

async function startApp(name: string, aheadQueue?: number) {
  const database = await openTestDatabase(name);
  const counting = countingEngine(engine);
  const app = buildSimulatorApp({
    bundle,
    db: database.db,
    engine: { ...counting.engine, status: "ready" },
    compute: { ...(aheadQueue !== undefined ? { aheadQueue } : {}) },
    logger: false,
  });
  closers.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, counter: counting.counter, db: database.db };
}

let ahead: Awaited<ReturnType<typeof startApp>>;
let plain: Awaited<ReturnType<typeof startApp>>;

beforeAll(async () => {
  engine = await sharedEngine();
  ahead = await startApp("compute-ahead");
  plain = await startApp("compute-ahead-plain", 0);
});

afterAll(async () => {
  for (const close of closers) await close();
  await engine?.stop();
});

const firstAheadChapter = bundle.chapters.findIndex((chapter) => chapter.computeAhead);

/** The answers of the steps before the first `computeAhead` chapter: the save at its start. */
function answersBeforeAhead(payload: SimulationInput): Answer[] {
  const steps = buildJourney(bundle, payload.answers.all, { dateDeValeur: payload.dateDeValeur });
  const late = steps.filter(
    (step) =>
      bundle.chapters.findIndex((chapter) => chapter.id === step.chapter) >= firstAheadChapter,
  );
  return payload.answers.all.filter(
    (answer) =>
      !late.some(
        (step) =>
          step.entityName === answer.entityName &&
          step.id === answer.id &&
          step.fields.some((field) => field.name === answer.fieldName),
      ),
  );
}

function withAnswers(payload: SimulationInput, answers: Answer[]): SimulationInput {
  return { ...payload, answers: { all: answers, current: answers } };
}

async function json<T>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: body as object } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

interface Results {
  droitsEligibles: { id: string; montant: number | boolean }[];
  droitsInjectes: { id: string; montant: number | boolean }[];
}

it("declares a computeAhead chapter after the questions the engine needs", () => {
  expect(firstAheadChapter).toBeGreaterThan(0);
});

/** The situations whose results came from the computation ahead. */
const servedAhead: string[] = [];

describe("a save at the start of the computeAhead chapter computes ahead", () => {
  it.each(situations.map((s) => [s.name, s] as const))("%s", async (_name, situation) => {
    const payload = simulationPayload(situation);
    const early = withAnswers(payload, answersBeforeAhead(payload));

    // The chapter save: the background computation starts on its own.
    const computed = ahead.counter.nextEnd();
    const created = await json<{ _id: string; token: string }>(
      ahead.app,
      "POST",
      "/api/simulation",
      early,
    );
    expect(created.status).toBe(200);
    const { _id: id, token } = created.body;
    await computed;
    const afterAhead = ahead.counter.started;

    // The last answers, saved over the same simulation.
    const updated = await json<{ _id: string }>(
      ahead.app,
      "PUT",
      `/api/simulation/${id}`,
      payload,
      token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body._id).toBe(id);
    // Its own background computation, if the last answers changed the request, is not waited for:
    // the results below ask for the same computation and share it.
    const results = await json<Results>(
      ahead.app,
      "GET",
      `/api/simulation/${id}/results`,
      undefined,
      token,
    );
    expect(results.status).toBe(200);

    const finalRequest = await json(
      ahead.app,
      "GET",
      `/api/simulation/${id}/openfisca_request`,
      undefined,
      token,
    );
    const reference = await json<{ _id: string; token: string }>(
      plain.app,
      "POST",
      "/api/simulation",
      early,
    );
    const earlyRequest = await json(
      plain.app,
      "GET",
      `/api/simulation/${reference.body._id}/openfisca_request`,
      undefined,
      reference.body.token,
    );
    expect([finalRequest.status, earlyRequest.status]).toEqual([200, 200]);
    // When the last answers do not change the engine's request, the results cost no computation.
    if (JSON.stringify(finalRequest.body) === JSON.stringify(earlyRequest.body)) {
      expect(ahead.counter.started).toBe(afterAhead);
      servedAhead.push(situation.name);
    }

    // The oracle: a server that never computes ahead, given the final answers at once.
    const plainSaved = await json<{ _id: string; token: string }>(
      plain.app,
      "POST",
      "/api/simulation",
      payload,
    );
    const plainResults = await json<Results>(
      plain.app,
      "GET",
      `/api/simulation/${plainSaved.body._id}/results`,
      undefined,
      plainSaved.body.token,
    );
    expect(droitsMap(results.body.droitsEligibles)).toEqual(
      droitsMap(plainResults.body.droitsEligibles),
    );
    expect(droitsMap(results.body.droitsInjectes)).toEqual(
      droitsMap(plainResults.body.droitsInjectes),
    );
  });
});

it("serves most situations from the computation ahead (the others answer an engine question late)", () => {
  expect(servedAhead.length).toBeGreaterThanOrEqual(Math.ceil(situations.length / 2));
});

describe("PUT /api/simulation/{id}", () => {
  const payload = simulationPayload(situations[0]!);

  it("needs the simulation's token, and valid answers (a French 400 naming the field)", async () => {
    const created = await json<{ _id: string; token: string }>(
      plain.app,
      "POST",
      "/api/simulation",
      payload,
    );
    const url = `/api/simulation/${created.body._id}`;
    expect((await json(plain.app, "PUT", url, payload)).status).toBe(403);
    expect((await json(plain.app, "PUT", url, payload, "not-the-token")).status).toBe(403);
    const invalid = await json<{ message: string; errors: { path: string }[] }>(
      plain.app,
      "PUT",
      url,
      { ...payload, dateDeValeur: "demain" },
      created.body.token,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/ne sont pas valides/);
    expect(invalid.body.errors.map((error) => error.path)).toContain("dateDeValeur");
    // Nothing stored was lost.
    const stored = await json<{ answers: SimulationInput["answers"] }>(
      plain.app,
      "GET",
      url,
      undefined,
      created.body.token,
    );
    expect(stored.body.answers.all).toEqual(payload.answers.all);
  });

  it("replaces the answers of an open simulation, and refuses one a recap was sent for", async () => {
    const early = withAnswers(payload, answersBeforeAhead(payload));
    const created = await json<{ _id: string; token: string }>(
      plain.app,
      "POST",
      "/api/simulation",
      early,
    );
    const url = `/api/simulation/${created.body._id}`;
    expect((await json(plain.app, "PUT", url, payload, created.body.token)).status).toBe(200);
    const stored = await json<{ answers: SimulationInput["answers"] }>(
      plain.app,
      "GET",
      url,
      undefined,
      created.body.token,
    );
    expect(stored.body.answers.all).toEqual(payload.answers.all);

    await createFollowupRepository(plain.db).createFollowup({
      simulationId: created.body._id,
      surveyOptin: false,
      benefits: [],
    });
    const refused = await json<{ message: string }>(
      plain.app,
      "PUT",
      url,
      early,
      created.body.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/ne peut plus être modifiée/);
  });
});
