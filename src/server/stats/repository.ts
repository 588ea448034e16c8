import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Answers } from "../../domain";
import type { Database } from "../storage";
import type { BenefitEvent } from "./events";
import type { FunnelSimulation } from "./funnel";

export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  count: number;
}

export interface BenefitCount {
  benefitId: string;
  count: number;
}

export interface StatsRepository {
  addEvents(events: readonly BenefitEvent[]): Promise<void>;
  /** Simulations created per UTC day from `since` (inclusive, `YYYY-MM-DD`). */
  simulationsPerDay(since: string): Promise<DayCount[]>;
  /** The benefits most often shown since that day, most shown first. */
  mostShownBenefits(since: string, limit: number): Promise<BenefitCount[]>;
  /** The latest simulations created since that day, newest first, at most `limit`. */
  recentSimulations(since: string, limit: number): Promise<FunnelSimulation[]>;
}

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

    async simulationsPerDay(since) {
      // ISO timestamps: the first 10 characters are the UTC day, in SQLite and PostgreSQL alike.
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom("simulations")
        .select([day.as("day"), (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("created_at", ">=", since)
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    async mostShownBenefits(since, limit) {
      const rows = await db
        .selectFrom("benefit_events")
        .select(["benefit_id", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("event_type", "=", "show")
        .where("created_at", ">=", since)
        .groupBy("benefit_id")
        .orderBy("count", "desc")
        .orderBy("benefit_id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ benefitId: row.benefit_id, count: Number(row.count) }));
    },

    async recentSimulations(since, limit) {
      const rows = await db
        .selectFrom("simulations")
        .select(["answers", "date_de_valeur", "finished_at"])
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        answers: JSON.parse(row.answers) as Answers,
        dateDeValeur: row.date_de_valeur,
        finishedAt: row.finished_at,
      }));
    },
  };
}
