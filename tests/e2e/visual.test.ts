/**
 * Every screen type (visual/screens.ts) as a person sees it, at 390 × 844 and 1280 × 800, light
 * and dark, in Debian's Chromium: each picture is compared with its committed baseline
 * (visual/baselines/, pixelmatch with a small tolerance), and the layout check of layout.ts runs on
 * the same screens (text cut off, main actions under 44 × 44 px, horizontal scroll at 320 px).
 *
 * `npm run visual:update` rewrites the baselines that changed. A failure leaves the expected,
 * actual and diff images in .tmp/visual-failures/ (or $VISUAL_FAILURES_DIR).
 *
 * The pictures are deterministic: reduced motion, transitions, animations and the caret off while
 * shooting, fixed answers, value date, A/B variants and statistics; each picture is taken once
 * no request is pending, the fonts and images are loaded and no animation runs (never a sleep).
 * One browser, one server, one page per viewport reused from screen to screen, the two checked
 * side by side; each screen is loaded once per viewport and pictured light, then dark (the DSFR
 * follows the browser's scheme as it changes). The results are computed once per situation, in
 * the background while the first screens are checked.
 */
import { readdirSync, rmSync, unlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, waitForAnimationsToEnd, type Harness } from "./harness";
import {
  horizontalScrollAtNarrowest,
  straightApostrophes,
  primaryButtons,
  textThatDoesNotFit,
  VIEWPORTS,
} from "./layout";
import { useScheme } from "./schemes";
import { compareWithBaseline } from "./visual/compare";
import {
  AB_TESTING,
  SCREENS,
  SITUATIONS,
  VALUE_DATE,
  type Screen,
  type Situation,
} from "./visual/screens";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const BASELINES = fileURLToPath(new URL("./visual/baselines/", import.meta.url));
const FAILURES = process.env.VISUAL_FAILURES_DIR || join(repoRoot, ".tmp/visual-failures");
const UPDATE = process.env.VISUAL_UPDATE === "1";

/** At most this many viewport heights of a long page are pictured (the layout check sees it all). */
const MAX_SCREENS_PER_PICTURE = 2;

/** While shooting: no caret, no transition or animation (Playwright also finishes finite ones). */
const FREEZE_CSS = `*, *::before, *::after {
  caret-color: transparent !important;
  transition: none !important;
  animation: none !important;
  scroll-behavior: auto !important;
}`;

/** The display schemes, as named in the baselines' file names. */
const SCHEMES = ["clair", "sombre"] as const;

/** A CAF office of Montpellier, in the format of the public directory the places page reads. */
const CAF = {
  id: "caf-montpellier-accueil",
  nom: "Caisse d’allocations familiales de l’Hérault - Accueil de Montpellier",
  adresse: JSON.stringify([
    {
      type_adresse: "Adresse",
      numero_voie: "139 avenue de Lodève",
      code_postal: "34000",
      nom_commune: "Montpellier",
    },
  ]),
  telephone: JSON.stringify([{ valeur: "3230", description: "" }]),
  site_internet: JSON.stringify([{ libelle: "", valeur: "https://www.caf.fr" }]),
  plage_ouverture: JSON.stringify([
    {
      nom_jour_debut: "Lundi",
      nom_jour_fin: "Vendredi",
      valeur_heure_debut_1: "08:30:00",
      valeur_heure_fin_1: "12:00:00",
      commentaire: "",
    },
  ]),
};

interface ViewportPage {
  page: Page;
  width: number;
  height: number;
  /** Requests sent and not yet answered. */
  pending: Set<unknown>;
  consoleErrors: string[];
}

let harness: Harness;
let directory: Server;
const viewports: ViewportPage[] = [];
const pictured = new Set<string>();

beforeAll(async () => {
  if (!UPDATE) rmSync(FAILURES, { recursive: true, force: true });
  directory = createServer((request, reply) => {
    const where = new URL(request.url ?? "/", "http://localhost").searchParams.get("where") ?? "";
    const results = where.includes("34172") || where.includes(CAF.id) ? [CAF] : [];
    reply
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ total_count: results.length, results }));
  });
  await new Promise<void>((resolve) => directory.listen(0, "127.0.0.1", resolve));
  const port = (directory.address() as AddressInfo).port;
  // The screens without results are checked while the engine starts.
  harness = await startHarness({
    waitForEngine: false,
    lieuxUrl: `http://127.0.0.1:${port}/api/explore/v2.1/catalog/datasets/api-lannuaire-administration`,
  });
  for (const viewport of VIEWPORTS) {
    const { page, consoleErrors } = await harness.newPage({
      viewport,
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
      colorScheme: "light",
    });
    const pending = new Set<unknown>();
    page.on("request", (request) => pending.add(request));
    page.on("requestfinished", (request) => pending.delete(request));
    page.on("requestfailed", (request) => pending.delete(request));
    viewports.push({ page, ...viewport, pending, consoleErrors });
  }
  for (const [name, situation] of Object.entries(SITUATIONS) as [string, Situation][])
    if (situation.computed) {
      const session = harness.engineReady.then(() => compute(name, situation));
      session.catch(() => {}); // reported by the screens that await it
      computedSessions.set(name, session);
    }
});

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => directory?.close(resolve));
});

