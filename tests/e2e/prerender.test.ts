/**
 * The pre-rendered pages (issue 18 §4, scripts/prerender.ts): their first paint needs no script,
 * the browser hydrates the same markup without a mismatch (React reports one as an error, which
 * the app logs), in the light and dark schemes, for a returning visitor, and the embedded
 * variants are rendered by the browser as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineSupervisor } from "../../src/server/engine";
import { migrateToLatest, openSqliteDatabase, type DatabaseHandle } from "../../src/server/storage";
import { freePort, quietLogger } from "../integration/helpers/engine";
import { PAGE_READY_ATTRIBUTE } from "../../src/app/layout/pageReady";
import { CHROMIUM_ARGS, expectNoAxeViolations, staticDir } from "./harness";

/** The id react-dsfr gives its display settings dialog (`@codegouvfr/react-dsfr/Display`). */
const DISPLAY_DIALOG_ID = "fr-theme-modal";

const PAGES: [path: string, h1: string][] = [
  ["/", "Évaluez vos droits aux aides pour les jeunes"],
  ["/faq", "Questions fréquentes"],
  ["/contact", "Nous contacter"],
  ["/accessibilite", "Déclaration d’accessibilité"],
  // The first question, for a visit without a simulation.
  ["/simulation/individu/demandeur/date_naissance", "Quelle est votre date de naissance\u00a0?"],
];

let app: FastifyInstance;
let browser: Browser;
let database: DatabaseHandle;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "e2e-prerender-"));
  database = openSqliteDatabase(join(dir, "e2e.sqlite"));
  await migrateToLatest(database.db);
  app = buildSimulatorApp({
    bundle: loadBundle(),
    db: database.db,
    engine: createEngineSupervisor({ port: await freePort(), workers: 1, logger: quietLogger() }),
    staticDir,
    // No contact address: the pages that show it fill it in after their first paint.
    logger: false,
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A page whose console errors and warnings are collected, and which remembers the `<h1>` of the
 * main content as received: after a hydration it is the same element, after a new render it is not.
 */
async function openPage(options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: "fr-FR", ...options });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => {
    if (["error", "warning"].includes(message.type())) messages.push(message.text());
  });
  page.on("pageerror", (error) => messages.push(error.message));
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { receivedH1: Element | null }).receivedH1 =
        document.querySelector("main h1");
    });
  });
  return { context, page, messages };
}

/** Whether the page's `<h1>` is the received one, once the app has rendered the page. */
async function hydrated(page: Page): Promise<boolean> {
  // The app turns the deferred stylesheet on as it starts, then renders or hydrates.
  await page.waitForFunction(
    () => !document.querySelector("link[data-deferred-style][media=print]"),
  );
  await page.waitForFunction(() => document.title.includes(" - "));
  // The page itself is lazy: until its module has arrived, its received `<h1>` stays whatever
  // comes next, and a test that goes on (scripts aborted) cut that download (a fresh-clone run,
  // 2026-11-29: "Failed to fetch dynamically imported module").
  await page.waitForFunction(
    (ready) => document.documentElement.hasAttribute(ready),
    PAGE_READY_ATTRIBUTE,
  );
  return page.evaluate(
    () =>
      document.querySelector("main h1") ===
      (window as unknown as { receivedH1: Element | null }).receivedH1,
  );
}

/** Answers the first question (the birth date) and goes on to the next one. */
async function answerFirstQuestion(page: Page) {
  await page.getByLabel("Jour").fill("1");
  await page.getByLabel("Mois").fill("5");
  await page.getByLabel("Année").fill("2004");
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/date_naissance"));
}

