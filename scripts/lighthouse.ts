/**
 * `npm run lighthouse` (and a step of `npm test`): Lighthouse CI on the built app, served by the
 * real server, with the budgets of lighthouserc.cjs as errors. Reports land in .lighthouseci/.
 *
 * The server runs without engine workers (ENGINE_URL points at a closed port): the pages
 * measured compute nothing, and the workers' warm-up would compete with Chromium for the CPU.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { freePort } from "../tests/integration/helpers/free-port";
import { RECAP_PATH } from "../src/domain/journey";
import { auditRecap } from "./lighthouse-recap";

const repoRoot = resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
/** lighthouserc.cjs's addresses when LHCI_BASE_URL is not set (as here, where it is read). */
const defaultBaseUrl = "http://127.0.0.1:8093";
const staticDir = resolve(repoRoot, process.env.STATIC_DIR || "dist/app");
const lhci = join(repoRoot, "node_modules/.bin/lhci");
const resultsDir = join(repoRoot, ".lighthouseci");

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
  /** Lighthouse's measure of the host's speed during the run: scores move with it. */
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
  CATALOGUE_URLS: string[];
  ci: { collect: { chromePath: string; settings: Parameters<typeof auditRecap>[2] } };
}

/** The target of issue 18 §4 for the page at `path`, as lighthouserc.cjs states it. */
function targetOf(path: string, targets: Rc["TARGETS"]): string {
  const page =
    path === "/" ? "home" : path.startsWith("/simulation/resultats") ? "results" : "step";
  const onlyShift = path.startsWith("/aides") || path.startsWith(RECAP_PATH);
  const target = onlyShift ? undefined : targets[page];
  return target
    ? ` (objectif : performance ≥ ${target.performance}, LCP ≤ ${target.lcpMs / 1000} s, CLS ≤ 0.05)`
    : " (objectif : CLS ≤ 0.05)";
}

/**
 * One line per page, for the log and the notes: its median run (by performance score), its
 * runs' scores, transferred bytes, and the target.
 */
function printSummary(targets: Rc["TARGETS"]) {
  const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;
  const byPage = new Map<string, Lhr[]>();
  for (const file of readdirSync(resultsDir).filter((name) => /^lhr-.*\.json$/.test(name))) {
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
        `${Math.round(lhr.environment.benchmarkIndex)}${targetOf(page, targets)}`,
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
    const rc = require(join(repoRoot, "lighthouserc.cjs")) as Rc;
    const collected = await run(["collect", config], env);
    if (collected !== 0) return collected;
    // The catalogue's pages, one run each: their shift and accessibility are asserted.
    const catalogue = await run(
      [
        "collect",
        config,
        "--additive",
        "--numberOfRuns=1",
        ...rc.CATALOGUE_URLS.map((url) => `--url=${url.replace(defaultBaseUrl, baseUrl)}`),
      ],
      env,
    );
    if (catalogue !== 0) return catalogue;
    // The recap, in a tab holding a visitor's answers: one run too.
    await auditRecap(baseUrl, rc.ci.collect.chromePath, rc.ci.collect.settings, resultsDir);
    const asserted = await run(["assert", config], env);
    await run(["upload", config], env);
    printSummary(rc.TARGETS);
    return asserted;
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
