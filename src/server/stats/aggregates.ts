import type { Bundle } from "../../domain";
import { funnelByChapter, type FunnelStep } from "./funnel";
import type { DayCount, StatsRepository } from "./repository";

/** Most simulations whose journey is rebuilt for the funnel: bounds the cost of one request. */
export const FUNNEL_SAMPLE_LIMIT = 2000;
export const TOP_BENEFITS_LIMIT = 10;

export interface StatsAggregates {
  /** First day counted, `YYYY-MM-DD` (UTC). */
  since: string;
  days: number;
  /** One entry per day, zeros included, oldest first. */
  simulationsPerDay: DayCount[];
  mostShownBenefits: { benefitId: string; label: string; count: number }[];
  funnel: {
    /** Simulations counted: the latest ones of the period, at most `FUNNEL_SAMPLE_LIMIT`. */
    simulations: number;
    steps: FunnelStep[];
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Every day from `since` to `today`, with the counts found and zeros elsewhere. */
export function fillDays(counts: readonly DayCount[], days: number, today: Date): DayCount[] {
  const byDay = new Map(counts.map((entry) => [entry.day, entry.count]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, index) => {
    const day = isoDay(new Date(end - (days - 1 - index) * DAY_MS));
    return { day, count: byDay.get(day) ?? 0 };
  });
}

export async function computeAggregates(
  repository: StatsRepository,
  bundle: Bundle,
  days: number,
  now: Date,
): Promise<StatsAggregates> {
  const [first] = fillDays([], days, now);
  const since = first?.day ?? isoDay(now);
  const [perDay, shown, recent] = await Promise.all([
    repository.simulationsPerDay(since),
    repository.mostShownBenefits(since, TOP_BENEFITS_LIMIT),
    repository.recentSimulations(since, FUNNEL_SAMPLE_LIMIT),
  ]);
  const labels = new Map(bundle.benefits.map((benefit) => [benefit.id, benefit.label]));
  return {
    since,
    days,
    simulationsPerDay: fillDays(perDay, days, now),
    mostShownBenefits: shown.map((entry) => ({
      ...entry,
      label: labels.get(entry.benefitId) ?? entry.benefitId,
    })),
    funnel: { simulations: recent.length, steps: funnelByChapter(bundle, recent) },
  };
}
