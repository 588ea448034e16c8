/**
 * Web analytics in a real browser against a Matomo-compatible tracker on a second loopback
 * origin: its `matomo.js` replays the command queue the way Matomo does and sends each hit to
 * `matomo.php`, which records it. The tracker's address reaches an app built without it through
 * the server's environment (`VITE_MATOMO_URL`, served by `GET /api/config`). No engine is needed:
 * the journey's first steps do not compute.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createStatsRefresher, type StatsRefresher } from "../../src/server/stats/refresher";
import { createEngineSupervisor } from "../../src/server/engine";
import {
  createSimulationRepository,
  migrateToLatest,
  openSqliteDatabase,
  type DatabaseHandle,
} from "../../src/server/storage";
import { freePort, quietLogger } from "../integration/helpers/engine";
import { CHROMIUM_ARGS, expectNoAxeViolationsQuickly, staticDir } from "./harness";

/** A tracker that understands the commands the app sends, nothing more. */
const MATOMO_JS = `(function () {
  var state = { referrer: "" }, visitorId = "0123456789abcdef";
  function send(params) {
    params.idsite = state.siteId; params.rec = "1"; params._id = visitorId;
    params.url = state.url || location.href;
    if (state.referrer) params.urlref = state.referrer;
    var query = Object.keys(params).filter(function (k) { return params[k] !== undefined; })
      .map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(params[k]); }).join("&");
    fetch(state.trackerUrl + "?" + query, { mode: "no-cors", keepalive: true });
  }
  var api = {
    setTrackerUrl: function (u) { state.trackerUrl = u; },
    setSiteId: function (id) { state.siteId = id; },
    setCustomUrl: function (u) { state.url = u; },
    setReferrerUrl: function (u) { state.referrer = u; },
    setDocumentTitle: function (t) { state.title = t; },
    trackPageView: function () { send({ action_name: state.title || document.title }); },
    trackEvent: function (c, a, n, v) { send({ e_c: c, e_a: a, e_n: n, e_v: v }); }
  };
  function apply(command) { var f = api[command[0]]; if (f) f.apply(null, command.slice(1)); }
  var queued = window._paq || [];
  window._paq = { push: function () { for (var i = 0; i < arguments.length; i++) apply(arguments[i]); } };
  window.Matomo = { getAsyncTracker: function () { return { getVisitorId: function () { return visitorId; } }; } };
  queued.forEach(apply);
})();`;

interface Hit {
  userAgent: string;
  params: Record<string, string>;
}

let tracker: Server;
let trackerUrl: string;
const scriptRequests: string[] = [];
const hits: Hit[] = [];

let app: FastifyInstance;
let refresher: StatsRefresher;
let database: DatabaseHandle;
let browser: Browser;
let baseUrl: string;
let dir: string;
const previousMatomoUrl = process.env.VITE_MATOMO_URL;

