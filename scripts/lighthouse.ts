/**
 * `npm run lighthouse` (and a step of `npm test`): Lighthouse on the built app, served by the
 * real server, with the budgets of lighthouserc.cjs as errors. Each run's CPU slowdown is
 * calibrated to the host (scripts/lighthouse-calibrated.ts, docs/adr/0010); Lighthouse CI then
 * asserts the budgets on the reports, which land in .lighthouseci/.
 *
 * The server runs without engine workers (ENGINE_URL points at a closed port): the pages
 * measured compute nothing, and the workers' warm-up would compete with Chromium for the CPU.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { freePort } from "../tests/integration/helpers/free-port";
import { RECAP_PATH } from "../src/domain/journey";
import {
  launch,
  lighthouseFlags,
  measureCalibrated,
  type CollectSettings,
} from "./lighthouse-calibrated";
import { recapRun } from "./lighthouse-recap";

const repoRoot = resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
/** lighthouserc.cjs's addresses when LHCI_BASE_URL is not set (as here, where it is read). */
const defaultBaseUrl = "http://127.0.0.1:8093";
const staticDir = resolve(repoRoot, process.env.STATIC_DIR || "dist/app");
const lhci = join(repoRoot, "node_modules/.bin/lhci");
const resultsDir = join(repoRoot, ".lighthouseci");
/** The reports Lighthouse CI's assertions read (@lhci/utils' saved-reports): no other counts. */
const LHCI_REPORT = /^lhr-\d+\.json$/;

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode})`);
    try {
      const response = await fetch(url, { headers: { accept: "text/html" } });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done) => {
    const child = spawn(lhci, args, { cwd: repoRoot, env, stdio: "inherit" });
    child.on("exit", (code) => done(code ?? 1));
  });
}

interface Lhr {
  finalDisplayedUrl: string;
  /** Lighthouse's measure of the host's speed just before the run's page load. */
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType: string; transferSize: number; requestCount: number }[] };
    }
  >;
}

interface Rc {
  TARGETS: Record<string, { performance: number; lcpMs: number }>;
  OTHER_PAGES: Record<"catalogue" | "aid" | "recap", { lcpMs: number; floor: number }>;
  CATALOGUE_URLS: string[];
  ci: {
    collect: { chromePath: string; settings: CollectSettings; url: string[]; numberOfRuns: number };
  };
}

/** The target of issue 18 §4 for the page at `path`, as lighthouserc.cjs states it. */
function targetOf(path: string, rc: Pick<Rc, "TARGETS" | "OTHER_PAGES">): string {
  const other = path.startsWith(RECAP_PATH)
    ? rc.OTHER_PAGES.recap
    : path === "/aides"
      ? rc.OTHER_PAGES.catalogue
      : path.startsWith("/aides/")
        ? rc.OTHER_PAGES.aid
        : undefined;
  if (other)
    return ` (plancher : performance ≥ ${other.floor} ; objectif : LCP ≤ ${other.lcpMs / 1000} s, CLS ≤ 0.05)`;
  const page =
    path === "/" ? "home" : path.startsWith("/simulation/resultats") ? "results" : "step";
  const target = rc.TARGETS[page] as Rc["TARGETS"][string];
  return ` (objectif : performance ≥ ${target.performance}, LCP ≤ ${target.lcpMs / 1000} s, CLS ≤ 0.05)`;
}

/**
 * One line per page, for the log and the notes: its median run (by performance score), its
 * runs' scores, transferred bytes, and the target.
 */
function printSummary(rc: Pick<Rc, "TARGETS" | "OTHER_PAGES">) {
  const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;
  const byPage = new Map<string, Lhr[]>();
  for (const file of readdirSync(resultsDir).filter((name) => LHCI_REPORT.test(name))) {
    const lhr = JSON.parse(readFileSync(join(resultsDir, file), "utf8")) as Lhr;
    const url = new URL(lhr.finalDisplayedUrl);
    const page = `${url.pathname}${url.search}`;
    byPage.set(page, [...(byPage.get(page) ?? []), lhr]);
  }
  for (const [page, runs] of byPage) {
    const performance = (lhr: Lhr) => lhr.categories.performance?.score ?? 0;
    const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
    const lhr = sorted[Math.floor(sorted.length / 2)] as Lhr;
    const items = lhr.audits["resource-summary"]?.details?.items ?? [];
    const of = (type: string) => items.find((item) => item.resourceType === type);
    const score = (id: string) => lhr.categories[id]?.score?.toFixed(2) ?? "–";
    const metric = (id: string, scale: number, digits: number) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? "–" : (value / scale).toFixed(digits);
    };
    const all =
      runs.length > 1 ? ` [${sorted.map((run) => performance(run).toFixed(2)).join(", ")}]` : "";
    console.log(
      `${page}: accessibilité ${score("accessibility")}, performance ${score("performance")}${all}, ` +
        `FCP ${metric("first-contentful-paint", 1000, 2)} s, ` +
        `LCP ${metric("largest-contentful-paint", 1000, 2)} s, ` +
        `CLS ${metric("cumulative-layout-shift", 1, 3)}, TBT ${metric("total-blocking-time", 1, 0)} ms, ` +
        `JS ${kb(of("script")?.transferSize)} (${of("script")?.requestCount ?? 0} fichiers), ` +
        `total ${kb(of("total")?.transferSize)}, indice de vitesse de la machine ` +
        `${Math.round(lhr.environment.benchmarkIndex)}${targetOf(page, rc)}`,
    );
  }
}

async function main(): Promise<number> {
  if (!existsSync(join(staticDir, "index.html"))) {
    console.error(`No built app in ${staticDir}: run \`npm run build\` first.`);
    return 1;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  // The built server, as `npm start` runs it (`npm run build` wrote it with dist/app).
  const server = spawn("bash", ["scripts/serve.sh"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: staticDir,
      DATABASE_URL: "",
      DATABASE_PATH: join(dataDir, "lighthouse.sqlite"),
      ENGINE_URL: "http://127.0.0.1:9",
      RETENTION_INTERVAL_MS: "0",
    },
  });
  try {
    await waitUntilServing(`${baseUrl}/`, server);
    const env = { ...process.env, LHCI_BASE_URL: baseUrl };
    const config = "--config=lighthouserc.cjs";
    rmSync(resultsDir, { recursive: true, force: true });
    mkdirSync(resultsDir, { recursive: true });
    const rc = require(join(repoRoot, "lighthouserc.cjs")) as Rc;
    const { chromePath, settings, url, numberOfRuns } = rc.ci.collect;
    const flags = lighthouseFlags(settings);
    const freshChrome = async () => {
      const browser = await launch(chromePath, settings);
      return { page: await browser.newPage(), close: () => browser.close() };
    };
    // The three pages with targets, `numberOfRuns` times each; the catalogue's pages once each:
    // their shift and accessibility are asserted; the recap, in a tab holding a visitor's answers.
    const pages = [...Array.from({ length: numberOfRuns }, () => url).flat(), ...rc.CATALOGUE_URLS];
    const runs = [
      ...pages.map((address) => ({
        url: address.replace(defaultBaseUrl, baseUrl),
        flags,
        open: freshChrome,
      })),
      recapRun(baseUrl, chromePath, settings),
    ];
    const calibration = await measureCalibrated(runs, resultsDir);
    const reports = readdirSync(resultsDir).filter((name) => LHCI_REPORT.test(name));
    if (reports.length !== runs.length)
      throw new Error(`${reports.length} reports for ${runs.length} runs in ${resultsDir}`);
    const asserted = await run(["assert", config], env);
    await run(["upload", config], env);
    printSummary(rc);
    console.log(
      `Indice de vitesse de la machine, médiane des ${calibration.benchmarkIndices.length} mesures ` +
        `(${calibration.benchmarkIndices.map(Math.round).join(", ")}) : ` +
        `${Math.round(calibration.benchmarkIndex)} ; processeur ralenti ${calibration.slowdown} fois ` +
        `(docs/adr/0010).`,
    );
    return asserted;
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
