/**
 * Issue 15: no single visitor can stall, poison or flood the computations. Against the real
 * engine: one household the engine cannot compute fails alone in its batch; a full computation
 * queue refuses at once with a French 503; a computation that waited too long is dropped unsent.
 * Without the engine: per-address limits on writes and computations, and the body-receive timeout.
 */
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineCompute, EngineBusyError } from "../../src/server/compute";
import {
  EngineRequestError,
  type CalculateRequest,
  type EngineClient,
  type EngineSupervisor,
} from "../../src/server/engine";
import { messages } from "../../src/server/messages";
import { createSimulationComputer } from "../../src/server/results";
import type { DatabaseHandle, Simulation } from "../../src/server/storage";
import { student, VALUE_DATE } from "../fixtures/situations";
import { openTestDatabase } from "./helpers/database";
import { sharedEngine } from "./helpers/engine";
import { sampleInput, startTestApp } from "./helpers/test-app";

const bundle = loadBundle();
let engine: EngineSupervisor;
let database: DatabaseHandle;

beforeAll(async () => {
  engine = await sharedEngine();
  database = await openTestDatabase("hardening_compute");
});

afterAll(async () => {
  await engine?.stop();
  await database?.close();
});

/** A student paying `rent`: distinct rents make distinct engine requests (no shared cache entry). */
function studentPaying(rent: number): Answer[] {
  return student.map((answer) =>
    answer.fieldName === "loyer" ? { ...answer, value: rent } : answer,
  );
}

function simulationOf(answers: Answer[], id: string): Simulation {
  return {
    id,
    answers: { all: answers, current: answers },
    dateDeValeur: VALUE_DATE,
    version: null,
    status: "new",
    abtesting: null,
    modifiedFrom: null,
    finishedAt: null,
    ressourcesFiscales: null,
    patrimoine: null,
    createdAt: "",
    updatedAt: "",
  };
}

describe("one poisoned household in a batch (real engine)", () => {
  it("computes the 30 legitimate households and fails the poisoned one alone, with its own error", async () => {
    const compute = createEngineCompute(engine.client, { workers: 2, cacheSize: 0 });
    const computer = createSimulationComputer(bundle, compute.calculator, {
      engineVariables: () => compute.info.variables(),
    });
    const prepared = await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        computer.prepare(simulationOf(studentPaying(300 + i), `visitor-${i}`)),
      ),
    );
    const requests = prepared.map((p) => structuredClone(p.request) as unknown as CalculateRequest);
    // What the door validation will refuse, built straight into the engine request: a month key
    // past year 9999, which makes OpenFisca raise ("year 10000 is out of range": HTTP 500).
    const poisoned = requests[30] as CalculateRequest;
    (poisoned.individus.demandeur as Record<string, unknown>).salaire_net = { "9999-12": 1000 };

    const outcomes = await Promise.allSettled(requests.map((r) => compute.calculator.calculate(r)));
    const legitimate = outcomes.slice(0, 30);
    expect(legitimate.map((outcome) => outcome.status)).toEqual(Array(30).fill("fulfilled"));
    const failure = outcomes[30] as PromiseRejectedResult;
    expect(failure.status).toBe("rejected");
    expect(failure.reason).toBeInstanceOf(EngineRequestError);
    expect((failure.reason as EngineRequestError).status).toBe(500);
    expect(JSON.stringify((failure.reason as EngineRequestError).body)).toContain("out of range");

    // Each legitimate household got what it gets alone.
    const alone = await engine.client.calculate(requests[7] as CalculateRequest);
    expect((legitimate[7] as PromiseFulfilledResult<unknown>).value).toEqual(alone);
  });
});

/** An engine client whose `/calculate` waits until `open()`: the queue fills deterministically. */
function gatedClient(client: EngineClient) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let sent = 0;
  let onSent: () => void = () => undefined;
  const firstSent = new Promise<void>((resolve) => (onSent = resolve));
  const gated: EngineClient = {
    ...client,
    async calculate(request, options) {
      sent++;
      onSent();
      await gate;
      return client.calculate(request, options);
    },
  };
  return { client: gated, open: () => open(), sent: () => sent, firstSent };
}

