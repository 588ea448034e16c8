import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBundle } from "../../src/server/compose";
import { STATS_POSTS_PER_MINUTE } from "../../src/server/routes/stats";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

const bundle = loadBundle();

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

describe("statistics endpoint", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({ bundle });
  });
  afterAll(() => ctx?.close());

  const post = (payload: unknown) =>
    ctx.app.inject({ method: "POST", url: "/api/stats/events", payload: payload as object });

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

  it("rejects a body above its own limit with a 413", async () => {
    const events = Array.from({ length: 150 }, () => event({ hash_id: "x".repeat(100) }));
    const response = await post(
      events.map((e) => ({ ...e, abtesting: { note: "y".repeat(500) } })),
    );
    expect(response.statusCode).toBe(413);
  });

  it("stores valid events with their fields", async () => {
    const response = await post([
      event(),
      event({ benefit_id: "bourse_criteres_sociaux", benefit_index: 2 }),
      event({ benefit_id: "aide_logement", event_type: "showDetails", abtesting: null }),
    ]);
    expect(response.statusCode).toBe(204);
    const rows = await ctx.database.db
      .selectFrom("benefit_events")
      .selectAll()
      .orderBy("benefit_index")
      .orderBy("event_type")
      .execute();
    expect(rows).toHaveLength(3);
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
    for (const finishedAt of [undefined, "2026-01-15T10:00:00.000Z"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: { ...sampleInput(), ...(finishedAt ? { finishedAt } : {}) },
      });
      expect(response.statusCode).toBe(200);
    }
    // One simulation of three days ago, one older than the period.
    const ids = await ctx.database.db.selectFrom("simulations").select("id").execute();
    await ctx.database.db
      .updateTable("simulations")
      .set({ created_at: `${utcDay(3)}T08:00:00.000Z` })
      .where("id", "=", ids[0]!.id)
      .execute();
    const old = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: sampleInput(),
    });
    await ctx.database.db
      .updateTable("simulations")
      .set({ created_at: `${utcDay(40)}T08:00:00.000Z` })
      .where("id", "=", old.json<{ _id: string }>()._id)
      .execute();

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
  });

  it("rejects an out-of-range period", async () => {
    for (const days of ["0", "366", "abc"]) {
      const response = await ctx.app.inject({ method: "GET", url: `/api/stats?days=${days}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("statistics endpoint limits", () => {
  it("answers 429 with retry-after past its posts a minute from one address", async () => {
    const ctx = await startTestApp();
    try {
      const post = () => ctx.app.inject({ method: "POST", url: "/api/stats/events", payload: [] });
      for (let i = 0; i < STATS_POSTS_PER_MINUTE; i++) expect((await post()).statusCode).toBe(400);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
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
