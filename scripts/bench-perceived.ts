/**
 * `npm run bench`'s perceived results latency (issue 19 §1, §5): in Debian's Chromium at 390×844,
 * the time from the click on the last "Suivant" to the results painted ("N aides trouvées" on
 * screen, the next animation frame), for the site before compute ahead and the site now, in the
 * same run, over one engine. Printed, never asserted.
 *
 * Each journey starts from a golden student's answers up to the last step before the first
 * `computeAhead` chapter (seeded in session storage, the rent changed by one euro per journey so
 * that every one is a first computation for the engine), clicks "Suivant" there (a chapter's end),
 * then answers each remaining step at human pace (`BENCH_STEP_PACE_MS`, default 2,000 ms): "Non"
 * to every yes/no question, nothing to the optional ones.
 *
 * "Before" is the site built from `BENCH_BEFORE_REV` (default 8651aa2, the last commit before
 * compute ahead) in a git worktree under `.tmp/`, run by its own server; "now" is this checkout's
 * `dist/` (`npm run build` first). Both are real servers (`dist/server/main.js`) on SQLite.
 * Environment: BENCH_PERCEIVED_RUNS (journeys per site, default 6), BENCH_STEP_PACE_MS,
 * BENCH_BEFORE_REV.
 */
import { percentile } from "./bench-stats";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildJourney, type Answer } from "../src/domain";
import { loadBundle } from "../src/server/compose";
import { createEngineSupervisor } from "../src/server/engine";
import { loadGoldenSituations } from "../tests/golden/golden";
import { freePort, quietLogger } from "../tests/integration/helpers/engine";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const RUNS = Number(process.env.BENCH_PERCEIVED_RUNS ?? 6);
const PACE_MS = Number(process.env.BENCH_STEP_PACE_MS ?? 2_000);
const BEFORE_REV = process.env.BENCH_BEFORE_REV ?? "8651aa2";
/** BENCH_PERCEIVED_TRACE=1: the requests after the last click, with their times. */
const TRACE = process.env.BENCH_PERCEIVED_TRACE === "1";
const SITUATION = "etudiante-boursiere-lyon-loin-des-parents";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];

export interface PerceivedFigures {
  before: number[];
  now: number[];
  beforeRev: string;
  paceMs: number;
  situation: string;
}

/** The site at `rev`, built once in `.tmp/bench-before-<rev>` (node_modules linked from here). */
function buildRevision(rev: string): string {
  const dir = join(ROOT, ".tmp", `bench-before-${rev}`);
  if (!existsSync(join(dir, "dist/server/main.js"))) {
    mkdirSync(join(ROOT, ".tmp"), { recursive: true });
    if (!existsSync(dir)) {
      execFileSync("git", ["worktree", "add", "--detach", dir, rev], {
        cwd: ROOT,
        stdio: "ignore",
      });
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    }
    console.log(`building ${rev} (before compute ahead) in ${dir}…`);
    execFileSync("npm", ["run", "-s", "build"], { cwd: dir, stdio: "ignore" });
  }
  return dir;
}

