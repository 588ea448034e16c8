import { setImmediate as nextTurn } from "node:timers/promises";
import { RESULTS_CHAPTER, type Answers, type Bundle } from "../../domain";
import {
  MAX_STATS_DAYS,
  alignBenefitCounts,
  alignCounts,
  lastDays,
  type FunnelDay,
  type StatsSnapshot,
} from "./aggregates";
import { chaptersReached, type FunnelSimulation } from "./funnel";
import type { SimulationStamp, StatsRepository } from "./repository";

/** How often the statistics are computed again (`STATS_REFRESH_MS`). */
export const DEFAULT_STATS_REFRESH_MS = 5 * 60 * 1000;
/**
 * Most simulations counted in the funnel: the latest ones of the widest period. Each one's journey
 * is rebuilt once, then only when it changes, so a refresh rebuilds at most this many journeys.
 */
export const FUNNEL_SAMPLE_LIMIT = 10_000;
/** Simulations whose answers are read at once: large answers are parsed one simulation a turn. */
const ANSWERS_PER_READ = 20;
/** Until the first snapshot exists, a failed refresh is retried sooner than the interval. */
const FIRST_RETRY_MS = 10_000;

export interface StatsRefresherOptions {
  repository: StatsRepository;
  bundle: Bundle;
  intervalMs?: number;
  now?: () => Date;
  funnelSampleLimit?: number;
  logger?: { error(details: object, message: string): void };
  /** The chapters one simulation reached; `chaptersReached` by default. */
  chapters?: (simulation: FunnelSimulation) => ReadonlySet<string>;
}

export interface StatsRefresher {
  /** The latest snapshot, or undefined before the first one is ready. */
  current(): StatsSnapshot | undefined;
  /** A snapshot computed after this call (a refresh already running is not enough). */
  refresh(): Promise<StatsSnapshot>;
  /** Refreshes now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a running refresh to give up. */
  stop(): Promise<void>;
}

interface CountedSimulation {
  /** Its timestamps: when one changes, the journey is rebuilt (and the day read again). */
  stamp: string;
  day: string;
  chapters: readonly string[];
}

class RefreshStopped extends Error {
  override name = "RefreshStopped";
}

const stampOf = (simulation: SimulationStamp) =>
  `${simulation.createdAt}|${simulation.updatedAt}|${simulation.finishedAt ?? ""}`;

/**
 * Computes the statistics of `GET /api/stats` off the request path: per-day counts over the widest
 * period, and the funnel of the latest simulations. Between two simulations it yields to the event
 * loop, so no turn of the loop is longer than one journey.
 */
export function createStatsRefresher(options: StatsRefresherOptions): StatsRefresher {
  const { repository, bundle } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_STATS_REFRESH_MS;
  const now = options.now ?? (() => new Date());
  const sampleLimit = options.funnelSampleLimit ?? FUNNEL_SAMPLE_LIMIT;
  const chapters = options.chapters ?? ((simulation) => chaptersReached(bundle, simulation));

  let latest: StatsSnapshot | undefined;
  let counted = new Map<string, CountedSimulation>();
  let last: Promise<unknown> = Promise.resolve();
  let queued: Promise<StatsSnapshot> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  function chaptersOf(stamp: SimulationStamp, answers: string, dateDeValeur: string): string[] {
    let parsed: Answers;
    try {
      parsed = JSON.parse(answers) as Answers;
    } catch {
      return stamp.finishedAt ? [RESULTS_CHAPTER] : [];
    }
    return [...chapters({ answers: parsed, dateDeValeur, finishedAt: stamp.finishedAt })];
  }

  /** Rebuilds the journeys of the new and changed simulations; drops those out of the sample. */
  async function countFunnel(stamps: readonly SimulationStamp[]) {
    const next = new Map<string, CountedSimulation>();
    const changed: SimulationStamp[] = [];
    for (const simulation of stamps) {
      const known = counted.get(simulation.id);
      if (known && known.stamp === stampOf(simulation)) next.set(simulation.id, known);
      else changed.push(simulation);
    }
    for (let from = 0; from < changed.length; from += ANSWERS_PER_READ) {
      const chunk = changed.slice(from, from + ANSWERS_PER_READ);
      const rows = new Map(
        (await repository.answersOf(chunk.map((simulation) => simulation.id))).map((row) => [
          row.id,
          row,
        ]),
      );
      for (const simulation of chunk) {
        await nextTurn();
        if (stopped) throw new RefreshStopped();
        const row = rows.get(simulation.id);
        // Deleted since the stamps were read.
        if (!row) continue;
        next.set(simulation.id, {
          stamp: stampOf(simulation),
          day: simulation.createdAt.slice(0, 10),
          chapters: chaptersOf(simulation, row.answers, row.dateDeValeur),
        });
      }
    }
    counted = next;
  }

  async function compute(): Promise<StatsSnapshot> {
    const computedAt = now();
    const days = lastDays(MAX_STATS_DAYS, computedAt);
    const since = days[0]!;
    const perDay = await repository.simulationsPerDay(since);
    await nextTurn();
    const shown = await repository.shownPerDay(since);
    await nextTurn();
    const stamps = await repository.recentStamps(since, sampleLimit);
    await countFunnel(stamps);

    const dayIndex = new Map(days.map((day, at) => [day, at]));
    const funnel = days.map(() => ({ simulations: 0, chapters: new Map<string, number>() }));
    for (const simulation of counted.values()) {
      const day = funnel[dayIndex.get(simulation.day) ?? -1];
      if (!day) continue;
      day.simulations++;
      for (const chapter of simulation.chapters) {
        day.chapters.set(chapter, (day.chapters.get(chapter) ?? 0) + 1);
      }
    }
    latest = {
      computedAt,
      days,
      simulationsPerDay: alignCounts(days, perDay),
      shownPerDay: alignBenefitCounts(days, shown),
      funnelPerDay: funnel satisfies FunnelDay[],
    };
    return latest;
  }

  function refresh(): Promise<StatsSnapshot> {
    if (stopped) return Promise.reject(new RefreshStopped());
    // One refresh runs at a time; calls made meanwhile share the next one.
    queued ??= last
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return compute();
      });
    last = queued;
    return queued;
  }

  async function tick(): Promise<void> {
    try {
      await refresh();
    } catch (error) {
      if (error instanceof RefreshStopped) return;
      options.logger?.error({ err: error }, "statistics refresh failed");
    }
    if (stopped) return;
    timer = setTimeout(
      () => void tick(),
      latest ? intervalMs : Math.min(intervalMs, FIRST_RETRY_MS),
    );
    timer.unref();
  }

  return {
    current: () => latest,
    refresh,
    start() {
      if (started || stopped) return;
      started = true;
      void tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await last.catch(() => undefined);
    },
  };
}
