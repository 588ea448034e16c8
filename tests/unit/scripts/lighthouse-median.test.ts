/**
 * The third run of `npm test`'s Lighthouse step is skipped only when it cannot change the verdict
 * (scripts/lighthouse-median.ts). The oracle is Lighthouse CI's own assertion code, run on the
 * configuration of lighthouserc.cjs: its verdict on the two runs kept must be its verdict on all
 * three, whatever the third measured.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { meets, needsThirdRun, type Measured } from "../../../scripts/lighthouse-median";

const require = createRequire(import.meta.url);
const rc = require("../../../lighthouserc.cjs") as {
  TARGETS: Record<"home" | "step" | "results", { performance: number; lcpMs: number }>;
  MAX_CLS: number;
  ci: { collect: { url: string[] }; assert: Record<string, unknown> };
};
const { getAllAssertionResults } = require("@lhci/utils/src/assertions.js") as {
  getAllAssertionResults: (options: unknown, lhrs: unknown[]) => { level: string }[];
};

const PAGES = [
  ["home", rc.ci.collect.url[0]],
  ["step", rc.ci.collect.url[1]],
  ["results", rc.ci.collect.url[2]],
] as const;

interface Figures {
  performance: number;
  lcpMs: number;
  cls: number;
}

/** A report of `url` with these figures, as Lighthouse CI reads one. */
function report(url: string, { performance, lcpMs, cls }: Figures) {
  return {
    finalUrl: url,
    finalDisplayedUrl: url,
    categories: {
      performance: { id: "performance", score: performance, auditRefs: [] },
      accessibility: { id: "accessibility", score: 1, auditRefs: [] },
    },
    audits: {
      "largest-contentful-paint": { id: "largest-contentful-paint", score: 1, numericValue: lcpMs },
      "cumulative-layout-shift": { id: "cumulative-layout-shift", score: 1, numericValue: cls },
      "first-contentful-paint": { id: "first-contentful-paint", score: 1, numericValue: 800 },
      interactive: { id: "interactive", score: 1, numericValue: 2000 },
      "resource-summary": {
        id: "resource-summary",
        score: null,
        details: { items: [{ resourceType: "script", transferSize: 1024, requestCount: 1 }] },
      },
    },
  };
}

/** Whether Lighthouse CI, with lighthouserc.cjs's assertions, passes these runs of one page. */
function passes(runs: ReturnType<typeof report>[]): boolean {
  return getAllAssertionResults(rc.ci.assert, runs).every((result) => result.level !== "error");
}

/** Figures on both sides of each bound of `page`, and one far from them. */
function figuresAround(page: "home" | "step" | "results"): Figures[] {
  const { performance, lcpMs } = rc.TARGETS[page];
  const performances = [performance - 0.2, performance - 0.01, performance, performance + 0.03];
  const lcps = [lcpMs - 700, lcpMs, lcpMs + 1];
  const shifts = [0, rc.MAX_CLS, rc.MAX_CLS + 0.01];
  return performances.flatMap((p) =>
    lcps.flatMap((l) => shifts.map((cls) => ({ performance: p, lcpMs: l, cls }))),
  );
}

describe("the median of three, decided in two runs when it can be", () => {
  for (const [page, url] of PAGES) {
    it(`gives Lighthouse CI's verdict on three runs, for every third run (${page})`, () => {
      const figures = figuresAround(page);
      const bounds = { ...rc.TARGETS[page], maxCls: rc.MAX_CLS };
      let skipped = 0;
      let decided = 0;
      for (const a of figures)
        for (const b of figures) {
          const first = report(url as string, a);
          const second = report(url as string, b);
          if (needsThirdRun(first, second, bounds)) {
            decided++;
            continue;
          }
          skipped++;
          const verdict = passes([first, second]);
          for (const c of figures)
            expect(passes([first, second, report(url as string, c)])).toBe(verdict);
        }
      // Both cases occur, and Lighthouse CI tells a pass from a failure: the test compared something.
      const met = { performance: bounds.performance, lcpMs: bounds.lcpMs, cls: bounds.maxCls };
      expect(passes([report(url as string, met)])).toBe(true);
      expect(passes([report(url as string, { ...met, performance: met.performance - 0.01 })])).toBe(
        false,
      );
      expect(skipped).toBeGreaterThan(0);
      expect(decided).toBeGreaterThan(0);
    });
  }

  it("runs the third when the first two disagree on the score alone", () => {
    const bounds = { performance: 0.9, lcpMs: 2500, maxCls: 0.05 };
    const run = (performance: number): Measured => ({
      categories: { performance: { score: performance } },
      audits: {
        "largest-contentful-paint": { numericValue: 1600 },
        "cumulative-layout-shift": { numericValue: 0 },
      },
    });
    expect(needsThirdRun(run(0.89), run(0.96), bounds)).toBe(true);
    expect(needsThirdRun(run(0.9), run(0.96), bounds)).toBe(false);
    expect(needsThirdRun(run(0.85), run(0.88), bounds)).toBe(false);
  });

  it("counts a run without a figure (Lighthouse's error) as missing the bound", () => {
    const bounds = { performance: 0.9, lcpMs: 2500, maxCls: 0.05 };
    expect(meets({ categories: { performance: { score: null } }, audits: {} }, bounds)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