describe("bounded computation queue (real engine)", () => {
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    await app?.close();
  });

  async function owned(server: FastifyInstance, rent: number) {
    const created = await server.inject({
      method: "POST",
      url: "/api/simulation",
      payload: {
        answers: { all: studentPaying(rent), current: studentPaying(rent) },
        dateDeValeur: VALUE_DATE,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { _id, token } = created.json<{ _id: string; token: string }>();
    return () =>
      server.inject({
        url: `/api/simulation/${_id}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
  }

  it("refuses at once, in French with Retry-After, what does not fit; computes what was admitted", async () => {
    const gated = gatedClient(engine.client);
    app = buildSimulatorApp({
      bundle,
      db: database.db,
      engine: { client: gated.client, status: "ready", workers: 1 },
      compute: { workers: 1, maxQueue: 2, batchWindowMs: 0, cacheSize: 0 },
      logger: false,
    });
    const server = app;
    const visitors = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => owned(server, 500 + i)));
    const answers = visitors.map((results) => results());
    // One computation at the (closed) engine, two waiting: the three others are refused while
    // nothing has been computed yet.
    const settled: number[] = [];
    answers.forEach((answer, index) => void answer.then(() => settled.push(index)));
    const refused = await waitForCount(answers, (r) => r.statusCode === 503, 3);
    expect(gated.sent()).toBe(1);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: messages.engineBusy, errors: [] });
      expect(response.headers["retry-after"]).toBe("5");
    }
    gated.open();
    const all = await Promise.all(answers);
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 503, 503, 503]);
    // The refused answered before any computed one.
    const firstComputed = settled.findIndex((index) => all[index]?.statusCode === 200);
    expect(settled.slice(0, firstComputed).every((index) => all[index]?.statusCode === 503)).toBe(
      true,
    );
    expect(firstComputed).toBe(3);
  });

  it("drops, unsent, a computation that waited for a worker past its deadline: 503", async () => {
    const gated = gatedClient(engine.client);
    const server = buildSimulatorApp({
      bundle,
      db: database.db,
      engine: { client: gated.client, status: "ready", workers: 1 },
      compute: { workers: 1, queueTimeoutMs: 200, batchWindowMs: 0, cacheSize: 0 },
      logger: false,
    });
    try {
      const [first, second] = await Promise.all([owned(server, 601), owned(server, 602)]);
      const computing = first!();
      await gated.firstSent;
      const waiting = await second!();
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual({ message: messages.engineBusy, errors: [] });
      expect(waiting.headers["retry-after"]).toBe("5");
      gated.open();
      expect((await computing).statusCode).toBe(200);
      // The dropped computation never reached the engine.
      expect(gated.sent()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

/** Resolves with the first `count` responses matching `test`, in the order they arrive. */
function waitForCount<T>(promises: Promise<T>[], test: (value: T) => boolean, count: number) {
  return new Promise<T[]>((resolve) => {
    const found: T[] = [];
    for (const promise of promises) {
      void promise.then((value) => {
        if (!test(value)) return;
        found.push(value);
        if (found.length === count) resolve(found);
      });
    }
  });
}

describe("route errors of a computation", () => {
  it("answers a situation the engine cannot compute with a French 422, not 'unavailable'", async () => {
    const ctx = await startTestApp({
      computeResults: () =>
        Promise.reject(
          new EngineRequestError(500, {
            error: "Internal server error: year 10000 is out of range",
          }),
        ),
    });
    try {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: sampleInput(),
      });
      const { _id, token } = created.json<{ _id: string; token: string }>();
      const response = await ctx.app.inject({
        url: `/api/simulation/${_id}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: messages.situationNotComputable, errors: [] });
      expect(response.headers["retry-after"]).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });

  it("answers a full queue with the French 503 and Retry-After", async () => {
    const ctx = await startTestApp({
      computeResults: () => Promise.reject(new EngineBusyError("queue-full")),
    });
    try {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: sampleInput(),
      });
      const { _id, token } = created.json<{ _id: string; token: string }>();
      const response = await ctx.app.inject({
        url: `/api/simulation/${_id}/results`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: messages.engineBusy, errors: [] });
      expect(response.headers["retry-after"]).toBe("5");
    } finally {
      await ctx.close();
    }
  });
});