/** A real server (`dist/server/main.js` of `dir`) over a fresh SQLite file and the given engine. */
async function startServer(dir: string, engineUrl: string) {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "bench-perceived-"));
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: dir,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(data, "bench.sqlite"),
      ENGINE_URL: engineUrl,
      WRITES_PER_MINUTE_PER_IP: "0",
      COMPUTATIONS_PER_MINUTE_PER_IP: "0",
      REDIS_URL: "",
      DATABASE_URL: "",
      NODE_ENV: "production",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error(`the server of ${dir} did not start`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseUrl,
    stop() {
      child.kill("SIGTERM");
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** The golden answers before the first `computeAhead` chapter, and the path of their last step. */
function journeyStart(rentDelta: number) {
  const bundle = loadBundle();
  const situation = loadGoldenSituations().find((s) => s.name === SITUATION);
  if (!situation) throw new Error(`no golden situation ${SITUATION}`);
  const answers: Answer[] = situation.answers.map((answer) =>
    answer.fieldName === "loyer" && typeof answer.value === "number"
      ? { ...answer, value: answer.value + rentDelta }
      : answer,
  );
  const from = bundle.chapters.findIndex((chapter) => chapter.computeAhead);
  const chapterIndex = (id: string) => bundle.chapters.findIndex((chapter) => chapter.id === id);
  const steps = buildJourney(bundle, answers, { dateDeValeur: situation.dateDeValeur });
  const early = steps.filter((step) => step.isActive && chapterIndex(step.chapter) < from);
  const last = early.at(-1);
  if (!last) throw new Error("no step before the computeAhead chapter");
  const kept = answers.filter(
    (answer) =>
      early.some(
        (step) =>
          step.entityName === answer.entityName &&
          step.id === answer.id &&
          step.fields.some((field) => field.name === answer.fieldName),
      ) || answer.entityName === "enfants",
  );
  return { answers: kept, dateDeValeur: situation.dateDeValeur, lastPath: last.path };
}

/**
 * Records, in the page, the click time and the paint of the results count. A string: tsx names
 * the functions of a script, and the helper it calls does not exist in the page.
 */
const WATCH_RESULTS = `(() => {
  window.__clickAt = undefined;
  window.__paintedAt = undefined;
  document.addEventListener("click", () => { window.__clickAt = performance.now(); },
    { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (window.__paintedAt !== undefined) return;
    if (!/\\d+ aides? trouvées?|Aucune aide trouvée/.test(document.body.innerText)) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__paintedAt = performance.now(); });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

async function watchResults(page: Page): Promise<void> {
  await page.evaluate(WATCH_RESULTS);
}

/** Answers a step as a visitor who wants nothing more: "Non" where asked, optional ones left. */
const ANSWER_STEP = `(() => {
  const groups = new Map();
  for (const input of document.querySelectorAll("main input[type=radio]"))
    groups.set(input.name, [...(groups.get(input.name) ?? []), input]);
  for (const inputs of groups.values()) {
    if (inputs.some((input) => input.checked)) continue;
    const no = inputs.find((input) => input.labels?.[0]?.textContent?.trim() === "Non") ?? inputs[0];
    no?.click();
  }
})()`;

async function answerStep(page: Page): Promise<void> {
  await page.evaluate(ANSWER_STEP);
}

/** One journey; the milliseconds from the last click to the results painted. */
async function journey(browser: Browser, baseUrl: string, run: number): Promise<number> {
  const start = journeyStart(run);
  const context = await browser.newContext({
    locale: "fr-FR",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const requests: { url: string; method: string; start: number; end: number }[] = [];
  page.on("requestfinished", (request) => {
    const timing = request.timing();
    requests.push({
      url: new URL(request.url()).pathname,
      method: request.method(),
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
  try {
    await page.goto(`${baseUrl}/`);
    await page.evaluate(({ answers, dateDeValeur }) => {
      sessionStorage.setItem(
        "simulation",
        JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
      );
    }, start);
    await page.goto(`${baseUrl}${start.lastPath}`);
    for (let step = 0; step < 40; step++) {
      const path = new URL(page.url()).pathname;
      await page.getByRole("button", { name: "Suivant", exact: true }).waitFor();
      await answerStep(page);
      await watchResults(page);
      await page.getByRole("button", { name: "Suivant", exact: true }).click();
      // The next step, or the results.
      await page.waitForFunction(
        (from) =>
          location.pathname !== from ||
          (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined,
        path,
      );
      if (new URL(page.url()).pathname === "/simulation/resultats") {
        const timing = await page.waitForFunction(() => {
          const w = window as unknown as { __clickAt?: number; __paintedAt?: number };
          return w.__paintedAt !== undefined && w.__clickAt !== undefined
            ? w.__paintedAt - w.__clickAt
            : undefined;
        });
        const elapsed = (await timing.jsonValue()) as number;
        if (TRACE) {
          const clickAt = await page.evaluate("performance.timeOrigin + window.__clickAt");
          console.log(`${baseUrl} run ${run}: ${elapsed.toFixed(0)} ms`);
          for (const r of requests.filter((r) => r.end >= (clickAt as number)))
            console.log(
              `  ${r.method} ${r.url} ${(r.start - (clickAt as number)).toFixed(0)} → ${(r.end - (clickAt as number)).toFixed(0)} ms`,
            );
        }
        return elapsed;
      }
      // Reading and answering the question, as a person would.
      await page.waitForTimeout(PACE_MS);
    }
    throw new Error("the journey never reached the results");
  } finally {
    await context.close();
  }
}

export async function benchPerceived(engineUrl: string): Promise<PerceivedFigures> {
  if (!existsSync(join(ROOT, "dist/server/main.js")))
    execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "ignore" });
  const beforeDir = buildRevision(BEFORE_REV);
  const before = await startServer(beforeDir, engineUrl);
  const now = await startServer(ROOT, engineUrl);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const figures: PerceivedFigures = {
    before: [],
    now: [],
    beforeRev: BEFORE_REV,
    paceMs: PACE_MS,
    situation: SITUATION,
  };
  try {
    // Alternated, so that both sites meet the same machine.
    for (let run = 1; run <= RUNS; run++) {
      figures.before.push(await journey(browser, before.baseUrl, run));
      figures.now.push(await journey(browser, now.baseUrl, RUNS + run));
    }
  } finally {
    await browser.close();
    before.stop();
    now.stop();
  }
  return figures;
}

/** The figures as `npm run bench` prints them. */
export function printPerceived(figures: PerceivedFigures): void {
  const line = (label: string, values: number[], target: string) =>
    console.log(
      `${label.padEnd(46)} ${`${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)} ms`.padStart(16)}  ${target}`,
    );
  console.log(
    `perceived results latency (Chromium 390×844, last "Suivant" → "N aides trouvées" painted), ` +
      `p50 / p95, ${figures.now.length} journeys each at ${figures.paceMs} ms a step (${figures.situation}):`,
  );
  line(`before compute ahead (${figures.beforeRev})`, figures.before, "");
  line("now", figures.now, "target p50 ≤ 150, p95 ≤ 400 ms");
  console.log(`  before: ${figures.before.map((v) => v.toFixed(0)).join(", ")} ms`);
  console.log(`  now:    ${figures.now.map((v) => v.toFixed(0)).join(", ")} ms`);
}

/** The perceived latency over an engine of its own (one worker per core), printed. */
export async function benchPerceivedWithOwnEngine(): Promise<void> {
  const port = await freePort();
  const engine = createEngineSupervisor({
    port,
    workers: availableParallelism(),
    logger: quietLogger(),
  });
  await engine.start();
  await engine.waitUntilReady(240_000);
  try {
    printPerceived(await benchPerceived(`http://127.0.0.1:${port}`));
  } finally {
    await engine.stop();
  }
}

// Run alone: `npm run bench:perceived`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchPerceivedWithOwnEngine();
}