/** The session storage of each computed situation, results included. */
const computedSessions = new Map<string, Promise<Record<string, string>>>();

/** Stores the situation's answers in the current page's origin, replacing whatever was there. */
async function store(page: Page, name: string, session: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ name, abTesting, session }) => {
      sessionStorage.clear();
      localStorage.clear();
      localStorage.setItem("ABTesting", JSON.stringify(abTesting));
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
      sessionStorage.setItem("visual-situation", name);
    },
    { name, abTesting: AB_TESTING, session },
  );
}

function sessionOf(situation: Situation): Record<string, string> {
  const { answers } = situation;
  if (!answers) return {};
  const simulation = { answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE };
  return { simulation: JSON.stringify(simulation) };
}

/** The results of a situation, computed by the engine in a page of its own: its session storage. */
async function compute(name: string, situation: Situation): Promise<Record<string, string>> {
  const { context, page } = await harness.newPage();
  try {
    await page.goto(`${harness.baseUrl}/stats`);
    await store(page, name, sessionOf(situation));
    await page.goto(`${harness.baseUrl}/simulation/resultats`);
    await page
      .getByText(/aides? trouvées?/)
      .first()
      .waitFor({ timeout: 180_000 });
    return await page.evaluate(() => ({ ...sessionStorage }));
  } finally {
    await context.close();
  }
}

/** Seeds the screen's situation when the page holds another one (a computed one with its results). */
async function seed(view: ViewportPage, screen: Screen): Promise<void> {
  const { page } = view;
  const name = screen.situation;
  const situation: Situation = SITUATIONS[name];
  if (!page.url().startsWith(harness.baseUrl)) await page.goto(`${harness.baseUrl}/stats`);
  if ((await page.evaluate(() => sessionStorage.getItem("visual-situation"))) === name) return;
  const session = situation.computed ? await computedSessions.get(name)! : sessionOf(situation);
  await store(page, name, session);
}

/** Waits until nothing is pending: requests, fonts, images, animations and transitions. */
async function settle(view: ViewportPage): Promise<void> {
  const { page } = view;
  await expect
    .poll(() => view.pending.size, { timeout: 30_000, message: "requests still pending" })
    .toBe(0);
  await page.waitForFunction(
    () =>
      document.fonts.status === "loaded" && [...document.images].every((image) => image.complete),
    undefined,
    { polling: "raf" },
  );
  await waitForAnimationsToEnd(page);
}

/**
 * The height pictured: the page's first screens, at most MAX_SCREENS_PER_PICTURE viewport heights
 * (only the viewport for a modal). The viewport is stretched to it while the screen is checked:
 * Playwright's `fullPage` lays out and paints the whole page, over 3 s for the 85,000 px of
 * /aides on a phone.
 */
async function picturedHeight(view: ViewportPage, screen: Screen): Promise<number> {
  if (screen.viewportOnly) return view.height;
  const pageHeight = await view.page.evaluate(() => document.documentElement.scrollHeight);
  return Math.min(pageHeight, view.height * MAX_SCREENS_PER_PICTURE);
}

/**
 * The DSFR's script loads on the visitor's first sign of life (src/app/dsfr/interaction.ts): signs
 * are given to the page and to each frame of the app in it (an event without a target, so nothing
 * is hovered or focused) until the DSFR has started, so that every picture shows the page as it is
 * once the visitor has moved, and the scheme changes everywhere as the browser's does. A pre-
 * rendered page is ready before the app's script has even arrived (it starts after the first
 * paint): a sign given before the app listens is lost, as a visitor's would be, and the visitor
 * would move again.
 */
async function wakeDsfr(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const app = await frame.evaluate(() => document.documentElement.hasAttribute("data-fr-scheme"));
    if (app)
      await frame.waitForFunction(
        () => {
          if (document.documentElement.getAttribute("data-fr-js") === "true") return true;
          window.dispatchEvent(new Event("pointermove"));
          return false;
        },
        undefined,
        { polling: 100 },
      );
  }
}