describe("per-address limits", () => {
  it("refuses the 121st simulation a minute from one address with a French 429; others still write", async () => {
    const ctx = await startTestApp();
    try {
      const post = (remoteAddress: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/simulation",
          payload: sampleInput(),
          remoteAddress,
        });
      for (let i = 0; i < 120; i++) expect((await post("203.0.113.7")).statusCode).toBe(200);
      const refused = await post("203.0.113.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.tooManySimulations, errors: [] });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await post("203.0.113.8")).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it("counts results, explanations and representations together, per address", async () => {
    let now = 0;
    let computed = 0;
    const ctx = await startTestApp({
      ipLimits: { computationsPerMinute: 3, now: () => now },
      computeResults: async () => {
        computed++;
        return { droitsEligibles: [], droitsInjectes: [] };
      },
      computeRepresentation: async () => ({}),
      explainBenefit: async (_, benefitId) => ({ benefitId, eligible: true }),
    });
    try {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: sampleInput(),
      });
      const { _id, token } = created.json<{ _id: string; token: string }>();
      const get = (path: string, remoteAddress: string) =>
        ctx.app.inject({
          url: `/api/simulation/${_id}/${path}`,
          headers: { authorization: `Bearer ${token}` },
          remoteAddress,
        });
      expect((await get("results", "198.51.100.1")).statusCode).toBe(200);
      expect((await get("eligibility/rsa", "198.51.100.1")).statusCode).toBe(200);
      expect((await get("openfisca_request", "198.51.100.1")).statusCode).toBe(200);
      const refused = await get("results", "198.51.100.1");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.tooManyComputations, errors: [] });
      expect(refused.headers["retry-after"]).toBe("60");
      expect(computed).toBe(1);
      // Another address is not affected; the first one is allowed again after a minute.
      expect((await get("results", "198.51.100.2")).statusCode).toBe(200);
      now = 60_001;
      expect((await get("results", "198.51.100.1")).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe("body-receive timeout", () => {
  it("answers 408 in French and closes a connection trickling its body past the timeout", async () => {
    const timeoutMs = 300;
    const ctx = await startTestApp({ requestTimeoutMs: timeoutMs });
    try {
      await ctx.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = ctx.app.server.address() as AddressInfo;
      const socket = connect(port, "127.0.0.1");
      const declared = 10_000;
      let trickled = 0;
      let received = "";
      const started = performance.now();
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
      socket.write(
        `POST /api/simulation HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${declared}\r\n\r\n{`,
      );
      // One byte every 20 ms, as a slow attacker would, until the server closes the connection.
      const trickle = setInterval(() => {
        if (socket.writable) {
          socket.write(" ");
          trickled++;
        }
      }, 20);
      await new Promise<void>((resolve) => socket.on("close", () => resolve()));
      clearInterval(trickle);
      const elapsedMs = performance.now() - started;

      // The server ended it, with the timeout's answer, while the body was still incomplete.
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      const body = received.slice(received.indexOf("\r\n\r\n") + 4);
      expect(JSON.parse(body)).toEqual({ message: messages.requestTimeout, errors: [] });
      expect(trickled + 1).toBeLessThan(declared);
      // Not before the timeout: the client was still sending when the server gave up.
      expect(elapsedMs).toBeGreaterThanOrEqual(timeoutMs);
      expect(trickled).toBeGreaterThan(0);
      // Ended by the request timeout, not by Node's 60 s headers timeout: a tiny part of the body
      // was trickled (the whole would take 200 s).
      expect(trickled).toBeLessThan(declared / 10);
    } finally {
      await ctx.close();
    }
  });

  it("is on by default (REQUEST_TIMEOUT_MS, 10 s)", async () => {
    const ctx = await startTestApp();
    try {
      expect(ctx.app.server.requestTimeout).toBe(10_000);
      expect(ctx.app.server.headersTimeout).toBe(10_000);
    } finally {
      await ctx.close();
    }
  });
});
