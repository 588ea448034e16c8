/**
 * Issue 19 §1: the browser saves the simulation at the end of each chapter (and when the page is
 * left), over the simulation it saved before, and reads the results ahead of the click once the
 * recap is reached (docs/architecture.md "Compute ahead").
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

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  keepalive: boolean;
}

const results = (id: string) => ({
  _id: id,
  droitsEligibles: [
    {
      id: "aide_logement",
      label: "Aide au logement",
      description: "",
      institution: "caf",
      montant: 100,
      unit: "€",
      periodicity: "mensuelle",
      links: {},
    },
  ],
  droitsInjectes: [],
});

/** A server that answers at once: saves (`PUT` refused with `putStatus`), then results. */
function start(putStatus = 200) {
  const calls: Call[] = [];
  let created = 0;
  const fetch = vi.fn<FetchLike>(async (url, init) => {
    const method = init?.method ?? "GET";
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url: String(url),
      method,
      authorization: headers.Authorization,
      keepalive: init?.keepalive === true,
    });
    const body = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    if (method === "POST") {
      created++;
      return body(200, { _id: `sim-${created}`, token: `token-${created}` });
    }
    if (method === "PUT") {
      const id = String(url).split("/").pop();
      return putStatus === 200
        ? body(200, { _id: id, token: "ignored" })
        : body(putStatus, { message: "Cette simulation ne peut plus être modifiée.", errors: [] });
    }
    return body(200, results(String(url).split("/")[3] ?? ""));
  });
  const deps: SimulationDeps = {
    bundle: fixtureBundle,
    storage: new MemoryStorage(),
    fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const actor = createActor(simulationMachine, { input: { deps } }).start();
  const quiet = () =>
    waitFor(actor, (snapshot) => snapshot.matches({ idle: "quiet" }), { timeout: 2_000 });
  return { actor, calls, quiet };
}

function answerProfile(actor: ReturnType<typeof start>["actor"]) {
  actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
  actor.send({ type: "NEXT" });
  actor.send({ type: "ANSWER", path: PATHS.activity, values: { activite: "salarie" } });
  actor.send({ type: "NEXT" });
}

describe("simulation machine: saves at each chapter's end", () => {
  it("saves when a chapter ends, then over the same simulation at the next one", async () => {
    const { actor, calls, quiet } = start();
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
    actor.send({ type: "NEXT" });
    // Within a chapter: no save.
    expect(calls).toEqual([]);
    actor.send({ type: "ANSWER", path: PATHS.activity, values: { activite: "salarie" } });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.currentPath).toBe(PATHS.housing);
    await quiet();
    expect(calls.map((call) => [call.method, call.url])).toEqual([["POST", "/api/simulation"]]);
    expect(actor.getSnapshot().context).toMatchObject({ simulationId: "sim-1", dirty: false });

    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "heberge" } });
    actor.send({ type: "GOTO", path: PATHS.recap });
    await quiet();
    const put = calls[1];
    expect([put?.method, put?.url, put?.authorization]).toEqual([
      "PUT",
      "/api/simulation/sim-1",
      "Bearer token-1",
    ]);
  });

  it("reads the results ahead of the click on the recap: the results page has them at once", async () => {
    const { actor, calls, quiet } = start();
    answerProfile(actor);
    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "heberge" } });
    actor.send({ type: "GOTO", path: PATHS.recap });
    expect(actor.getSnapshot().context.currentPath).toBe(PATHS.recap);
    await waitFor(actor, (snapshot) => hasResults(snapshot.context), { timeout: 2_000 });
    await quiet();
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ["POST", "/api/simulation"],
      ["PUT", "/api/simulation/sim-1"],
      ["GET", "/api/simulation/sim-1/results"],
    ]);
    // The click on "Voir mes résultats" then needs no request: results in hand are current.
    expect(actor.getSnapshot().context.results?._id).toBe("sim-1");
  });

  it("never shows results read ahead once an answer changed", async () => {
    const { actor, quiet } = start();
    answerProfile(actor);
    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "heberge" } });
    actor.send({ type: "GOTO", path: PATHS.recap });
    await waitFor(actor, (snapshot) => hasResults(snapshot.context), { timeout: 2_000 });
    await quiet();
    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "locataire" } });
    expect(hasResults(actor.getSnapshot().context)).toBe(false);
  });

  it("leaves the last step for the results without a quiet save: the computation saves", async () => {
    const { actor, calls, quiet } = start();
    answerProfile(actor);
    await quiet();
    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "heberge" } });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.currentPath).toBe(PATHS.results);
    await quiet();
    expect(calls).toHaveLength(1);
    actor.send({ type: "COMPUTE" });
    await waitFor(actor, (snapshot) => hasResults(snapshot.context), { timeout: 2_000 });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ["POST", "/api/simulation"],
      ["PUT", "/api/simulation/sim-1"],
      ["GET", "/api/simulation/sim-1/results"],
    ]);
  });

  it("saves when the page is left, asking the browser to finish the request", async () => {
    const { actor, calls, quiet } = start();
    actor.send({ type: "ANSWER", path: PATHS.birthDate, values: { date_naissance: "2004-03-01" } });
    actor.send({ type: "AUTOSAVE", leaving: true });
    await quiet();
    expect(calls.map((call) => [call.method, call.keepalive])).toEqual([["POST", true]]);
    // Nothing changed since: leaving again sends nothing.
    actor.send({ type: "AUTOSAVE", leaving: true });
    await quiet();
    expect(calls).toHaveLength(1);
  });

  it("saves a new simulation when the one saved before can no longer be changed (409)", async () => {
    const { actor, calls, quiet } = start(409);
    answerProfile(actor);
    await quiet();
    actor.send({ type: "ANSWER", path: PATHS.housing, values: { _logementType: "heberge" } });
    actor.send({ type: "GOTO", path: PATHS.recap });
    await waitFor(actor, (snapshot) => hasResults(snapshot.context), { timeout: 2_000 });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ["POST", "/api/simulation"],
      ["PUT", "/api/simulation/sim-1"],
      ["POST", "/api/simulation"],
      ["GET", "/api/simulation/sim-2/results"],
    ]);
    expect(actor.getSnapshot().context.simulationId).toBe("sim-2");
  });
});

describe("simulation machine: answers restored without a save", () => {
  it("saves answers the server never received at the next chapter's end, even unchanged", async () => {
    const storage = new MemoryStorage();
    const all = [
      { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
      { entityName: "individu", id: "demandeur", fieldName: "activite", value: "salarie" },
    ];
    storage.setItem(
      "simulation",
      JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY }),
    );
    const calls: string[] = [];
    const fetch = vi.fn<FetchLike>(async (url, init) => {
      calls.push(`${init?.method ?? "GET"} ${String(url)}`);
      return new Response(JSON.stringify({ _id: "sim-9", token: "token-9" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    });
    const actor = createActor(simulationMachine, {
      input: { deps: { bundle: fixtureBundle, storage, fetch, today: () => TODAY } },
    }).start();
    actor.send({ type: "GOTO", path: PATHS.activity });
    actor.send({ type: "NEXT" });
    await waitFor(actor, (snapshot) => snapshot.context.simulationId === "sim-9", {
      timeout: 2_000,
    });
    expect(calls).toEqual(["POST /api/simulation"]);
  });
});
