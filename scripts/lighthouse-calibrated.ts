/**
 * Lighthouse runs whose CPU slowdown is calibrated to the host that ran them
 * (docs/adr/0010-lighthouse-cpu-calibration.md).
 *
 * Simulated throttling loads the page at the host's own speed, then estimates the metrics of a
 * phone whose CPU is `cpuSlowdownMultiplier` times slower than the host. Lighthouse's default, 4,
 * is made for a host in its "high-end desktop" bracket, benchmark index 1,500 to 2,000
 * (upstream docs/throttling.md), and turns it into a mid-tier phone. On a host twice as slow, the
 * same 4 emulates a phone twice as slow, and the score moves with the machine rather than with
 * the pages. So every run is gathered first (Lighthouse measures the host's benchmark index just
 * before each page load); the median of those indices sets one slowdown; every run is then
 * audited with it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import puppeteer, { type Page } from "puppeteer-core";
import { calibratedSlowdown } from "./lighthouse-slowdown";

/**
 * Lighthouse's own failures to record the page load's trace ("Something went wrong with recording
 * the trace over your page load. Please run Lighthouse again."): nothing was measured. A
 * fresh-clone `npm test` failed once on NO_NAVSTART here, every metric of the recap missing.
 */
const TRACE_NOT_RECORDED = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);
const ATTEMPTS = 3;

interface Artifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

/** lighthouserc.cjs's `ci.collect.settings`. */
export interface CollectSettings {
  chromeFlags: string;
  onlyCategories: string[];
  disableFullPageScreenshot: boolean;
  skipAudits: string[];
}

/** A Chrome of its own for one run, with lighthouserc.cjs's flags. */
export function launch(chromePath: string, settings: CollectSettings) {
  return puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: settings.chromeFlags.split(/\s+/).filter((flag) => flag !== "--headless=new"),
  });
}

/** Lighthouse's flags for lighthouserc.cjs's settings. */
export function lighthouseFlags(settings: CollectSettings): Flags {
  return {
    onlyCategories: settings.onlyCategories,
    disableFullPageScreenshot: settings.disableFullPageScreenshot,
    skipAudits: settings.skipAudits,
    logLevel: "error",
  };
}

/** A tab to run Lighthouse in, and how to close its browser. */
export type OpenTab = () => Promise<{ page: Page; close: () => Promise<void> }>;

/** One page to measure: its address, Lighthouse's flags, how to open its tab. */
export interface Run {
  url: string;
  flags: Flags;
  open: OpenTab;
  /** Throws when the report is not of the page meant. */
  check?: (lhr: Result) => void;
}

interface Gathered extends Run {
  /** Lighthouse's saved artifacts (`gatherMode`): the trace, the host's index, the settings. */
  dir: string;
  benchmarkIndex: number;
}

async function gather(run: Run): Promise<Gathered> {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-artifacts-"));
  const { page, close } = await run.open();
  try {
    await lighthouse(run.url, { ...run.flags, gatherMode: dir }, undefined, page);
  } finally {
    await close();
  }
  return { ...run, dir, benchmarkIndex: readArtifacts(dir).BenchmarkIndex };
}

function readArtifacts(dir: string): Artifacts {
  return JSON.parse(readFileSync(join(dir, "artifacts.json"), "utf8")) as Artifacts;
}

/** Audits a gathered run as a phone `slowdown` times slower than the host. */
async function audit(run: Gathered, slowdown: number): Promise<Result> {
  const artifacts = readArtifacts(run.dir);
  // Simulated throttling gathers unthrottled: only the audit reads the slowdown, and Lighthouse
  // refuses an audit whose settings differ from the gathering's.
  const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: slowdown };
  artifacts.settings.throttling = throttling;
  writeFileSync(join(run.dir, "artifacts.json"), JSON.stringify(artifacts));
  const result = await lighthouse(run.url, { ...run.flags, throttling, auditMode: run.dir });
  if (!result) throw new Error(`Lighthouse returned no report for ${run.url}`);
  return result.lhr;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The name Lighthouse CI reads a report under (`lhr-<digits>.json`, @lhci/utils' saved-reports):
 * any other is silently left out of its assertions.
 */
function reportName(index: number): string {
  return `lhr-${Date.now()}${String(index).padStart(3, "0")}.json`;
}

/** What the host measured in the session, and the slowdown it set. */
export interface Calibration {
  benchmarkIndices: number[];
  benchmarkIndex: number;
  slowdown: number;
}

/**
 * Gathers every run in turn, then audits each with the slowdown of the median of the indices
 * they measured; the reports are written as `lhr-*.json` in `dir` (where Lighthouse CI's
 * assertions read them). A run whose trace Lighthouse did not record is gathered again, as
 * Lighthouse asks, at most three times in all; any other outcome (a measured page, whatever its
 * figures) is the report.
 */
export async function measureCalibrated(runs: Run[], dir: string): Promise<Calibration> {
  const gathered: Gathered[] = [];
  try {
    for (const run of runs) gathered.push(await gather(run));
    const benchmarkIndices = gathered.map((run) => run.benchmarkIndex);
    const benchmarkIndex = median(benchmarkIndices);
    const slowdown = calibratedSlowdown(benchmarkIndex);
    for (const [index, first] of [...gathered].entries()) {
      let run = first;
      let lhr = await audit(run, slowdown);
      for (let attempt = 2; attempt <= ATTEMPTS; attempt++) {
        const code = lhr.runtimeError?.code;
        if (!code || !TRACE_NOT_RECORDED.has(code)) break;
        console.warn(
          `Lighthouse did not record the trace of ${run.url} (${code}): run ${attempt}.`,
        );
        run = await gather(run);
        gathered.push(run);
        lhr = await audit(run, slowdown);
      }
      run.check?.(lhr);
      writeFileSync(join(dir, reportName(index)), JSON.stringify(lhr));
    }
    return { benchmarkIndices, benchmarkIndex, slowdown };
  } finally {
    for (const run of gathered) rmSync(run.dir, { recursive: true, force: true });
  }
}
