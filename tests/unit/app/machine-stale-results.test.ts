/**
 * Issue 16 §5: the results shown are always those of the current answers. An answer changed while
 * the machine computes or saves must not let the old answers' results (or save) pass as current.
 * The server is a fake whose every request stays pending until the test answers it.
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import type { FetchLike } from "../../../src/app/machine/api";
import {
  hasResults,
  simulationMachine,
  type SimulationDeps,
} from "../../../src/app/machine/simulationMachine";
import { fixtureBundle, PATHS } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";

const TODAY = "2026-11-22";

interface PendingRequest {
  url: string;
  body: unknown;
  respond(status: number, body: unknown): void;
}

/** A fetch whose requests wait for the test; `next()` gives the next request made. */
function controllableServer() {
  const made: PendingRequest[] = [];
  const waiting: ((request: PendingRequest) => void)[] = [];
  const fetch = vi.fn<FetchLike>(
    (url, init) =>
      new Promise<Response>((resolve) => {
        const request: PendingRequest = {
          url: String(url),
          body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
          respond: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { "Content-Type": "application/json" },
              }),
            ),
        };
        const taker = waiting.shift();
        if (taker) taker(request);
        else made.push(request);
      }),
  );
  const next = () =>
    new Promise<PendingRequest>((resolve) => {
      const request = made.shift();
      if (request) resolve(request);
      else waiting.push(resolve);
    });
  return { fetch, next, pendingCount: () => made.length };
}

/** The birth date the posted simulation carries (the answer the tests change). */
function postedBirthDate(body: unknown): unknown {
  const all = (body as { answers: { all: { fieldName: string; value: unknown }[] } }).answers.all;
  return all.find((answer) => answer.fieldName === "date_naissance")?.value;
}

/** Results that say which answers they were computed from. */
function resultsFor(id: string, birthDate: unknown) {
  return {
    _id: id,
    droitsEligibles: [
      {
        id: "aide_logement",
        label: `Calculée pour une naissance le ${String(birthDate)}`,
        description: "",
        institution: "caf",
        montant: 100,
        unit: "€",
        periodicity: "mensuelle",
        links: {},
      },
    ],
    droitsInjectes: [],
  };
}

function start() {
  const server = controllableServer();
  const deps: SimulationDeps = {
    bundle: fixtureBundle,
    storage: new MemoryStorage(),
    fetch: server.fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const actor = createActor(simulationMachine, { input: { deps } }).start();
  const answerBirthDate = (date: string) =>
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: date } });
  /** The next request, failing at once if the machine goes idle instead of making one. */
  const following = async () => {
    const request = await Promise.race([
      server.next(),
      waitFor(actor, (snapshot) => snapshot.matches("idle")).then(() => undefined),
    ]);
    if (!request) throw new Error("the machine went idle with no request of the current answers");
    return request;
  };
  return { actor, server, answerBirthDate, following };
}

/** Answers a POST /api/simulation with an id and the GET of its results, as the server would. */
async function serveComputation(next: () => Promise<PendingRequest>, id: string) {
  const post = await next();
  expect(post.url).toBe("/api/simulation");
  const birthDate = postedBirthDate(post.body);
  post.respond(200, { _id: id, token: `token-${id}` });
  const get = await next();
  expect(get.url).toBe(`/api/simulation/${id}/results`);
  get.respond(200, resultsFor(id, birthDate));
  return birthDate;
}

