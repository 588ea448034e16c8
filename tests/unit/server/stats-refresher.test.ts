import { describe, expect, it } from "vitest";
import type { Bundle } from "../../../src/domain";
import { aggregatesFor } from "../../../src/server/stats/aggregates";
import { createEventQuota } from "../../../src/server/stats/quota";
import { createStatsRefresher } from "../../../src/server/stats/refresher";
import type { SimulationStamp, StatsRepository } from "../../../src/server/stats/repository";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const bundle = { chapters: [], benefits: [] } as unknown as Bundle;

/** A repository over stamps in memory, counting the answers it reads. */
function memoryRepository(stamps: SimulationStamp[]) {
  const reads: string[] = [];
  const repository: StatsRepository = {
    addEvents: async () => {},
    simulationExists: async () => true,
    simulationsPerDay: async () => [
      { day: "2026-03-10", count: 2 },
      { day: "2026-03-01", count: 1 },
      { day: "2024-01-01", count: 9 },
    ],
    shownPerDay: async () => [
      { day: "2026-03-10", benefitId: "a", count: 1 },
      { day: "2026-03-01", benefitId: "b", count: 5 },
    ],
    recentStamps: async (_since, limit) => stamps.slice(0, limit),
    answersOf: async (ids) => {
      reads.push(...ids);
      return ids.map((id) => ({
        id,
        answers: JSON.stringify({ all: [], current: [] }),
        dateDeValeur: "2026-01-01",
      }));
    },
  };
  return { repository, reads };
}

const stamp = (id: string, day: string, finished = false): SimulationStamp => ({
  id,
  createdAt: `${day}T08:00:00.000Z`,
  updatedAt: `${day}T08:00:00.000Z`,
  finishedAt: finished ? `${day}T09:00:00.000Z` : null,
});

describe("statistics refresher", () => {
  it("rebuilds a journey once, then only for new or changed simulations", async () => {
    const stamps = [
      stamp("s1", "2026-03-10", true),
      stamp("s2", "2026-03-10"),
      stamp("s3", "2026-03-01"),
    ];
    const { repository, reads } = memoryRepository(stamps);
    const built: string[] = [];
    const refresher = createStatsRefresher({
      repository,
      bundle,
      now: () => NOW,
      chapters: (simulation) => {
        built.push(simulation.dateDeValeur);
        return new Set(simulation.finishedAt ? ["profil", "resultats"] : ["profil"]);
      },
    });
    expect(refresher.current()).toBeUndefined();
    await refresher.refresh();
    expect(built).toHaveLength(3);
    await refresher.refresh();
    expect(built).toHaveLength(3);
    stamps[1] = { ...stamps[1]!, updatedAt: "2026-03-10T10:00:00.000Z" };
    stamps.push(stamp("s4", "2026-03-09"));
    await refresher.refresh();
    expect(built).toHaveLength(5);
    expect(reads).toEqual(["s1", "s2", "s3", "s2", "s4"]);

    const snapshot = refresher.current()!;
    expect(snapshot.days).toHaveLength(365);
    expect(snapshot.days.at(-1)).toBe("2026-03-10");
    const steps = (counts: ReadonlyMap<string, number>) =>
      ["profil", "resultats"].map((chapter) => ({
        chapter,
        label: chapter,
        simulations: counts.get(chapter) ?? 0,
      }));
    const week = aggregatesFor(snapshot, 7, new Map([["a", "Aide A"]]), steps);
    expect(week.since).toBe("2026-03-04");
    expect(week.simulationsPerDay.map((day) => day.count)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(week.mostShownBenefits).toEqual([{ benefitId: "a", label: "Aide A", count: 1 }]);
    expect(week.funnel).toEqual({
      simulations: 3,
      steps: [
        { chapter: "profil", label: "profil", simulations: 3 },
        { chapter: "resultats", label: "resultats", simulations: 1 },
      ],
    });
    const month = aggregatesFor(snapshot, 30, new Map(), steps);
    expect(month.mostShownBenefits.map((entry) => entry.benefitId)).toEqual(["b", "a"]);
    expect(month.funnel.simulations).toBe(4);
    // Days before the widest period are not counted.
    const year = aggregatesFor(snapshot, 365, new Map(), steps);
    expect(year.simulationsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it("yields to the event loop between two simulations", async () => {
    const stamps = Array.from({ length: 50 }, (_, i) => stamp(`s${i}`, "2026-03-10"));
    const { repository } = memoryRepository(stamps);
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const refresher = createStatsRefresher({
      repository,
      bundle,
      now: () => NOW,
      chapters: () => new Set(["profil"]),
    });
    await refresher.refresh();
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(stamps.length);
  });

  it("stops between two simulations when asked", async () => {
    const stamps = Array.from({ length: 50 }, (_, i) => stamp(`s${i}`, "2026-03-10"));
    const { repository } = memoryRepository(stamps);
    let built = 0;
    const refresher = createStatsRefresher({
      repository,
      bundle,
      now: () => NOW,
      chapters: () => {
        built++;
        return new Set();
      },
    });
    const running = refresher.refresh();
    await refresher.stop();
    await expect(running).rejects.toThrow();
    expect(built).toBeLessThan(stamps.length);
  });
});

describe("statistics event quota", () => {
  it("counts per simulation, benefit and type, refuses a post whole, and resets each window", () => {
    let now = 0;
    const quota = createEventQuota({ limit: 2, windowMs: 1000, now: () => now });
    const show = (id: string) => ({ benefit_id: id, event_type: "show" });
    expect(quota.take("s1", [show("a")]).ok).toBe(true);
    expect(quota.take("s1", [show("a"), show("b")]).ok).toBe(true);
    now = 400;
    expect(quota.take("s1", [show("b"), show("a")])).toEqual({ ok: false, retryAfterS: 1 });
    expect(quota.take("s1", [show("b")]).ok).toBe(true);
    expect(quota.take("s1", [{ benefit_id: "a", event_type: "showDetails" }]).ok).toBe(true);
    expect(quota.take("s2", [show("a")]).ok).toBe(true);
    now = 1000;
    expect(quota.take("s1", [show("a")]).ok).toBe(true);
  });
});
