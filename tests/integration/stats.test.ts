import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildJourney } from "../../src/domain";
import { loadBundle, loadCatalogue, statsBenefits } from "../../src/server/compose";
import { STATS_EVENTS_PER_HOUR, STATS_POSTS_PER_MINUTE } from "../../src/server/routes/stats";
import { createStatsRefresher, type StatsRefresher } from "../../src/server/stats/refresher";
import { createSimulationRepository } from "../../src/server/storage";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

// Counts the journeys built, to tell whether a request rebuilds any.
vi.mock("../../src/domain", async (importOriginal) => {
  const domain = await importOriginal<typeof import("../../src/domain")>();
  return { ...domain, buildJourney: vi.fn(domain.buildJourney) };
});

const bundle = loadBundle();
const catalogue = loadCatalogue();
const localAid = catalogue.aids[0]!.id;

function event(overrides: Record<string, unknown> = {}) {
  return {
    benefit_id: "aide_logement",
    hash_id: "uid_123456789ab",
    abtesting: { aides_bafa: "aides_bafa_separees" },
    benefit_index: 1,
    page_total: 3,
    event_type: "show",
    version: 2,
    ...overrides,
  };
}

function utcDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

interface StatsContext extends TestContext {
  /** Refreshes the statistics now rather than at the next interval. */
  refresh(): Promise<unknown>;
  /** A stored simulation. */
  simulationId: string;
}

async function startStatsApp(): Promise<StatsContext> {
  let refresher: StatsRefresher | undefined;
  const ctx = await startTestApp({
    bundle,
    stats: {
      benefits: statsBenefits(bundle, catalogue),
      createRefresher: (options) => (refresher = createStatsRefresher(options)),
    },
  });
  const { id } = await createSimulationRepository(ctx.database.db).createSimulation(sampleInput());
  return { ...ctx, refresh: () => refresher!.refresh(), simulationId: id };
}

