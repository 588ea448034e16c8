import type { FetchLike } from "../machine/api";

/** `GET /api/stats` (see src/server/stats/aggregates.ts). */
export interface StatsAggregates {
  since: string;
  days: number;
  simulationsPerDay: { day: string; count: number }[];
  mostShownBenefits: { benefitId: string; label: string; count: number }[];
  funnel: { simulations: number; steps: { chapter: string; label: string; simulations: number }[] };
}

export const STATS_LOAD_ERROR =
  "Les statistiques ne sont pas disponibles pour le moment. Veuillez réessayer plus tard.";

export async function fetchStats(fetchFn: FetchLike, days: number): Promise<StatsAggregates> {
  const response = await fetchFn(`/api/stats?days=${days}`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /api/stats: HTTP ${response.status}`);
  return (await response.json()) as StatsAggregates;
}

/** `2026-11-02` → `2 nov.` */
export function shortDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("fr-FR", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}