/** Pictures the screen as it is now and compares it with its baseline; a problem, if any. */
async function compare(view: ViewportPage, screen: Screen, label: string): Promise<string[]> {
  await settle(view);
  const name = `${screen.name}-${view.width}-${label}`;
  pictured.add(name);
  const actual = await view.page.screenshot({
    animations: "disabled",
    caret: "hide",
    scale: "css",
    style: FREEZE_CSS,
    mask: screen.mask?.(view.page) ?? [],
  });
  const result = compareWithBaseline({
    name,
    actual,
    baselineDir: BASELINES,
    failureDir: FAILURES,
    update: UPDATE,
  });
  return result.message ? [result.message] : [];
}

/**
 * Times a screen is pictured again when its height changed while it was pictured: the height is
 * measured once the page is still, yet once in CI a page measured 266 px taller (the footer's
 * height at 1280 px) than it was an instant later, and the whole picture came out of size.
 */
const MAX_PICTURES = 3;

/** The screen pictured light then dark at its height, and its layout: the problems found. */
async function pictureAt(view: ViewportPage, screen: Screen, height: number): Promise<string[]> {
  const { page, width } = view;
  const problems: string[] = [];
  await page.setViewportSize({ width, height });
  problems.push(...(await compare(view, screen, "clair")));
  const mainActions = [...(await primaryButtons(page)), ...(screen.mainActions?.(page) ?? [])];
  problems.push(
    ...(await textThatDoesNotFit(page, `${screen.name} at ${width} px`, { mainActions })),
    ...(await straightApostrophes(page, `${screen.name} at ${width} px`)),
  );
  await useScheme(page, "dark");
  problems.push(...(await compare(view, screen, "sombre")));
  if (width === VIEWPORTS[0].width)
    problems.push(...(await horizontalScrollAtNarrowest(page, screen.name)));
  return problems;
}

/** The screen at one viewport, light then dark, compared, and its layout. Returns the problems. */
async function checkScreen(view: ViewportPage, screen: Screen): Promise<string[]> {
  const { page, width } = view;
  const problems: string[] = [];
  await page.emulateMedia({ colorScheme: "light" });
  await seed(view, screen);
  const errorsBefore = view.consoleErrors.length;
  const routes = Object.entries(screen.api ?? {}).map(([path, body]) => ({
    matches: (url: URL) => url.pathname === path,
    body,
  }));
  for (const { matches, body } of routes)
    await page.route(matches, (route) => route.fulfill({ json: body }));
  try {
    await page.goto(`${harness.baseUrl}${screen.path}`);
    // A pre-rendered page shows its markup before the app has started (src/app/main.tsx marks the
    // start); the app may then render it anew: the screen is the app's, not the markup received.
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-app"));
    await screen.ready(page).waitFor({ timeout: 60_000 });
    // A step its situation does not reach sends the visitor elsewhere: that is not this screen.
    const shown = new URL(page.url());
    if (`${shown.pathname}${shown.search}` !== screen.path)
      throw new Error(`${screen.name}: ${screen.path} showed ${shown.pathname}${shown.search}`);
    await wakeDsfr(page);
    await screen.act?.(page);
    const heights: number[] = [];
    for (;;) {
      await settle(view);
      const height = await picturedHeight(view, screen);
      if (heights.at(-1) === height) break;
      if (heights.length === MAX_PICTURES) {
        problems.push(
          `${screen.name} at ${width} px: its height kept changing (${heights.join(", ")} px)`,
        );
        break;
      }
      heights.push(height);
      const pictured = await pictureAt(view, screen, height);
      // Measured again as it was measured before the picture: light, at the viewport's height.
      await page.setViewportSize({ width, height: view.height });
      await useScheme(page, "light");
      problems.splice(0, problems.length, ...pictured);
    }
  } finally {
    for (const { matches } of routes) await page.unroute(matches);
    await page.setViewportSize({ width, height: view.height });
  }
  const errors = view.consoleErrors.slice(errorsBefore);
  if (errors.length) problems.push(`console errors on ${screen.name}: ${errors.join("; ")}`);
  return problems;
}

describe("every screen, as a person sees it", () => {
  for (const screen of SCREENS) {
    it(screen.name, async () => {
      const problems = (
        await Promise.all(viewports.map((view) => checkScreen(view, screen)))
      ).flat();
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }

  it("has no baseline left from a screen that is gone", () => {
    const expected = new Set(
      SCREENS.flatMap((screen) =>
        VIEWPORTS.flatMap((viewport) =>
          SCHEMES.map((label) => `${screen.name}-${viewport.width}-${label}.png`),
        ),
      ),
    );
    const orphans = readdirSync(BASELINES).filter((file) => !expected.has(file));
    // Regenerating the whole list removes them; a partial run (-t) leaves them alone.
    if (UPDATE && pictured.size === expected.size) {
      for (const file of orphans) unlinkSync(join(BASELINES, file));
      return;
    }
    expect(orphans, `baselines of no screen: ${orphans.join(", ")}`).toEqual([]);
  });
});
