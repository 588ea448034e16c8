/**
 * Retention (docs/product.md §3, §4 "anonymized"), on SQLite and on PostgreSQL (`TEST_DATABASE_URL`):
 * simulations past 7 days (31 with a follow-up) are anonymised in one transaction each, their
 * results are gone unless a recap was sent, and running the job again changes nothing.
 */
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../../src/domain";
import { anonymizeExpiredSimulations, startRetentionJob } from "../../src/server/retention";
import { createFollowupRepository } from "../../src/server/storage";
import { testDialect } from "./helpers/database";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const RESULTS_GONE =
  "Cette simulation a été anonymisée\u00a0: ses résultats ne sont plus disponibles. Vous pouvez faire une nouvelle simulation.";

interface Created {
  id: string;
  token: string;
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A simulation of a family (two birth dates, a named child) saved `ageDays` before NOW. */
async function simulationAged(ageDays: number, status = "new"): Promise<Created> {
  const input = sampleInput();
  const family: Answer[] = [
    { entityName: "enfants", id: "enfants", fieldName: "enfants", value: ["enfant_0"] },
    { entityName: "individu", id: "enfant_0", fieldName: "_firstName", value: "Léa" },
    { entityName: "individu", id: "enfant_0", fieldName: "date_naissance", value: "2021-08-30" },
  ];
  input.answers.all.push(...family);
  const response = await ctx.app.inject({ method: "POST", url: "/api/simulation", payload: input });
  expect(response.statusCode, response.body).toBe(200);
  const { _id: id, token } = response.json<{ _id: string; token: string }>();
  const createdAt = new Date(NOW.getTime() - ageDays * DAY_MS).toISOString();
  await ctx.database.db
    .updateTable("simulations")
    .set({ created_at: createdAt, updated_at: createdAt, status })
    .where("id", "=", id)
    .execute();
  return { id, token };
}

async function withFollowup(simulation: Created): Promise<void> {
  await createFollowupRepository(ctx.database.db).createFollowup({
    simulationId: simulation.id,
    email: "camille.martin@example.fr",
    phone: "+33612345678",
    surveyOptin: true,
    benefits: [{ id: "css", label: "Complémentaire santé solidaire" }],
  });
}

async function row(id: string) {
  return ctx.database.db
    .selectFrom("simulations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function followupOf(id: string) {
  return ctx.database.db
    .selectFrom("followups")
    .selectAll()
    .where("simulation_id", "=", id)
    .executeTakeFirstOrThrow();
}

async function get(url: string, token: string) {
  return ctx.app.inject({ method: "GET", url, headers: bearer(token) });
}

/** Makes every update of the follow-ups fail, as a crash in the middle of the transaction would. */
const failingFollowupUpdates: KyselyPlugin = {
  transformQuery({ node }): RootOperationNode {
    if (node.kind === "UpdateQueryNode" && JSON.stringify(node.table).includes('"followups"')) {
      throw new Error("simulated crash");
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe(`retention (${testDialect()})`, () => {
  let expired: Created;
  let recent: Created;
  let recentWithFollowup: Created;
  let expiredWithFollowup: Created;
  let investigation: Created;

  beforeAll(async () => {
    expired = await simulationAged(8);
    recent = await simulationAged(6);
    recentWithFollowup = await simulationAged(20);
    await withFollowup(recentWithFollowup);
    expiredWithFollowup = await simulationAged(40);
    await withFollowup(expiredWithFollowup);
    investigation = await simulationAged(60, "investigation");
  });

  it("leaves everything as it was when the transaction fails, then finishes on the next run", async () => {
    const before = await row(expiredWithFollowup.id);
    await expect(
      anonymizeExpiredSimulations(ctx.database.db.withPlugin(failingFollowupUpdates), {
        now: () => NOW,
      }),
    ).rejects.toThrow("simulated crash");
    expect(await row(expiredWithFollowup.id)).toEqual(before);
    expect(await followupOf(expiredWithFollowup.id)).toMatchObject({
      email: "camille.martin@example.fr",
      phone: "+33612345678",
    });

    const { anonymized, unreadable } = await anonymizeExpiredSimulations(ctx.database.db, {
      now: () => NOW,
    });
    // Oldest first.
    expect(anonymized).toEqual([expiredWithFollowup.id, expired.id]);
    expect(unreadable).toEqual([]);
  });

  it("wipes contact data and coarsens the answers, keeping them readable", async () => {
    const stored = await row(expired.id);
    expect(stored.status).toBe("anonymized");
    expect(stored.answers).not.toContain("Léa");
    expect(stored.answers).not.toContain("2005-03-14");
    expect(stored.answers).not.toContain("2021-08-30");

    const response = await get(`/api/simulation/${expired.id}`, expired.token);
    expect(response.statusCode, response.body).toBe(200);
    const simulation = response.json<{ status: string; answers: { all: Answer[] } }>();
    expect(simulation.status).toBe("anonymized");
    const value = (id: string, fieldName: string) =>
      simulation.answers.all.find((answer) => answer.id === id && answer.fieldName === fieldName)
        ?.value;
    // Ages at the value date 2026-01-15 (20 and 4) are all that is left of the birth dates.
    expect(value("demandeur", "date_naissance")).toBe("2006-01-01");
    expect(value("enfant_0", "date_naissance")).toBe("2022-01-01");
    expect(value("enfant_0", "_firstName")).toBe("votre 1er enfant");
    expect(value("demandeur", "activite")).toBe("etudiant");

    const followup = await followupOf(expiredWithFollowup.id);
    expect(followup.email).toBeNull();
    expect(followup.phone).toBeNull();
    // The survey's answers and the benefits found are statistics, not contact data.
    expect(JSON.parse(followup.benefits)).toEqual([
      { id: "css", label: "Complémentaire santé solidaire" },
    ]);
  });

  it("keeps simulations within their period and those the team set aside", async () => {
    for (const kept of [recent, recentWithFollowup, investigation]) {
      const stored = await row(kept.id);
      expect(stored.status).not.toBe("anonymized");
      expect(stored.answers).toContain("2005-03-14");
      expect(stored.answers).toContain("Léa");
    }
    expect((await followupOf(recentWithFollowup.id)).email).toBe("camille.martin@example.fr");
  });

  it("answers 410 in French for the results of an anonymised simulation without follow-up", async () => {
    for (const url of [
      `/api/simulation/${expired.id}/results`,
      `/api/simulation/${expired.id}/situation`,
      `/api/simulation/${expired.id}/eligibility/css`,
    ]) {
      const response = await get(url, expired.token);
      expect(response.statusCode, url).toBe(410);
      expect(response.json()).toMatchObject({ message: RESULTS_GONE });
    }
    // Its owner only: without the token, still 403.
    const stranger = await ctx.app.inject({
      method: "GET",
      url: `/api/simulation/${expired.id}/results`,
    });
    expect(stranger.statusCode).toBe(403);
  });

  it("still gives the results when a follow-up exists, but no new recap", async () => {
    const results = await get(
      `/api/simulation/${expiredWithFollowup.id}/results`,
      expiredWithFollowup.token,
    );
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toMatchObject({ _id: expiredWithFollowup.id });

    const recap = await ctx.app.inject({
      method: "POST",
      url: `/api/simulation/${expired.id}/followup`,
      headers: bearer(expired.token),
      payload: { email: "camille.martin@example.fr", surveyOptin: false },
    });
    expect(recap.statusCode, recap.body).toBe(410);
    expect(recap.json<{ message: string }>().message).toMatch(/anonymisée/);
  });

  it("changes nothing when run again, and the scheduled job runs it at start", async () => {
    const before = await row(expired.id);
    expect(await anonymizeExpiredSimulations(ctx.database.db, { now: () => NOW })).toEqual({
      anonymized: [],
      unreadable: [],
    });
    expect(await row(expired.id)).toEqual(before);

    // 32 days later, the simulation that had a follow-up 20 days old has passed 31 days too.
    const later = new Date(NOW.getTime() + 12 * DAY_MS);
    const logged: string[] = [];
    const job = startRetentionJob(ctx.database.db, {
      intervalMs: 3_600_000,
      now: () => later,
      logger: {
        info: (_details, message) => logged.push(message),
        error: (_details, message) => logged.push(message),
      },
    });
    await job.stop();
    expect(logged).toEqual(["retention: expired simulations anonymised"]);
    expect((await row(recentWithFollowup.id)).status).toBe("anonymized");
    expect((await row(recent.id)).status).toBe("anonymized");
    expect((await row(investigation.id)).status).toBe("investigation");
    expect((await followupOf(recentWithFollowup.id)).email).toBeNull();
  });
});