beforeAll(async () => {
  tracker = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://tracker");
    const userAgent = request.headers["user-agent"] ?? "";
    if (url.pathname === "/matomo.js") {
      scriptRequests.push(userAgent);
      response.writeHead(200, { "content-type": "text/javascript" }).end(MATOMO_JS);
      return;
    }
    if (url.pathname === "/matomo.php") {
      hits.push({ userAgent, params: Object.fromEntries(url.searchParams) });
      response.writeHead(204, { "access-control-allow-origin": "*" }).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => tracker.listen(0, "127.0.0.1", resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
  // Read when the app is built: /api/config names the tracker (and the CSP allows it).
  process.env.VITE_MATOMO_URL = trackerUrl;

  dir = mkdtempSync(join(tmpdir(), "e2e-analytics-"));
  database = openSqliteDatabase(join(dir, "e2e.sqlite"));
  await migrateToLatest(database.db);
  app = buildSimulatorApp({
    bundle: loadBundle(),
    db: database.db,
    stats: { createRefresher: (options) => (refresher = createStatsRefresher(options)) },
    // Never started: these pages compute nothing.
    engine: createEngineSupervisor({ port: await freePort(), workers: 1, logger: quietLogger() }),
    staticDir,
    logger: false,
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => tracker.close(() => resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (previousMatomoUrl === undefined) delete process.env.VITE_MATOMO_URL;
  else process.env.VITE_MATOMO_URL = previousMatomoUrl;
});

/** A browser context of its own, told apart by its user agent; `doNotTrack` as the browser says. */
async function visitor(userAgent: string, doNotTrack: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "fr-FR", userAgent });
  if (doNotTrack) {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" }),
    );
  }
  return context.newPage();
}

/** Home with secrets in the address, then the first question answered. */
async function startJourney(page: Page): Promise<void> {
  await page.goto(
    `${baseUrl}/?token=secret-token&simulationId=abc&situationId=def&_ga=1.2&surveyEmail=a%40b.fr&code=xyz&state=st&mtm_campaign=partenaire`,
  );
  await page.getByRole("button", { name: "Je commence ma simulation" }).click();
  await page.waitForURL(/\/simulation\/individu\/demandeur\/date_naissance$/);
  await page.getByLabel("Jour", { exact: true }).fill("15");
  await page.getByLabel("Mois", { exact: true }).fill("3");
  await page.getByLabel("Année", { exact: true }).fill("2006");
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/date_naissance"));
  await page.locator("main h1").first().waitFor();
}

const hitsOf = (userAgent: string) => hits.filter((hit) => hit.userAgent === userAgent);

describe("web analytics", () => {
  it("sends page views without the excluded parameters, and the journey's events", async () => {
    const page = await visitor("analytics-e2e-tracked", false);
    await startJourney(page);

    await expect
      .poll(() => hitsOf("analytics-e2e-tracked").filter((hit) => hit.params.e_c === "Parcours"))
      .toHaveLength(1);
    const sent = hitsOf("analytics-e2e-tracked");
    const pageViews = sent.filter((hit) => hit.params.action_name !== undefined);
    expect(pageViews.length).toBeGreaterThanOrEqual(2);
    const home = pageViews[0]!;
    expect(home.params.idsite).toBe("66");
    expect(new URL(home.params.url!).pathname).toBe("/");
    expect(new URL(home.params.url!).searchParams.get("mtm_campaign")).toBe("partenaire");
    for (const hit of sent) {
      for (const value of [hit.params.url ?? "", hit.params.urlref ?? ""]) {
        expect(value).not.toMatch(
          /[?&](token|simulationId|situationId|_ga|surveyEmail|code|state)=/,
        );
        expect(value).not.toContain("secret-token");
      }
    }
    expect(pageViews.map((hit) => new URL(hit.params.url!).pathname)).toContain(
      "/simulation/individu/demandeur/date_naissance",
    );
    // The title is the page's own.
    expect(pageViews.at(-1)!.params.action_name).not.toBe(home.params.action_name);
    expect(sent.find((hit) => hit.params.e_c === "Parcours")!.params).toMatchObject({
      e_a: "navigation",
      e_n: "/simulation/individu/demandeur/date_naissance",
    });
    expect(scriptRequests.filter((ua) => ua === "analytics-e2e-tracked")).toHaveLength(1);
    await page.context().close();
  });

  it("sends nothing, and loads no tracker, when the browser asks not to be tracked", async () => {
    const page = await visitor("analytics-e2e-dnt", true);
    await startJourney(page);
    expect(await page.evaluate(() => navigator.doNotTrack)).toBe("1");
    const loaded = await page.evaluate(() => ({
      script: document.querySelector("script[data-analytics-tracker]") !== null,
      matomo: "Matomo" in window,
    }));
    expect(loaded).toEqual({ script: false, matomo: false });
    expect(scriptRequests.filter((ua) => ua === "analytics-e2e-dnt")).toEqual([]);
    expect(hitsOf("analytics-e2e-dnt")).toEqual([]);
    await page.context().close();
  });

  it("shows the statistics of our own data as charts with a table alternative", async () => {
    const events = ["aide_logement", "bourse_criteres_sociaux"].map((id, index) => ({
      benefit_id: id,
      hash_id: "uid_1",
      abtesting: null,
      benefit_index: index + 1,
      page_total: 2,
      event_type: "show",
      version: 2,
    }));
    // Events are about the results of a stored simulation.
    const { id } = await createSimulationRepository(database.db).createSimulation({
      answers: { all: [], current: [] },
      dateDeValeur: "2026-01-15",
    });
    const posted = await app.inject({
      method: "POST",
      url: "/api/stats/events",
      headers: { "x-simulation-id": id },
      payload: events,
    });
    expect(posted.statusCode).toBe(204);
    // The statistics are computed in the background: now, rather than in five minutes.
    await refresher.refresh();

    const page = await visitor("analytics-e2e-stats", false);
    await page.goto(`${baseUrl}/stats`);
    await page.getByRole("heading", { name: "Aides les plus affichées" }).waitFor();
    expect(await page.title()).toMatch(/^Statistiques d’utilisation/);
    const charts = page.locator("main figure svg[role=img]");
    expect(await charts.count()).toBe(3);
    await page.getByText("Voir les données sous forme de tableau").nth(1).click();
    const table = page.locator("main table").nth(1);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
    await expectNoAxeViolationsQuickly(page, "stats");
    await page.context().close();
  });
});
