/**
 * `GET /api/openfisca/missingbenefits` against the real engine: the catalogue benefits whose
 * variable the pinned OpenFisca lacks; 503 in French while the engine is not ready.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Benefit, Bundle } from "../../src/domain";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import type { EngineStatus, EngineSupervisor } from "../../src/server/engine";
import type { DatabaseHandle } from "../../src/server/storage";
import { openTestDatabase } from "./helpers/database";
import { sharedEngine } from "./helpers/engine";

const bundle = loadBundle();
let engine: EngineSupervisor;
let database: DatabaseHandle;

/** A benefit no engine computes, added to the catalogue for the test. */
const imaginary: Benefit = {
  ...(bundle.benefits[0] as Benefit),
  id: "aide_imaginaire",
  engine: { variable: "aide_imaginaire_inexistante", entity: "individus", period: "month" },
};

beforeAll(async () => {
  engine = await sharedEngine();
  database = await openTestDatabase("missing-benefits");
});

afterAll(async () => {
  await database?.close();
  await engine?.stop();
});

function appWith(testBundle: Bundle, status: () => EngineStatus = () => engine.status) {
  return buildSimulatorApp({
    bundle: testBundle,
    db: database.db,
    engine: {
      client: engine.client,
      get status() {
        return status();
      },
    },
    logger: false,
  });
}

describe("GET /api/openfisca/missingbenefits", () => {
  it("lists the catalogue benefits the engine cannot compute, and only those", async () => {
    const app = appWith({ ...bundle, benefits: [...bundle.benefits, imaginary] });
    const response = await app.inject({ url: "/api/openfisca/missingbenefits" });
    expect(response.statusCode, response.body).toBe(200);
    const missing = response.json<string[]>();
    expect(missing).toContain("aide_imaginaire");
    expect(missing).not.toContain("rsa");
    expect(missing).not.toContain("bourse_criteres_sociaux");
    // Every id listed is a catalogue benefit whose variable the engine does not know.
    const known = await engine.client.variables();
    for (const id of missing) {
      const benefit = [...bundle.benefits, imaginary].find((b) => b.id === id);
      expect(benefit, id).toBeDefined();
      expect(known[benefit?.engine.variable ?? ""], id).toBeUndefined();
    }
    await app.close();
  });

  it("lists nothing for the catalogue: every engine benefit it names exists in the pinned engine", async () => {
    // crous_logement_eligibilite was listed until it became a condition-based aid (issue 57 §5);
    // schema:check now refuses a variable the engine lacks (scripts/schema/engine-variables.json).
    const app = appWith(bundle);
    const response = await app.inject({ url: "/api/openfisca/missingbenefits" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<string[]>()).toEqual([]);
    expect(bundle.benefits.some((b) => b.id === "crous_logement_eligibilite")).toBe(false);
    await app.close();
  });

  it("answers 503 with a French message while the engine is not ready", async () => {
    const app = appWith(bundle, () => "starting");
    const response = await app.inject({ url: "/api/openfisca/missingbenefits" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("10");
    const body = response.json<{ message: string; errors: unknown[] }>();
    expect(body.message).toMatch(/momentanément indisponible/);
    expect(body.errors).toEqual([]);
    await app.close();
  });
});
