/**
 * The server with an engine that is down, or killed in the middle of a computation: it starts
 * anyway, reports degraded health, answers 503 with a French message, and the supervisor restarts
 * a killed engine so that a later call succeeds. These tests start and kill their OWN engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import {
  createEngineSupervisor,
  EngineUnavailableError,
  type EngineClient,
  type EngineSupervisor,
} from "../../src/server/engine";
import type { DatabaseHandle } from "../../src/server/storage";
import { student, VALUE_DATE } from "../fixtures/situations";
import { openTestDatabase } from "./helpers/database";
import { freePort, quietLogger } from "./helpers/engine";

const bundle = loadBundle();
const ENGINE_UNAVAILABLE =
  "Le calcul des aides est momentanément indisponible. Veuillez réessayer dans quelques instants.";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase("robustness");
});

afterAll(async () => {
  await database?.close();
});

type App = ReturnType<typeof buildSimulatorApp>;

async function createSimulation(app: App): Promise<{ id: string; token: string }> {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { _id, token } = created.json<{ _id: string; token: string }>();
  return { id: _id, token };
}

const results = (app: App, { id, token }: { id: string; token: string }) =>
  app.inject({
    url: `/api/simulation/${id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });

function expectEngineUnavailable(response: Awaited<ReturnType<App["inject"]>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers["retry-after"]).toBe("10");
  expect(response.json()).toEqual({ message: ENGINE_UNAVAILABLE, errors: [] });
}

describe("engine down at start", () => {
  let engine: EngineSupervisor;

  afterAll(async () => {
    await engine?.stop();
  });

  it("starts, reports degraded health and answers 503 in French", async () => {
    // Nothing listens on this port: the engine never answers.
    engine = createEngineSupervisor({
      externalUrl: `http://127.0.0.1:${await freePort()}`,
      bootTimeoutMs: 500,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    expect(await engine.start()).toBe("degraded");
    const app = buildSimulatorApp({ bundle, db: database.db, engine, logger: false });
    await app.ready();

    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "degraded", engine: "degraded", database: "ok" });

    // Saving still works; computing does not.
    const simulation = await createSimulation(app);
    expectEngineUnavailable(await results(app, simulation));
    const missing = await app.inject({ url: "/api/openfisca/missingbenefits" });
    expect(missing.statusCode).toBe(503);
    expect(missing.json<{ message: string }>().message).toMatch(/momentanément indisponible/);
    await app.close();
  });
});

describe("engine killed during a computation", () => {
  let engine: EngineSupervisor;

  beforeAll(async () => {
    engine = createEngineSupervisor({
      port: await freePort(),
      workers: 1,
      initialBackoffMs: 200,
      logger: quietLogger(),
    });
    await engine.start();
    await engine.waitUntilReady(240_000);
  });

  afterAll(async () => {
    await engine?.stop();
  });

  it("answers 503 to the visitor, restarts the engine, and a later call succeeds", async () => {
    const firstPid = engine.pid;
    expect(firstPid).toBeDefined();
    let killDuring = true;
    let killedCall: unknown;
    // The real client, except that the first computation kills the engine's whole process group
    // (gunicorn master and worker) once the request is in the worker's hands.
    const client: EngineClient = {
      ...engine.client,
      async calculate(request, options) {
        if (!killDuring) return engine.client.calculate(request, options);
        killDuring = false;
        const pid = engine.pid as number;
        // A cold computation takes ~150 ms (docs/adr/0008-cold-computation.md): 40 ms after
        // sending, the request is in the worker's hands and its answer not yet on its way.
        const timer = setTimeout(() => process.kill(-pid, "SIGKILL"), 40);
        try {
          return await engine.client.calculate(request, options);
        } catch (error) {
          killedCall = error;
          throw error;
        } finally {
          clearTimeout(timer);
        }
      },
    };
    const app = buildSimulatorApp({
      bundle,
      db: database.db,
      engine: {
        client,
        get status() {
          return engine.status;
        },
        workers: engine.workers,
        onStatus: (listener) => engine.onStatus(listener),
      },
      // The visitor's own computation is the one killed: nothing computed ahead of it.
      compute: { aheadQueue: 0 },
      logger: false,
    });
    const simulation = await createSimulation(app);
    const leftReady = new Promise<void>((resolve) => {
      const off = engine.onStatus((status) => {
        if (status === "ready") return;
        off();
        resolve();
      });
    });

    expectEngineUnavailable(await results(app, simulation));
    // The engine call itself was cut off (connection reset), not refused beforehand.
    expect(killedCall).toBeInstanceOf(EngineUnavailableError);

    await leftReady;
    await engine.waitUntilReady(240_000);
    expect(engine.pid).toBeDefined();
    expect(engine.pid).not.toBe(firstPid);

    const again = await results(app, simulation);
    expect(again.statusCode, again.body).toBe(200);
    const droits = again.json<{ droitsEligibles: { id: string; montant: number }[] }>();
    expect(droits.droitsEligibles.map((d) => d.id)).toContain("bourse_criteres_sociaux");
    await app.close();
  });
});
