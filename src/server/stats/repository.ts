import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../storage";
import type { BenefitEvent } from "./events";

export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  count: number;
}

export interface DayBenefitCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  benefitId: string;
  count: number;
}

/** What tells whether a simulation changed since its chapters were counted. */
export interface SimulationStamp {
  id: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface SimulationAnswers {
  id: string;
  /** JSON `{ all, current }`, as stored: parsed one simulation at a time by the reader. */
  answers: string;
  dateDeValeur: string;
}

export interface StatsRepository {
  addEvents(events: readonly BenefitEvent[]): Promise<void>;
  /** Whether a simulation with this id is stored (its answers are not read). */
  simulationExists(id: string): Promise<boolean>;
  /** Simulations created per UTC day from `since` (inclusive, `YYYY-MM-DD`). */
  simulationsPerDay(since: string): Promise<DayCount[]>;
  /** `show` events per UTC day and benefit from `since`. */
  shownPerDay(since: string): Promise<DayBenefitCount[]>;
  /** The latest simulations created since that day, newest first, at most `limit`: no answers. */
  recentStamps(since: string, limit: number): Promise<SimulationStamp[]>;
  /** The answers of these simulations (unknown ids are left out). */
  answersOf(ids: readonly string[]): Promise<SimulationAnswers[]>;
}

// ISO timestamps: the first 10 characters are the UTC day, in SQLite and PostgreSQL alike.
const day = sql<string>`substr(created_at, 1, 10)`;

export function createStatsRepository(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): StatsRepository {
  return {
    async addEvents(events) {
      if (events.length === 0) return;
      const createdAt = now().toISOString();
      await db
        .insertInto("benefit_events")
        .values(
          events.map((event) => ({
            id: randomUUID(),
            benefit_id: event.benefit_id,
            hash_id: event.hash_id,
            abtesting: event.abtesting == null ? null : JSON.stringify(event.abtesting),
            benefit_index: event.benefit_index,
            page_total: event.page_total,
            event_type: event.event_type,
            version: event.version,
            created_at: createdAt,
          })),
        )
        .execute();
    },

    async simulationExists(id) {
      const row = await db
        .selectFrom("simulations")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async simulationsPerDay(since) {
      const rows = await db
        .selectFrom("simulations")
        .select([day.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("created_at", ">=", since)
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    async shownPerDay(since) {
      const rows = await db
        .selectFrom("benefit_events")
        .select([
          day.as("day"),
          "benefit_id",
          (eb) => eb.fn.countAll<number | string>().as("count"),
        ])
        .where("event_type", "=", "show")
        .where("created_at", ">=", since)
        .groupBy([day, "benefit_id"])
        .execute();
      return rows.map((row) => ({
        day: row.day,
        benefitId: row.benefit_id,
        count: Number(row.count),
      }));
    },

    async recentStamps(since, limit) {
      const rows = await db
        .selectFrom("simulations")
        .select(["id", "created_at", "updated_at", "finished_at"])
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        finishedAt: row.finished_at,
      }));
    },

    async answersOf(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("simulations")
        .select(["id", "answers", "date_de_valeur"])
        .where("id", "in", [...ids])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        answers: row.answers,
        dateDeValeur: row.date_de_valeur,
      }));
    },
  };
}
