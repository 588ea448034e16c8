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
import { join, resolve } from "node:path";
import { freePort } from "../tests/integration/helpers/free-port";

const repoRoot = resolve(import.meta.dirname, "..");
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
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType: string; transferSize: number; requestCount: number }[] };
    }
  >;
}

/** One line per page: scores and transferred bytes, for the log and the notes. */
function printSummary() {
  const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const file of readdirSync(resultsDir).filter((name) => /^lhr-.*\.json$/.test(name))) {
    const lhr = JSON.parse(readFileSync(join(resultsDir, file), "utf8")) as Lhr;
    const items = lhr.audits["resource-summary"]?.details?.items ?? [];
    const of = (type: string) => items.find((item) => item.resourceType === type);
    const score = (id: string) => lhr.categories[id]?.score?.toFixed(2) ?? "–";
    const metric = (id: string, scale: number, digits: number) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? "–" : (value / scale).toFixed(digits);
    };
    console.log(
      `${new URL(lhr.finalDisplayedUrl).pathname}${new URL(lhr.finalDisplayedUrl).search}: ` +
        `accessibilité ${score("accessibility")}, performance ${score("performance")}, ` +
        `FCP ${metric("first-contentful-paint", 1000, 2)} s, ` +
        `LCP ${metric("largest-contentful-paint", 1000, 2)} s, ` +
        `CLS ${metric("cumulative-layout-shift", 1, 3)}, TBT ${metric("total-blocking-time", 1, 0)} ms, ` +
        `JS ${kb(of("script")?.transferSize)} (${of("script")?.requestCount ?? 0} fichiers), ` +
        `total ${kb(of("total")?.transferSize)}`,
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
    const collected = await run(["collect", config], env);
    if (collected !== 0) return collected;
    const asserted = await run(["assert", config], env);
    await run(["upload", config], env);
    printSummary();
    return asserted;
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
