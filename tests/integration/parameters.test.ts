/**
 * `GET /api/openfisca/parameters/:date` without the real engine: values picked by date, cache,
 * fallbacks when the engine cannot be reached. The real engine is read in results.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Parameter } from "../../src/domain";
import { createEngineClient, type ParameterResponse } from "../../src/server/engine";
import { createParameterService, valueAt, type ParameterReader } from "../../src/server/parameters";
import { freePort } from "./helpers/engine";
import { startTestApp, type TestContext } from "./helpers/test-app";

const declared: Parameter[] = [
  { name: "age_maximum", openfisca: "bourses.age_maximum", fallback: 25 },
  { name: "taux", openfisca: "aah.taux", fallback: 0.8 },
];

const engineValues: Record<string, ParameterResponse> = {
  "bourses.age_maximum": {
    id: "bourses.age_maximum",
    values: { "2007-03-20": 26, "2020-06-08": 28 },
  },
  "aah.taux": { id: "aah.taux", values: { "2000-01-01": 0.8 } },
};

function fakeEngine(): ParameterReader & { parameter: ReturnType<typeof vi.fn> } {
  return {
    parameter: vi.fn(async (path: string) => {
      const response = engineValues[path];
      if (!response) throw new Error(`unknown parameter ${path}`);
      return response;
    }),
  };
}

describe("valueAt", () => {
  it("picks the value in force at the date", () => {
    const response = engineValues["bourses.age_maximum"]!;
    expect(valueAt(response, "2019-12-31")).toBe(26);
    expect(valueAt(response, "2020-06-08")).toBe(28);
    expect(valueAt(response, "2026-01-15")).toBe(28);
    expect(valueAt(response, "2001-01-01")).toBeUndefined();
  });

  it("treats an abolished parameter as having no value", () => {
    expect(
      valueAt({ id: "x", values: { "2000-01-01": 1, "2010-01-01": null } }, "2020-01-01"),
    ).toBeUndefined();
  });
});

describe("GET /api/openfisca/parameters/:date", () => {
  let ctx: TestContext;
  let engine: ReturnType<typeof fakeEngine>;
  beforeAll(async () => {
    engine = fakeEngine();
    ctx = await startTestApp({ parametersAt: createParameterService(declared, engine) });
  });
  afterAll(() => ctx.close());

  it("answers the engine's values at the date, keyed by schema name", async () => {
    const response = await ctx.app.inject({ url: "/api/openfisca/parameters/2019-06-01" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      date: "2019-06-01",
      source: "openfisca",
      parameters: { age_maximum: 26, taux: 0.8 },
    });
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("reads the engine once per date", async () => {
    engine.parameter.mockClear();
    for (let i = 0; i < 3; i++) {
      const response = await ctx.app.inject({ url: "/api/openfisca/parameters/2026-01-15" });
      expect(response.json()).toMatchObject({ parameters: { age_maximum: 28 } });
    }
    expect(engine.parameter).toHaveBeenCalledTimes(declared.length);
  });

  it("keeps the fallback of a parameter not in force at the date", async () => {
    const response = await ctx.app.inject({ url: "/api/openfisca/parameters/2001-01-01" });
    expect(response.json()).toEqual({
      date: "2001-01-01",
      source: "openfisca",
      parameters: { age_maximum: 25, taux: 0.8 },
    });
  });

  it.each(["2026-13-01", "2026-02-30", "demain", "2026-1-5"])(
    "rejects the malformed date %s with a 400 in French",
    async (date) => {
      const response = await ctx.app.inject({ url: `/api/openfisca/parameters/${date}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "La date doit être une date valide au format AAAA-MM-JJ.",
        errors: [{ path: "date", message: expect.any(String) }],
      });
    },
  );
});

describe("parameters when the engine is down", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on this port: every read is refused.
    const client = createEngineClient({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    ctx = await startTestApp({ parametersAt: createParameterService(declared, client) });
  });
  afterAll(() => ctx.close());

  it("answers 200 with the schema's fallbacks, flagged, and not cacheable", async () => {
    const response = await ctx.app.inject({ url: "/api/openfisca/parameters/2026-01-15" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      date: "2026-01-15",
      source: "fallback",
      parameters: { age_maximum: 25, taux: 0.8 },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("does not wait for an engine that is not ready", async () => {
    const engine = fakeEngine();
    const parametersAt = createParameterService(declared, engine, {
      engineStatus: () => "starting",
    });
    expect(await parametersAt("2026-01-15")).toMatchObject({ source: "fallback" });
    expect(engine.parameter).not.toHaveBeenCalled();
  });

  it("asks the engine again after a failure", async () => {
    let up = false;
    const engine: ParameterReader = {
      parameter: async (path) => {
        if (!up) throw new Error("ECONNREFUSED");
        return engineValues[path]!;
      },
    };
    const parametersAt = createParameterService(declared, engine);
    expect(await parametersAt("2026-01-15")).toMatchObject({ source: "fallback" });
    up = true;
    expect(await parametersAt("2026-01-15")).toMatchObject({ source: "openfisca" });
  });

  it("defaults to the fallbacks in an app built without an engine", async () => {
    const bare = await startTestApp();
    try {
      const response = await bare.app.inject({ url: "/api/openfisca/parameters/2026-01-15" });
      expect(response.json()).toEqual({ date: "2026-01-15", source: "fallback", parameters: {} });
    } finally {
      await bare.close();
    }
  });
});

describe("GET /api/config", () => {
  it("tells the browser the contact address, or null, beside the telemetry settings", async () => {
    const withEmail = await startTestApp({ contactEmail: "contact@example.fr" });
    const without = await startTestApp();
    try {
      expect((await withEmail.app.inject({ url: "/api/config" })).json()).toMatchObject({
        contactEmail: "contact@example.fr",
      });
      expect((await without.app.inject({ url: "/api/config" })).json()).toEqual({
        contactEmail: null,
        matomoUrl: null,
        matomoSiteId: 66,
        statsUrl: "/api/stats/events",
        sentryDsn: null,
      });
    } finally {
      await withEmail.close();
      await without.close();
    }
  });
});
