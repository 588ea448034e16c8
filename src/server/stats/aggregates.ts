import type { FunnelStep, FunnelSteps } from "./funnel";
import type { DayBenefitCount, DayCount } from "./repository";

/** The widest period `GET /api/stats` answers for, in days. */
export const MAX_STATS_DAYS = 365;
export const TOP_BENEFITS_LIMIT = 10;

export interface StatsAggregates {
  /** First day counted, `YYYY-MM-DD` (UTC). */
  since: string;
  days: number;
  /** One entry per day, zeros included, oldest first. */
  simulationsPerDay: DayCount[];
  mostShownBenefits: { benefitId: string; label: string; count: number }[];
  funnel: {
    /** Simulations counted: those of the period among the latest `FUNNEL_SAMPLE_LIMIT` stored. */
    simulations: number;
    steps: FunnelStep[];
  };
}

/** The funnel's counts of the simulations created on one day. */
export interface FunnelDay {
  simulations: number;
  /** Chapter id → simulations of that day that reached it. */
  chapters: ReadonlyMap<string, number>;
}

/**
 * Everything the statistics page shows, per UTC day over the widest period, computed in the
 * background: any period of 1 to `MAX_STATS_DAYS` days is a slice of it.
 */
export interface StatsSnapshot {
  computedAt: Date;
  /** The days, oldest first; the last one is the day of `computedAt`. Same length everywhere. */
  days: readonly string[];
  simulationsPerDay: readonly number[];
  /** Benefit id → `show` events, per day. */
  shownPerDay: readonly ReadonlyMap<string, number>[];
  funnelPerDay: readonly FunnelDay[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `count` last UTC days up to `today`'s, oldest first. */
export function lastDays(count: number, today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    isoDay(new Date(end - (count - 1 - index) * DAY_MS)),
  );
}

/** Counts per day (in any order, days outside ignored) aligned on `days`, zeros elsewhere. */
export function alignCounts(days: readonly string[], counts: readonly DayCount[]): number[] {
  const index = new Map(days.map((day, at) => [day, at]));
  const aligned = days.map(() => 0);
  for (const { day, count } of counts) {
    const at = index.get(day);
    if (at !== undefined) aligned[at]! += count;
  }
  return aligned;
}

/** `show` counts per day aligned on `days`. */
export function alignBenefitCounts(
  days: readonly string[],
  counts: readonly DayBenefitCount[],
): Map<string, number>[] {
  const index = new Map(days.map((day, at) => [day, at]));
  const aligned = days.map(() => new Map<string, number>());
  for (const { day, benefitId, count } of counts) {
    const perDay = aligned[index.get(day) ?? -1];
    if (perDay) perDay.set(benefitId, (perDay.get(benefitId) ?? 0) + count);
  }
  return aligned;
}

function addTo(total: Map<string, number>, counts: ReadonlyMap<string, number>): void {
  for (const [key, count] of counts) total.set(key, (total.get(key) ?? 0) + count);
}

/**
 * The aggregates of the last `days` days of a snapshot: sums over at most `MAX_STATS_DAYS` days,
 * whatever the number of stored simulations or events.
 */
export function aggregatesFor(
  snapshot: StatsSnapshot,
  days: number,
  labels: ReadonlyMap<string, string>,
  steps: FunnelSteps,
): StatsAggregates {
  const from = Math.max(0, snapshot.days.length - days);
  const window = snapshot.days.slice(from);
  const shown = new Map<string, number>();
  const reached = new Map<string, number>();
  let simulations = 0;
  for (let at = from; at < snapshot.days.length; at++) {
    addTo(shown, snapshot.shownPerDay[at]!);
    addTo(reached, snapshot.funnelPerDay[at]!.chapters);
    simulations += snapshot.funnelPerDay[at]!.simulations;
  }
  const top = [...shown]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_BENEFITS_LIMIT);
  return {
    since: window[0] ?? isoDay(snapshot.computedAt),
    days,
    simulationsPerDay: window.map((day, index) => ({
      day,
      count: snapshot.simulationsPerDay[from + index]!,
    })),
    mostShownBenefits: top.map(([benefitId, count]) => ({
      benefitId,
      label: labels.get(benefitId) ?? benefitId,
      count,
    })),
    funnel: { simulations, steps: steps(reached) },
  };
}