describe("simulation machine: results always match the answers", () => {
  it("computes again when an answer changes during a computation", async () => {
    const { actor, server, answerBirthDate, following } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "COMPUTE" });
    const post = await server.next();
    expect(postedBirthDate(post.body)).toBe("2004-03-01");

    // The visitor changes an answer while the first computation runs.
    answerBirthDate("2001-07-15");
    post.respond(200, { _id: "sim-old", token: "token-old" });
    const get = await server.next();
    get.respond(200, resultsFor("sim-old", "2004-03-01"));

    // The old answers' results are never shown as current: a new computation of the new answers.
    const again = await serveComputation(following, "sim-new");
    expect(again).toBe("2001-07-15");
    const { context } = await waitFor(actor, (snapshot) => snapshot.matches("idle"));
    expect(context.dirty).toBe(false);
    expect(context.updating).toBe(false);
    expect(hasResults(context)).toBe(true);
    expect(context.simulationId).toBe("sim-new");
    expect(context.results?.droitsEligibles[0]?.label).toContain("2001-07-15");
    expect(server.fetch).toHaveBeenCalledTimes(4);
  });

  it("never shows the old answers' results while the new computation runs", async () => {
    const { actor, server, answerBirthDate, following } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "COMPUTE" });
    const post = await server.next();
    answerBirthDate("2001-07-15");
    post.respond(200, { _id: "sim-old", token: "token-old" });
    (await server.next()).respond(200, resultsFor("sim-old", "2004-03-01"));

    const second = await following();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches("computing")).toBe(true);
    expect(context.updating).toBe(true);
    expect(hasResults(context)).toBe(false);
    second.respond(200, { _id: "sim-new", token: "token-new" });
    (await server.next()).respond(200, resultsFor("sim-new", "2001-07-15"));
    await waitFor(actor, (snapshot) => snapshot.matches("idle"));
  });

  it("computes the new answers when the old answers' computation fails", async () => {
    const { actor, server, answerBirthDate, following } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "COMPUTE" });
    const post = await server.next();
    answerBirthDate("2001-07-15");
    post.respond(503, { error: "indisponible" });
    expect(await serveComputation(following, "sim-new")).toBe("2001-07-15");
    const { context } = await waitFor(actor, (snapshot) => snapshot.matches("idle"));
    expect(context.error).toBeUndefined();
    expect(hasResults(context)).toBe(true);
  });

  it("keeps results clean when no answer changed during the computation", async () => {
    const { actor, server, answerBirthDate, following } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "COMPUTE" });
    // The same answer again changes nothing.
    answerBirthDate("2004-03-01");
    await serveComputation(following, "sim-1");
    const { context } = await waitFor(actor, (snapshot) => snapshot.matches("idle"));
    expect(hasResults(context)).toBe(true);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it("saves again when an answer changes during a save", async () => {
    const { actor, server, answerBirthDate, following } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "SAVE" });
    const first = await server.next();
    expect(postedBirthDate(first.body)).toBe("2004-03-01");
    answerBirthDate("2001-07-15");
    first.respond(200, { _id: "sim-old", token: "token-old" });

    // The saved simulation would hold the old answers: it is saved again, over it, with the current ones.
    const second = await following();
    expect(second.url).toBe("/api/simulation/sim-old");
    expect(postedBirthDate(second.body)).toBe("2001-07-15");
    expect(actor.getSnapshot().context.dirty).toBe(true);
    second.respond(200, { _id: "sim-old", token: "token-old" });
    const { context } = await waitFor(
      actor,
      (snapshot) => snapshot.matches("idle") && !snapshot.context.dirty,
    );
    expect(context.simulationId).toBe("sim-old");

    // The server holds the current answers: the results are read without saving them again.
    actor.send({ type: "COMPUTE" });
    const get = await following();
    expect(get.url).toBe("/api/simulation/sim-old/results");
    get.respond(200, resultsFor("sim-old", "2001-07-15"));
    const computed = await waitFor(actor, (snapshot) => snapshot.matches("idle"));
    expect(computed.context.results?.droitsEligibles[0]?.label).toContain("2001-07-15");
    expect(hasResults(computed.context)).toBe(true);
  });

  it("marks a save clean when no answer changed during it", async () => {
    const { actor, server, answerBirthDate } = start();
    answerBirthDate("2004-03-01");
    actor.send({ type: "SAVE" });
    (await server.next()).respond(200, { _id: "sim-1", token: "token-1" });
    const { context } = await waitFor(actor, (snapshot) => snapshot.matches("idle"));
    expect(context.dirty).toBe(false);
    expect(context.simulationId).toBe("sim-1");
    expect(server.pendingCount()).toBe(0);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});
