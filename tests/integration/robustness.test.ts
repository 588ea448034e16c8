/**
 * The server with an engine that is down: it starts anyway, reports degraded health and answers
 * 503 with a French message. An engine killed in the middle of computations (503 in French, the
 * supervisor restarts it, the same simulations then compute) is tested on the real server process
 * in tests/integration/faults/engine-kill.test.ts; the supervisor's own restart, without orphan
 * workers, in tests/integration/engine.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineSupervisor, type EngineSupervisor } from "../../src/server/engine";
import type { DatabaseHandle } from "../../src/server/storage";
import { student, VALUE_DATE } from "../fixtures/situations";
import { openTestDatabase } from "./helpers/database";
import { freePort } from "./helpers/engine";

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