describe("statistics endpoint", () => {
  let ctx: StatsContext;

  beforeAll(async () => {
    ctx = await startStatsApp();
  });
  afterAll(() => ctx?.close());

  const post = (payload: unknown, simulationId: string | null = ctx.simulationId) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/stats/events",
      headers: simulationId === null ? {} : { "x-simulation-id": simulationId },
      payload: payload as object,
    });

  it.each([
    ["an empty list", []],
    ["an object instead of a list", event()],
    ["version 1", [event({ version: 1 })]],
    ["a 0-based index", [event({ benefit_index: 0 })]],
    ["a missing hash_id", [{ ...event(), hash_id: undefined }]],
    ["an unknown field", [event({ extra: true })]],
    ["an event name with spaces", [event({ event_type: "drop table" })]],
    ["too many events", Array.from({ length: 201 }, () => event())],
  ])("rejects %s with a 400 and stores nothing", async (_name, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Les événements statistiques ne sont pas valides.",
    });
    const rows = await ctx.database.db.selectFrom("benefit_events").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it.each([
    [
      "a benefit the simulator does not have",
      [event(), event({ benefit_id: "aide_inventee" })],
      null,
      "[1].benefit_id",
      "n’est pas une aide du simulateur",
    ],
    [
      "an event type the front end never sends",
      [event({ event_type: "like" })],
      null,
      "[0].event_type",
      "doit être un type d’événement connu",
    ],
    [
      "the same benefit twice for one event type",
      [event(), event({ benefit_index: 2 })],
      null,
      "[1].benefit_id",
      "figure déjà dans la liste",
    ],
    [
      "no simulation",
      [event()],
      "none",
      "X-Simulation-Id",
      "est requis : l’identifiant de la simulation",
    ],
    [
      "a malformed simulation id",
      [event()],
      "../../etc",
      "X-Simulation-Id",
      "est requis : l’identifiant de la simulation",
    ],
    [
      "a simulation that is not stored",
      [event()],
      "AAAAAAAAAAAAAAAAAAAAAA",
      "X-Simulation-Id",
      "ne correspond à aucune simulation enregistrée",
    ],
  ])(
    "rejects %s with a French 400 naming the field",
    async (_name, payload, simulationId, path, message) => {
      const response = await post(
        payload,
        simulationId === "none" ? null : (simulationId ?? ctx.simulationId),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: "Les événements statistiques ne sont pas valides.",
        errors: [{ path, message: expect.stringContaining(message) }],
      });
      const rows = await ctx.database.db.selectFrom("benefit_events").selectAll().execute();
      expect(rows).toEqual([]);
    },
  );

  it("rejects a body above its own limit with a 413", async () => {
    const events = Array.from({ length: 150 }, () => event({ hash_id: "x".repeat(100) }));
    const response = await post(
      events.map((e) => ({ ...e, abtesting: { note: "y".repeat(500) } })),
    );
    expect(response.statusCode).toBe(413);
  });

  it("stores valid events with their fields, catalogue aids included", async () => {
    const response = await post([
      event(),
      event({ benefit_id: "bourse_criteres_sociaux", benefit_index: 2 }),
      event({ benefit_id: "aide_logement", event_type: "showDetails", abtesting: null }),
      event({ benefit_id: localAid, event_type: "teleservice", benefit_index: 4 }),
    ]);
    expect(response.statusCode).toBe(204);
    const rows = await ctx.database.db
      .selectFrom("benefit_events")
      .selectAll()
      .orderBy("benefit_index")
      .orderBy("event_type")
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.benefit_id)).toContain(localAid);
    expect(rows[0]).toMatchObject({
      benefit_id: "aide_logement",
      hash_id: "uid_123456789ab",
      abtesting: JSON.stringify({ aides_bafa: "aides_bafa_separees" }),
      benefit_index: 1,
      page_total: 3,
      event_type: "show",
      version: 2,
    });
    expect(rows.map((row) => row.abtesting)).toContain(null);
  });

  it("aggregates simulations per day, most shown benefits and the funnel by chapter", async () => {
    // The simulation of `startStatsApp` is older than the period.
    await ctx.database.db
      .updateTable("simulations")
      .set({ created_at: `${utcDay(40)}T08:00:00.000Z` })
      .where("id", "=", ctx.simulationId)
      .execute();
    for (const finishedAt of [undefined, "2026-01-15T10:00:00.000Z"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: { ...sampleInput(), ...(finishedAt ? { finishedAt } : {}) },
      });
      expect(response.statusCode).toBe(200);
    }
    // One simulation of three days ago.
    const [first] = await ctx.database.db
      .selectFrom("simulations")
      .select("id")
      .where("id", "!=", ctx.simulationId)
      .execute();
    await ctx.database.db
      .updateTable("simulations")
      .set({ created_at: `${utcDay(3)}T08:00:00.000Z` })
      .where("id", "=", first!.id)
      .execute();
    await ctx.refresh();

    const response = await ctx.app.inject({ method: "GET", url: "/api/stats?days=7" });
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(stats.days).toBe(7);
    expect(stats.since).toBe(utcDay(6));
    expect(stats.simulationsPerDay).toHaveLength(7);
    expect(stats.simulationsPerDay.at(-1)).toEqual({ day: utcDay(0), count: 1 });
    expect(stats.simulationsPerDay.at(-4)).toEqual({ day: utcDay(3), count: 1 });
    expect(
      stats.simulationsPerDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0),
    ).toBe(2);

    // Only `show` events count as shown.
    expect(stats.mostShownBenefits).toEqual([
      { benefitId: "aide_logement", label: expect.any(String), count: 1 },
      { benefitId: "bourse_criteres_sociaux", label: expect.any(String), count: 1 },
    ]);

    // Both simulations of the period answered the birth date (profile chapter); one finished.
    expect(stats.funnel.simulations).toBe(2);
    const reach = Object.fromEntries(
      stats.funnel.steps.map((step: { chapter: string; simulations: number }) => [
        step.chapter,
        step.simulations,
      ]),
    );
    expect(reach.profil).toBe(2);
    expect(reach.resultats).toBe(1);
    expect(stats.funnel.steps.map((step: { chapter: string }) => step.chapter)).not.toContain(
      "recapitulatif",
    );

    // A longer period takes in the older simulation.
    const year = (await ctx.app.inject({ method: "GET", url: "/api/stats?days=365" })).json();
    expect(year.simulationsPerDay).toHaveLength(365);
    expect(year.funnel.simulations).toBe(3);
    expect(year.simulationsPerDay.at(-41)).toEqual({ day: utcDay(40), count: 1 });
  });

  it("answers every period without rebuilding a single journey on the request path", async () => {
    await ctx.refresh();
    const built = vi.mocked(buildJourney);
    built.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 365 }, (_, index) =>
        ctx.app.inject({ method: "GET", url: `/api/stats?days=${index + 1}` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(built).not.toHaveBeenCalled();
  });

  it("rejects an out-of-range period", async () => {
    for (const days of ["0", "366", "abc"]) {
      const response = await ctx.app.inject({ method: "GET", url: `/api/stats?days=${days}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("statistics before the first computation", () => {
  it("answers a French 503 with retry-after rather than false zeros", async () => {
    const ctx = await startTestApp({
      bundle,
      stats: {
        createRefresher: () => ({
          current: () => undefined,
          refresh: () => new Promise(() => {}),
          start: () => {},
          stop: async () => {},
        }),
      },
    });
    try {
      const response = await ctx.app.inject({ method: "GET", url: "/api/stats?days=30" });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json().message).toBe(
        "Les statistiques sont en cours de calcul. Veuillez réessayer dans quelques instants.",
      );
    } finally {
      await ctx.close();
    }
  });
});

describe("statistics endpoint limits", () => {
  it("answers 429 with retry-after past its posts a minute from one address", async () => {
    const ctx = await startTestApp();
    try {
      const post = () => ctx.app.inject({ method: "POST", url: "/api/stats/events", payload: [] });
      expect(STATS_POSTS_PER_MINUTE).toBeLessThanOrEqual(60);
      for (let i = 0; i < STATS_POSTS_PER_MINUTE; i++) expect((await post()).statusCode).toBe(400);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it("answers 429 with retry-after past the events one simulation may post about a benefit", async () => {
    const ctx = await startStatsApp();
    try {
      const other = await createSimulationRepository(ctx.database.db).createSimulation(
        sampleInput(),
      );
      let address = 0;
      const post = (simulationId: string, payload = [event()]) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/stats/events",
          headers: { "x-simulation-id": simulationId },
          // Each post from its own address: this is the simulation's limit, not the address's.
          remoteAddress: `10.0.0.${++address}`,
          payload,
        });
      expect(STATS_EVENTS_PER_HOUR).toBeLessThanOrEqual(30);
      for (let i = 0; i < STATS_EVENTS_PER_HOUR; i++) {
        expect((await post(ctx.simulationId)).statusCode).toBe(204);
      }
      const refused = await post(ctx.simulationId);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // A post holding that benefit is refused whole; other benefits and simulations go on.
      const mixed = [event(), event({ benefit_id: "bourse_criteres_sociaux", benefit_index: 2 })];
      expect((await post(ctx.simulationId, mixed)).statusCode).toBe(429);
      expect(
        (await post(ctx.simulationId, [event({ benefit_id: "bourse_criteres_sociaux" })]))
          .statusCode,
      ).toBe(204);
      expect((await post(other.id)).statusCode).toBe(204);
      const stored = await ctx.database.db.selectFrom("benefit_events").select("id").execute();
      expect(stored).toHaveLength(STATS_EVENTS_PER_HOUR + 2);
    } finally {
      await ctx.close();
    }
  });
});

describe("public configuration", () => {
  it("names our own statistics endpoint and no tracker by default", async () => {
    const ctx = await startTestApp();
    try {
      const response = await ctx.app.inject({ method: "GET", url: "/api/config" });
      expect(response.json()).toMatchObject({ statsUrl: "/api/stats/events", matomoSiteId: 66 });
    } finally {
      await ctx.close();
    }
  });
});
