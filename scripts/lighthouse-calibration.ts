/**
 * The CPU slowdown of `npm run lighthouse`, calibrated to the machine that runs it.
 *
 * Lighthouse's mobile preset emulates a mid-range phone by multiplying the CPU time it observes
 * by 4, a factor chosen for a host whose "benchmark index" (Lighthouse's own measure of the
 * host's speed) is about 1,500. This 2-core machine measures 1,080 to 1,720 from one run to the
 * next: with a fixed 4, the emulated phone was up to 1.6 times slower on a slow run, and the
 * performance floors failed or passed with the host's load. Lighthouse's throttling guide
 * (docs/throttling.md, "CPU throttling") asks for the multiplier to be calibrated from the
 * host's benchmark index; its calculator's reference points are below. Every run then measures
 * the same emulated phone, whatever the host (README.md, `npm run lighthouse`).
 */
import { chromium } from "playwright-core";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/**
 * Benchmark index → CPU slowdown that emulates the preset's phone, from the reference points of
 * Lighthouse's CPU throttling calculator; linear between them and beyond the last.
 */
const REFERENCE_POINTS: readonly (readonly [index: number, slowdown: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= REFERENCE_POINTS[0]![0]) return 1;
  const above = REFERENCE_POINTS.findIndex(([index]) => benchmarkIndex <= index);
  const upper = above === -1 ? REFERENCE_POINTS.length - 1 : above;
  const [lowIndex, lowSlowdown] = REFERENCE_POINTS[upper - 1]!;
  const [highIndex, highSlowdown] = REFERENCE_POINTS[upper]!;
  return (
    lowSlowdown +
    ((benchmarkIndex - lowIndex) * (highSlowdown - lowSlowdown)) / (highIndex - lowIndex)
  );
}

/** How many times the host is measured: the median is kept (one measure takes 1 s). */
const MEASURES = 5;

/** The host's benchmark index as Lighthouse measures it, in the browser Lighthouse drives. */
export async function measureBenchmarkIndex(chromePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true });
  try {
    const page = await browser.newPage();
    const measures: number[] = [];
    for (let i = 0; i < MEASURES; i++) {
      // A string: the function runs in the page as Lighthouse runs it, untouched by our build.
      measures.push(
        (await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number,
      );
    }
    measures.sort((a, b) => a - b);
    return measures[Math.floor(measures.length / 2)]!;
  } finally {
    await browser.close();
  }
}
