/**
 * Starts the real thing for a browser test: the OpenFisca engine, the server over a fresh SQLite
 * file serving the built app (`npm run build` first), and Debian's Chromium driven by playwright-core.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { FastifyInstance } from "fastify";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { expect, inject } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineSupervisor, type EngineSupervisor } from "../../src/server/engine";
import { migrateToLatest, openSqliteDatabase, type DatabaseHandle } from "../../src/server/storage";
import { startCuttableRelay } from "../integration/helpers/cuttable-relay";
import { freePort, quietLogger } from "../integration/helpers/engine";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
/** The built app; `E2E_STATIC_DIR` lets parallel work build elsewhere (`vite build --outDir`). */
export const staticDir = process.env.E2E_STATIC_DIR || join(repoRoot, "dist/app");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** Settled once the engine answers (at once unless `waitForEngine` was false). */
  engineReady: Promise<void>;
  /** A page in a new context, French by default; `options` add to or override the context's. */
  newPage(
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }>;
  /** Stops the engine for good, to see how the site copes without it. */
  stopEngine(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** The places directory (`LIEUX_API_URL`), e.g. a loopback server speaking its format. */
  lieuxUrl?: string;
  /**
   * False: resolve as soon as the server and the browser are up, the engine still starting (about
   * 30 s on a loaded machine); pages that compute wait for `engineReady` first.
   */
  waitForEngine?: boolean;
  /**
   * The shared engine behind a relay this harness can cut (`stopEngine`), for a file that takes
   * the engine away: the other files keep theirs.
   */
  cuttableEngine?: boolean;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(join(staticDir, "index.html")))
    throw new Error(`${staticDir} is missing: run npm run build first`);
  const bundle = loadBundle();
  const dir = mkdtempSync(join(tmpdir(), "e2e-"));
  // The project's engine (vitest.config.ts globalSetup), booted once for every file; a file
  // that stops the engine reaches it through a relay it can cut.
  const relay = options.cuttableEngine ? await startCuttableRelay(inject("engineUrl")) : undefined;
  const engine: EngineSupervisor = createEngineSupervisor({
    externalUrl: relay?.url ?? inject("engineUrl"),
    logger: quietLogger(),
    // Once cut, the server notices at its next health check, as it would an engine gone away.
    ...(relay ? { monitorIntervalMs: 250 } : {}),
  });
  const database: DatabaseHandle = openSqliteDatabase(join(dir, "e2e.sqlite"));
  await migrateToLatest(database.db);
  const app: FastifyInstance = buildSimulatorApp({
    bundle,
    db: database.db,
    engine,
    staticDir,
    logger: false,
    ...(options.lieuxUrl ? { lieuxUrl: options.lieuxUrl } : {}),
  });
  const engineReady = engine.start().then(() => engine.waitUntilReady(240_000));
  // Not awaited when the caller does not wait: its failure is reported by whoever awaits it.
  engineReady.catch(() => {});
  const [, browser] = await Promise.all([
    options.waitForEngine === false ? undefined : engineReady,
    chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS }),
  ]);
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    engineReady,
    async newPage(contextOptions = {}) {
      const context = await browser.newContext({ locale: "fr-FR", ...contextOptions });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        // A failed resource names its URL only in the message's location.
        if (message.type() === "error")
          consoleErrors.push(
            message.text().startsWith("Failed to load resource")
              ? `${message.text()} ${message.location().url}`
              : message.text(),
          );
      });
      page.on("pageerror", (error) => consoleErrors.push(error.message));
      return { context, page, consoleErrors };
    },
    async stopEngine() {
      if (!relay) throw new Error("stopEngine needs startHarness({ cuttableEngine: true })");
      const noticed = new Promise<void>((done) => {
        const off = engine.onStatus((status) => {
          if (status === "ready") return;
          off();
          done();
        });
      });
      await relay.cut();
      // The server has seen the engine go: its next computations are answered without it.
      await noticed;
    },
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      await engine.stop();
      await relay?.cut();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until no animation or transition runs in any frame of the page: a DSFR modal fades in
 * over 0.3 s, an accordion unfolds, and axe's colour contrast or a layout measure taken meanwhile
 * sees half-transparent text or a moving box. Infinite animations (a spinner) are ignored: they
 * never end. Polls at each animation frame, so it returns as soon as the page is still.
 */
export async function waitForAnimationsToEnd(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    await frame.waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const running = animation.playState === "running" || animation.pending;
          return !running || animation.effect?.getComputedTiming().endTime === Infinity;
        }),
      undefined,
      { polling: "raf" },
    );
  }
}

/** Fails with the list of axe violations on the current screen, if any, once it is still. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await waitForAnimationsToEnd(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe on ${screen}`).toEqual([]);
}

/**
 * The same check, about three times faster: axe runs in the page itself rather than frame by
 * frame with a blank page to merge the results, and details only the violations. Pages with
 * frames get the full check.
 */
export async function expectNoAxeViolationsQuickly(page: Page, screen: string): Promise<void> {
  if (page.frames().length > 1) return expectNoAxeViolations(page, screen);
  await waitForAnimationsToEnd(page);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe on ${screen}`).toEqual([]);
}