describe("pre-rendered pages", () => {
  it("show their content without any script", async () => {
    const { context, page } = await openPage({ javaScriptEnabled: false });
    try {
      for (const [path, h1] of PAGES) {
        await page.goto(`${baseUrl}${path}`);
        await expect(page.locator("main h1").textContent()).resolves.toBe(h1);
        // Laid out by the inlined rules: the DSFR's header, not an unstyled list.
        const header = await page.locator("header.fr-header").boundingBox();
        expect(header?.height).toBeGreaterThan(60);
        await expect(page.title()).resolves.toMatch(/ - Simulateur d’aides pour les jeunes$/);
      }
      // The shell of the other pages: the header, the footer and the page's loading state.
      await page.goto(`${baseUrl}/simulation/individu/demandeur/activite`);
      await expect(page.locator("main [role=status]").textContent()).resolves.toBe("Chargement…");
      expect((await page.locator("header.fr-header").boundingBox())?.height).toBeGreaterThan(60);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("are accessible before the app starts", async () => {
    // What a visitor has until the app's script arrives: every control names what exists, such
    // as the footer's display settings button its dialog (src/app/layout/DisplaySettings.tsx).
    const { context, page } = await openPage();
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    try {
      for (const [path, h1] of PAGES) {
        await page.goto(`${baseUrl}${path}`);
        await expect(page.locator("main h1").textContent()).resolves.toBe(h1);
        await expectNoAxeViolations(page, `${path} avant le script`);
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it("are the markup the browser renders", async () => {
    // React does not report a differing attribute in production (it keeps the received one):
    // the received markup is compared with the browser's own rendering of the page, which
    // `?iframe=0` asks for (the server sends the shell; the app renders it outside a frame).
    const { context, page, messages } = await openPage();
    // Both read by the browser, then written the same way: elements with their attributes in
    // order, texts; useId's values differ (`_R_1_` when rendered ahead, `_r_0_` in the browser).
    // The display settings dialog is sent without its pictures and filled once the page is
    // hydrated (src/app/layout/DisplaySettings.tsx): it is checked apart.
    const canonical = (html: string) =>
      page.evaluate(
        ({ markup, dialogId }) => {
          const template = document.createElement("template");
          template.innerHTML = markup;
          template.content.getElementById(dialogId)?.remove();
          const write = (node: Node): string => {
            if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
            if (!(node instanceof Element)) return "";
            // A style attribute as the browser writes it (`width: 0%;`, not React's `width:0%`).
            const valueOf = (name: string, value: string) =>
              name === "style" && node instanceof HTMLElement ? node.style.cssText : value;
            const attributes = [...node.attributes]
              .map(
                ({ name, value }) =>
                  `${name}="${valueOf(name, value).replace(/_[Rr]_\w+_/g, "_id_")}"`,
              )
              .sort()
              .join(" ");
            const children = [...node.childNodes].map(write).join("");
            return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
          };
          return [...template.content.childNodes].map(write).join("");
        },
        { markup: html, dialogId: DISPLAY_DIALOG_ID },
      );
    try {
      for (const [path] of PAGES) {
        const response = await fetch(`${baseUrl}${path}`, { headers: { accept: "text/html" } });
        // The root's markup, up to the loading message that follows it (src/app/index.html).
        const root =
          /<div id="root" data-prerendered="[^"]*">([\s\S]*)<\/div>\s*(?:<!--[\s\S]*?-->\s*)?<p id="app-loading"/.exec(
            await response.text(),
          )?.[1];
        expect(root, path).toBeDefined();
        await page.goto(`${baseUrl}${path}?iframe=0`);
        await page.waitForFunction(() => document.title.includes(" - "));
        // The dialog the footer's button names is sent, but no picture file that would load
        // before the paint; the browser's dialog has its three.
        expect(root, path).toContain(`id="${DISPLAY_DIALOG_ID}"`);
        expect(root, path).not.toMatch(/\.svg#/);
        const pictures = page.locator(`#${DISPLAY_DIALOG_ID} use`);
        await expect.poll(() => pictures.count(), { message: path }).toBeGreaterThanOrEqual(3);
        const rendered = await page.locator("#root").innerHTML();
        expect(await canonical(root ?? ""), path).toBe(await canonical(rendered));
      }
      // Links of DSFR components are the router's, with their address.
      expect(await page.locator("header a[title^='Accueil']").first().getAttribute("href")).toBe(
        "/",
      );
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("hydrate without a mismatch, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page, messages } = await openPage({ colorScheme });
      try {
        for (const [path, h1] of PAGES) {
          await page.goto(`${baseUrl}${path}`);
          await expect(hydrated(page)).resolves.toBe(true);
          await expect(page.locator("main h1").textContent()).resolves.toBe(h1);
          expect(await page.locator("html").getAttribute("data-fr-theme")).toBe(colorScheme);
        }
        // Hydrated pages work: the home page's button starts the simulation.
        await page.goto(`${baseUrl}/`);
        await hydrated(page);
        await page.getByRole("button", { name: "Je commence ma simulation" }).click();
        await page.waitForURL(/\/simulation\/individu\/demandeur\/date_naissance$/);
        expect(messages).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it("are dark before the app starts when the visitor chose the dark scheme", async () => {
    const { context, page, messages } = await openPage({ colorScheme: "light" });
    try {
      await page.goto(`${baseUrl}/faq`);
      await hydrated(page);
      // The visitor's choice, as react-dsfr's display settings store it.
      await page.evaluate(() => localStorage.setItem("scheme", "dark"));
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(`${baseUrl}/faq`);
      await expect(page.locator("html").getAttribute("data-fr-theme")).resolves.toBe("dark");
      await page.unroute("**/assets/*.js");
      await page.goto(`${baseUrl}/faq`);
      await expect(hydrated(page)).resolves.toBe(true);
      expect(await page.locator("html").getAttribute("data-fr-theme")).toBe("dark");
      expect(messages.filter((text) => !text.includes("net::ERR_FAILED"))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("never send the first question's form natively before the app starts", async () => {
    const { context, page } = await openPage();
    try {
      // The app's script never arrives: only the pre-rendered page and its inline scripts.
      await page.route("**/assets/*.js", (route) => route.abort());
      const path = "/simulation/individu/demandeur/date_naissance";
      await page.goto(`${baseUrl}${path}`);
      await page.getByLabel("Jour").fill("14");
      await page.getByLabel("Mois").fill("7");
      await page.getByLabel("Année").fill("2005");
      let navigated = false;
      page.on("framenavigated", () => (navigated = true));
      await page.getByLabel("Année").press("Enter");
      await page.getByRole("button", { name: "Suivant", exact: true }).click();
      // Still the same document: no reload carrying the answers in its address.
      expect(navigated).toBe(false);
      expect(page.url()).toBe(`${baseUrl}${path}`);
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app"))).toBe(
        false,
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  /** Opens the page with the app's script held back until `press` has been done, as on a slow phone. */
  async function pressBeforeTheAppStarts(path: string, press: (page: Page) => Promise<void>) {
    const opened = await openPage();
    const { page } = opened;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "domcontentloaded" });
    await press(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app"))).toBe(
      false,
    );
    expect(new URL(page.url()).pathname).toBe(path);
    release();
    return opened;
  }

  it("download the app's script and stylesheet only once the page is painted", async () => {
    // src/app/theme/afterPaint.ts: the first paint has the network and the main thread to itself.
    const { context, page, messages } = await openPage();
    try {
      for (const [path] of PAGES) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForFunction(() => document.documentElement.hasAttribute("data-app"));
        const timing = await page.evaluate(() => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          const assets = performance
            .getEntriesByType("resource")
            .filter((entry) => /\/assets\/index-[\w-]+\.(?:js|css)$/.test(entry.name));
          return {
            paint: paint?.startTime,
            assets: assets.map((entry) => ({ name: entry.name, start: entry.startTime })),
          };
        });
        expect(timing.paint, path).toBeGreaterThan(0);
        // The entry script and the whole stylesheet.
        expect(timing.assets, path).toHaveLength(2);
        for (const asset of timing.assets)
          expect(asset.start, `${path}: ${asset.name}`).toBeGreaterThan(timing.paint!);
      }
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("start a step with its code in a few files, all listed by the page", async () => {
    // scripts/build/route-chunks.ts: Rollup's own split gave a step 23 files beside the entry.
    const { context, page, messages } = await openPage();
    try {
      const path = "/simulation/individu/demandeur/date_naissance";
      const response = await page.goto(`${baseUrl}${path}`);
      const listed = [...((await response?.text()) ?? "").matchAll(/\/assets\/[\w-]+\.js/g)].map(
        ([file]) => file,
      );
      expect(await hydrated(page)).toBe(true);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => /^\/assets\/.+\.js$/.test(file)),
      );
      // The entry, the questionnaire's data, and the step's code in at most five files.
      expect(new Set(listed).size).toBeLessThanOrEqual(7);
      for (const file of listed) expect(scripts, file).toContain(file);
      // Besides them, only the DSFR's click holder, which the entry loads once started.
      for (const file of scripts.filter((script) => !listed.includes(script)))
        expect(file).toMatch(/^\/assets\/dsfrOnInteraction-[\w-]+\.js$/);
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("press the home page's main button for a visitor who pressed it before the app started", async () => {
    const { context, page, messages } = await pressBeforeTheAppStarts("/", (page) =>
      page.getByRole("button", { name: "Je commence ma simulation" }).click(),
    );
    try {
      await page.waitForURL(/\/simulation\/individu\/demandeur\/date_naissance$/, {
        timeout: 20_000,
      });
      await page.getByRole("group", { name: /date de naissance/ }).waitFor();
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("keep and send the first question as answered before the app started", async () => {
    const path = "/simulation/individu/demandeur/date_naissance";
    const { context, page, messages } = await pressBeforeTheAppStarts(path, async (page) => {
      await page.getByLabel("Jour", { exact: true }).fill("14");
      await page.getByLabel("Mois", { exact: true }).fill("7");
      await page.getByLabel("Année", { exact: true }).fill("2005");
      await page.getByRole("button", { name: "Suivant", exact: true }).click();
    });
    try {
      // The answer typed before the start is the one the app sends and stores.
      await page.waitForURL((url) => url.pathname !== path, { timeout: 20_000 });
      await page.locator("main h1").first().waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem("simulation"))).toContain(
        '"2005-07-14"',
      );
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("open a question of the FAQ pressed before the app started, once the DSFR has bound it", async () => {
    const question = (page: Page) =>
      page.getByRole("button", { name: "Combien de temps faut-il ?" });
    const { context, page, messages } = await pressBeforeTheAppStarts("/faq", (page) =>
      question(page).click(),
    );
    try {
      await expect
        .poll(() => question(page).getAttribute("aria-expanded"), { timeout: 20_000 })
        .toBe("true");
      await page.getByText("Environ 7 minutes.").waitFor({ state: "visible" });
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("open a question of the FAQ pressed after the app started, before the DSFR's click holder arrived", async () => {
    // src/app/dsfr/dsfrOnInteraction.ts loads apart from the app: a press in between was lost
    // (a fresh-clone run of npm test lost one in tests/e2e/static-pages.test.ts).
    const { context, page, messages } = await openPage();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/dsfrOnInteraction-*.js", async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto(`${baseUrl}/faq`);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-app"));
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute("data-dsfr-holds")),
      ).toBe(false);
      const question = page.getByRole("button", { name: "Combien de temps faut-il ?" });
      await question.click();
      release();
      await expect
        .poll(() => question.getAttribute("aria-expanded"), { timeout: 20_000 })
        .toBe("true");
      await page.getByText("Environ 7 minutes.").waitFor({ state: "visible" });
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("open a question of the FAQ pressed after the app started, before the page's own code arrived", async () => {
    // The page is lazy: the app starts (`data-app`) with the page's content still waiting for
    // its module, and React stopped a press on it, which was lost (tests/e2e/static-pages.test.ts
    // lost a key press that way on a slow machine).
    const { context, page, messages } = await openPage();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/StaticPage-*.js", async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto(`${baseUrl}/faq`);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-app"));
      // The app may start before src/app/dsfr/dsfrOnInteraction.ts listens for the first
      // interaction (see the test above): a focus before that was missed, and the DSFR never
      // loaded (a fresh-clone run, 2026-11-29). Its click holder's mark says it listens.
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-dsfr-holds"));
      const question = page.getByRole("button", { name: "Combien de temps faut-il ?" });
      // The DSFR is there and listens to the question (its script loads on the focus).
      await question.focus();
      await expect.poll(() => question.getAttribute("data-fr-js-collapse-button")).toBe("true");
      await question.press("Enter");
      expect(await page.locator("html").getAttribute(PAGE_READY_ATTRIBUTE)).toBeNull();
      release();
      await expect
        .poll(() => question.getAttribute("aria-expanded"), { timeout: 20_000 })
        .toBe("true");
      await page.getByText("Environ 7 minutes.").waitFor({ state: "visible" });
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("offer a returning visitor to resume, after the hydration", async () => {
    const { context, page, messages } = await openPage();
    try {
      await page.goto(`${baseUrl}/faq`);
      // A simulation saved in this tab, with the applicant's birth date (docs/product.md §5).
      await page.evaluate(() =>
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({
            answers: {
              all: [
                {
                  entityName: "individu",
                  id: "demandeur",
                  fieldName: "date_naissance",
                  value: "2004-05-01",
                },
              ],
              current: [],
            },
            dateDeValeur: "2026-11-01",
          }),
        ),
      );
      await page.goto(`${baseUrl}/`);
      await expect(hydrated(page)).resolves.toBe(true);
      await page.getByRole("button", { name: "Reprendre ma simulation" }).waitFor();
      await page.getByRole("button", { name: "Commencer une nouvelle simulation" }).waitFor();
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("show a returning visitor's answers on the first question, rendered anew", async () => {
    const { context, page, messages } = await openPage();
    try {
      await page.goto(`${baseUrl}/faq`);
      await page.evaluate(() =>
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({
            answers: {
              all: [
                {
                  entityName: "individu",
                  id: "demandeur",
                  fieldName: "date_naissance",
                  value: "2004-05-01",
                },
              ],
              current: [],
            },
            dateDeValeur: "2026-11-01",
          }),
        ),
      );
      await page.goto(`${baseUrl}/simulation/individu/demandeur/date_naissance`);
      await expect(hydrated(page)).resolves.toBe(false);
      await expect(page.getByLabel("Année").inputValue()).resolves.toBe("2004");
      // Without a simulation, the first question is hydrated and answers as before.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${baseUrl}/simulation/individu/demandeur/date_naissance`);
      await expect(hydrated(page)).resolves.toBe(true);
      await answerFirstQuestion(page);
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("hydrate the first question opened from a campaign's link, not with a query the app reads", async () => {
    const { context, page, messages } = await openPage();
    try {
      // A partner's link: the pre-rendered question stays the page, hydrated, not rendered anew.
      const campaign = "?utm_source=partenaire&utm_medium=site&utm_campaign=rentree";
      await page.goto(`${baseUrl}/simulation/individu/demandeur/date_naissance${campaign}`);
      await expect(hydrated(page)).resolves.toBe(true);
      await answerFirstQuestion(page);
      expect(messages).toEqual([]);
      // `?debug=parcours` changes the page: it is rendered anew.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${baseUrl}/simulation/individu/demandeur/date_naissance?debug=parcours`);
      await expect(hydrated(page)).resolves.toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("paint the list of aids' heading and lead before its modules arrive, where the page paints them", async () => {
    // The lead is /aides's largest paint (Lighthouse): its shell paints it from the HTML, and the
    // page, once its modules and the catalogue have arrived, paints the same text in the same box,
    // which is no larger paint and no shift (src/app/aides/AidesIntro.tsx).
    const count = `${loadBundle().publicBenefitCount.toLocaleString("fr-FR")}\u00a0aides`;
    const leadOf = async (page: Page) => {
      const lead = page.locator("main p.fr-text--lead");
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return { text: await lead.textContent(), box: await lead.boundingBox() };
    };
    const before = await openPage();
    await before.context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    let shell: Awaited<ReturnType<typeof leadOf>>;
    try {
      await before.page.goto(`${baseUrl}/aides`);
      await expect(before.page.locator("main h1").textContent()).resolves.toBe("Toutes les aides");
      shell = await leadOf(before.page);
    } finally {
      await before.context.close();
    }
    expect(shell.text?.replace(/\s/g, " ")).toContain(count.replace(/\s/g, " "));
    const after = await openPage();
    try {
      await after.page.goto(`${baseUrl}/aides`);
      await after.page.getByRole("searchbox", { name: /Rechercher une aide/ }).waitFor();
      await after.page.waitForFunction(
        (ready) => document.documentElement.hasAttribute(ready),
        PAGE_READY_ATTRIBUTE,
      );
      await expect(after.page.getByText("Chargement de la liste des aides…").count()).resolves.toBe(
        0,
      );
      const page = await leadOf(after.page);
      expect(page.text).toBe(shell.text);
      expect(page.box).toEqual(shell.box);
      expect(after.messages).toEqual([]);
    } finally {
      await after.context.close();
    }
  }, 60_000);

  it("show in an aid page's shell its own loading state, not the list of aids'", async () => {
    // The shell of /aides/* is rendered at a page under /aides/ (scripts/prerender.ts shellPath),
    // not at /aides/, which the router reads as /aides. The server sends it for an address that
    // names no aid (an aid's page is rendered by the server, below).
    const { context, page } = await openPage();
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    try {
      await page.goto(`${baseUrl}/aides/aide_inconnue`);
      await expect(page.locator("main [role=status]").textContent()).resolves.toBe("Chargement…");
      await expect(page.locator("main h1").count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("of an aid are rendered by the server: readable without scripts, then hydrated", async () => {
    // src/server/aid-page.ts: the page's heading, description, conditions and links are in the
    // HTML; the browser loads the aid's part of the catalogue, then hydrates that markup.
    const path = "/aides/aide_logement";
    const label = "Aides personnelles au logement";
    const bare = await openPage({ javaScriptEnabled: false });
    try {
      const response = await bare.page.goto(`${baseUrl}${path}`);
      expect(await response?.text()).toContain('data-server-rendered=""');
      await bare.page.getByRole("heading", { level: 1, name: label }).waitFor();
      await bare.page.getByRole("heading", { level: 2, name: "Conditions" }).waitFor();
      await bare.page.getByRole("link", { name: /^Plus d’informations/ }).waitFor();
      await expect(bare.page.title()).resolves.toMatch(new RegExp(`^${label} - `));
    } finally {
      await bare.context.close();
    }
    for (const colorScheme of ["dark", "light"] as const) {
      const { context, page, messages } = await openPage({ colorScheme });
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      try {
        await page.goto(`${baseUrl}${path}`);
        await expect(hydrated(page), colorScheme).resolves.toBe(true);
        await page.waitForSelector("html[data-app]");
        expect(await page.locator("html").getAttribute("data-fr-theme")).toBe(colorScheme);
        // The aid's part of the catalogue, not the whole catalogue.
        expect(scripts.filter((file) => /^\/assets\/\d{2}-[\w-]+\.js$/.test(file))).toHaveLength(1);
        expect(scripts.filter((file) => file.startsWith("/assets/catalogue-"))).toEqual([]);
        // Hydrated: its links are the router's.
        await page.getByRole("link", { name: "Toutes les aides" }).click();
        await page.getByRole("heading", { level: 1, name: "Toutes les aides" }).waitFor();
        expect(messages).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("are rendered by the browser when embedded", async () => {
    const { context, page, messages } = await openPage();
    try {
      // The query asks for the embedded layout: the server sends the app's shell.
      const response = await page.goto(`${baseUrl}/?iframe=true&data-with-logo=false`);
      expect(await response?.text()).not.toContain("data-prerendered");
      await page.locator("main h1").waitFor();
      await expect(page.locator("header.fr-header .fr-header__logo").count()).resolves.toBe(0);
      // Then the stored state asks for it: the pre-rendered page is rendered anew, not hydrated.
      await page.goto(`${baseUrl}/faq`);
      await expect(hydrated(page)).resolves.toBe(false);
      await expect(page.locator("header.fr-header .fr-header__logo").count()).resolves.toBe(0);
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
