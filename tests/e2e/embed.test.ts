/**
 * Embedding (issue 7): a partner page on a second loopback origin pastes the host script; the
 * iframe appears and its height follows the simulator's steps; a resize message from another
 * origin is ignored; the iframe reaches the API with its bearer token, never a cookie. Then the
 * themes and the dark scheme are axe-clean, the display scheme persists, and the host script
 * stays under 3 kB gzip.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeCatalogue } from "../../src/app/theme/themes";
import { RESIZE_MESSAGE } from "../../src/embed/protocol";
import { freePort } from "../integration/helpers/engine";
import {
  expectNoAxeViolationsQuickly,
  startHarness,
  staticDir,
  waitForAnimationsToEnd,
  type Harness,
} from "./harness";
import { VIEWPORTS } from "./layout";
import { compareWithBaseline } from "./visual/compare";

const EMBED_MAX_GZIP_BYTES = 3 * 1024;
const BIRTH_DATE_PATH = "/simulation/individu/demandeur/date_naissance";

let harness: Harness;
let host: Server;
let hostOrigin: string;

/** The partner's page: its own content around the pasted tag, and a log of the messages it got. */
function partnerPage(simulatorOrigin: string, collapsed = false): string {
  const attributes = collapsed
    ? 'data-with-logo="false" data-theme="metropole"'
    : 'data-from-home data-margin="-50"';
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Site partenaire</title></head>
<body>
  <h1>Site partenaire</h1>
  <script>window.received = []; addEventListener("message", (e) => received.push(e.data));</script>
  <script src="${simulatorOrigin}/embed.js" ${attributes}></script>
  <p>Pied de page du partenaire</p>
</body></html>`;
}

beforeAll(async () => {
  const hostPort = await freePort();
  // `localhost` and `127.0.0.1` are different sites: the simulator is a third party here.
  hostOrigin = `http://localhost:${hostPort}`;
  // The simulator's pages may be framed by the listed partners only (security headers).
  process.env.FRAME_ANCESTORS = hostOrigin;
  harness = await startHarness();
  host = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(partnerPage(harness.baseUrl, request.url === "/sans-logo"));
  });
  await new Promise<void>((resolve) => host.listen(hostPort, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  await harness?.close();
  delete process.env.FRAME_ANCESTORS;
});

/** The iframe's height on the partner page and the simulator document's own height. */
async function heights(page: Page, frame: Frame): Promise<{ iframe: number; content: number }> {
  const iframe = await page
    .locator("iframe")
    .evaluate((element) => element.getBoundingClientRect().height);
  const content = await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  );
  return { iframe, content };
}

/** Waits until the iframe has been sized to the simulator's content (the host script's job). */
async function expectSizedToContent(page: Page, frame: Frame): Promise<number> {
  await expect
    .poll(
      async () => {
        const { iframe, content } = await heights(page, frame);
        return Math.abs(iframe - content);
      },
      { timeout: 20_000 },
    )
    .toBeLessThanOrEqual(2);
  return (await heights(page, frame)).iframe;
}

describe("embedding on a partner's site", () => {
  it("inserts the iframe, follows the steps' heights, ignores other origins, uses the bearer token", async () => {
    const { page, consoleErrors } = await harness.newPage();
    const apiRequests: { url: string; headers: Record<string, string> }[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(`${harness.baseUrl}/api/`))
        apiRequests.push({ url: request.url(), headers: request.headers() });
    });
    await page.goto(hostOrigin);

    const iframe = page.locator("iframe");
    await expect.poll(() => iframe.count()).toBe(1);
    expect(await iframe.getAttribute("title")).toBe("Simulateur d’aides pour les jeunes");
    const src = new URL((await iframe.getAttribute("src")) ?? "");
    expect(src.origin).toBe(harness.baseUrl);
    expect(src.pathname).toBe("/");
    expect(src.searchParams.get("iframe")).toBe("true");
    // Inserted right after the script, before the partner's own footer.
    expect(
      await page.evaluate(
        () => document.querySelector("script[src$='embed.js']")?.nextElementSibling?.tagName,
      ),
    ).toBe("IFRAME");

    const frame = (await iframe.elementHandle())!.contentFrame();
    const simulator = (await frame)!;
    await simulator.getByRole("heading", { level: 1 }).first().waitFor();
    // The embedded layout: the brand's link opens the simulator in a new window.
    expect(await simulator.locator(".fr-header__brand a").first().getAttribute("target")).toBe(
      "_blank",
    );
    // The negative margin (data-margin="-50") is ignored: the iframe fits the content exactly.
    const homeHeight = await expectSizedToContent(page, simulator);

    // A forged message from the partner's origin (not the simulator's) changes nothing.
    await page.evaluate((type) => window.postMessage({ type, height: 5 }, "*"), RESIZE_MESSAGE);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: { height?: number }[] }).received.some(
            (message) => message.height === 5,
          ),
        ),
      )
      .toBe(true);
    expect((await heights(page, simulator)).iframe).toBe(homeHeight);

    // A step: the iframe follows the new height.
    await simulator.getByRole("button", { name: "Je commence ma simulation" }).click();
    await simulator.waitForURL((url) => url.pathname === BIRTH_DATE_PATH);
    await simulator.getByRole("group", { name: /date de naissance/ }).waitFor();
    const stepHeight = await expectSizedToContent(page, simulator);
    expect(stepHeight).not.toBe(homeHeight);

    // The next step, after a save: still sized to the content.
    await simulator.getByLabel("Jour", { exact: true }).fill("1");
    await simulator.getByLabel("Mois", { exact: true }).fill("3");
    await simulator.getByLabel("Année", { exact: true }).fill("2004");
    await simulator.getByRole("button", { name: "Suivant" }).click();
    await simulator.waitForURL((url) => url.pathname !== BIRTH_DATE_PATH);
    await expectSizedToContent(page, simulator);

    // Third-party context: no request of the iframe relies on a cookie; owner reads carry the
    // bearer token in the Authorization header.
    expect(apiRequests.length).toBeGreaterThan(0);
    for (const request of apiRequests) expect(request.headers.cookie, request.url).toBeUndefined();
    for (const request of apiRequests.filter((r) => /\/api\/simulation\/[^/]+/.test(r.url)))
      expect(request.headers.authorization, request.url).toMatch(/^Bearer /);
    // The iframe's state is in session storage, for the framed ('basic') context.
    expect(
      JSON.parse((await simulator.evaluate(() => sessionStorage.getItem("iframe"))) ?? "{}"),
    ).toEqual({ basic: { inIframe: true, iframeHeaderCollapse: false } });
    expect(consoleErrors).toEqual([]);
  });
});

describe("embedding without logo, with a theme", () => {
  it("starts on the first question, collapses the header, applies the theme, stays axe-clean", async () => {
    const { context, page, consoleErrors } = await harness.newPage();
    await page.goto(`${hostOrigin}/sans-logo`);
    const simulator = (await (await page.locator("iframe").elementHandle())!.contentFrame())!;
    await simulator.waitForURL((url) => url.pathname === BIRTH_DATE_PATH);
    await simulator.getByRole("group", { name: /date de naissance/ }).waitFor();
    expect(await simulator.locator(".fr-header__brand").count()).toBe(0);
    expect(
      await simulator.getByRole("link", { name: "Retour à l’accueil du simulateur" }).count(),
    ).toBe(1);
    expect(
      await simulator.evaluate(() => document.documentElement.getAttribute("data-app-theme")),
    ).toBe("metropole");
    await expectSizedToContent(page, simulator);
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The same layout, opened at the top level (the 'integrated' context), is axe-clean.
    const direct = await harness.newPage();
    await direct.page.goto(
      `${harness.baseUrl}${BIRTH_DATE_PATH}?iframe=true&data-with-logo=false&theme=metropole`,
    );
    await direct.page.getByRole("group", { name: /date de naissance/ }).waitFor();
    expect(await direct.page.locator(".fr-header__brand").count()).toBe(0);
    await expectNoAxeViolationsQuickly(direct.page, "collapsed header, metropole theme");
    await direct.context.close();
  });
});

describe("themes and display scheme", () => {
  async function openScreen(path: string, colorScheme: "light" | "dark", theme: string) {
    const { context, page } = await harness.newPage();
    await page.emulateMedia({ colorScheme });
    await page.goto(`${harness.baseUrl}${path}?theme=${theme}`);
    await page.locator("main h1").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute("data-fr-theme")))
      .toBe(colorScheme);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-app-theme"))).toBe(
      theme,
    );
    return { context, page };
  }

  for (const theme of themeCatalogue.themes.map((t) => t.id)) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`theme ${theme}, ${colorScheme} scheme: home and a step are axe-clean`, async () => {
        for (const path of ["/", BIRTH_DATE_PATH]) {
          const { context, page } = await openScreen(path, colorScheme, theme);
          await expectNoAxeViolationsQuickly(page, `${path} (${theme}, ${colorScheme})`);
          await context.close();
        }
      });
    }
  }

  it("/iframe, the integrator page with its live preview, is axe-clean", async () => {
    const { context, page } = await harness.newPage();
    await page.goto(`${harness.baseUrl}/iframe`);
    await page
      .getByRole("heading", { level: 1, name: "Intégrer le simulateur à votre site" })
      .waitFor();
    const preview = (await (await page.locator("main iframe").elementHandle())!.contentFrame())!;
    await preview.locator("main h1").waitFor();
    expect(await page.locator("#embed-snippet").textContent()).toBe(
      `<script src="${harness.baseUrl}/embed.js" data-from-home></script>`,
    );
    // The preview shows the simulator's own pages (checked above); its landmarks would repeat the
    // page's, as they do on any partner's page (axe's best practice "landmark-unique").
    await waitForAnimationsToEnd(page);
    const { violations } = await new AxeBuilder({ page }).exclude("main iframe").analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await context.close();
  });

  it("keeps the scheme chosen in the display settings in local storage 'scheme'", async () => {
    const { context, page } = await harness.newPage();
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(harness.baseUrl);
    await page.locator("main h1").waitFor();
    const theme = () => page.evaluate(() => document.documentElement.getAttribute("data-fr-theme"));
    await expect.poll(theme).toBe("light");
    // The browser's bar takes the page's background (src/app/dsfr/themeColorTables.ts).
    const themeColor = () =>
      page.evaluate(() =>
        document.querySelector('meta[name="theme-color"]')?.getAttribute("content"),
      );
    await expect.poll(themeColor).toBe("#ffffff");

    await page
      .locator("footer")
      .getByRole("button", { name: /Paramètres d.affichage/ })
      .click();
    const dialog = page.locator("#fr-theme-modal");
    await dialog.locator("label", { hasText: "Thème sombre" }).click();
    await expect.poll(theme).toBe("dark");
    await expect.poll(themeColor).toBe("#161616");
    expect(await page.evaluate(() => localStorage.getItem("scheme"))).toBe("dark");

    await page.reload();
    await page.locator("main h1").waitFor();
    await expect.poll(theme).toBe("dark");

    // 'system' follows the operating system's preference.
    await page
      .locator("footer")
      .getByRole("button", { name: /Paramètres d.affichage/ })
      .click();
    await dialog.locator("label", { hasText: "Système" }).click();
    expect(await page.evaluate(() => localStorage.getItem("scheme"))).toBe("system");
    await expect.poll(theme).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(theme).toBe("dark");
    await context.close();
  });
});

/**
 * Resolves once the loading message is drawn in the DSFR's Marianne, its face loaded. The message
 * is in the DOM, visible to Playwright and pictured by it, before the render-blocking stylesheet
 * has arrived: until then no face named Marianne exists, `document.fonts.load` resolves with none
 * and `document.fonts.ready` at once, and the message is drawn in the browser's default font (835
 * pixels of difference at 390 px, dark, in two fresh-clone runs of `npm test` in three on
 * 2026-12-02, as when the stylesheet is held 300 ms). The check is synchronous: Playwright's
 * `waitForFunction` takes a promise for a truthy answer.
 */
async function waitForMessageInItsFace(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const message = document.getElementById("app-loading");
      if (!message) return false;
      const style = getComputedStyle(message);
      if (!style.fontFamily.includes("Marianne")) return false;
      const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} Marianne`;
      const text = message.textContent ?? "";
      // Starts the face's download if nothing has asked for it yet; `check` is then false until
      // it is loaded.
      void document.fonts.load(font, text);
      return document.fonts.check(font, text);
    },
    undefined,
    { polling: "raf" },
  );
}

describe("an embedded page while its scripts arrive", () => {
  /**
   * The page at `width` × `height` with the app's entry held, and how to let it through. With
   * `lateStylesheet`, the stylesheet too is held until the message shows, so that the pictures
   * start waiting while it may still be on its way, as on a busy machine. It does not force that
   * order: on loopback the stylesheet usually arrives first, and the former wait (fonts.load, then
   * fonts.ready) passed four pictures of four with it; the 835 pixels came back only with the
   * stylesheet held 300 ms, which a test cannot do without a fixed delay.
   */
  async function openHeld(
    width: number,
    height: number,
    colorScheme: "light" | "dark" = "light",
    { lateStylesheet = false } = {},
  ) {
    const { context, page } = await harness.newPage({
      viewport: { width, height },
      colorScheme,
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    let showStylesheet = () => {};
    const stylesheetShown = new Promise<void>((resolve) => (showStylesheet = resolve));
    if (lateStylesheet)
      await page.route(/\/assets\/index-[\w-]{8}\.css$/, async (route) => {
        await stylesheetShown;
        await route.continue();
      });
    await page.goto(`${harness.baseUrl}/?iframe=true`, { waitUntil: "commit" });
    const loading = page.getByRole("status").filter({ hasText: "Chargement du simulateur…" });
    await loading.waitFor({ state: "visible" });
    showStylesheet();
    return { context, page, loading, release };
  }

  it("says that the simulator loads instead of staying blank, then shows the page", async () => {
    const { context, page, loading, release } = await openHeld(390, 844);
    try {
      expect(await page.locator("#root").innerHTML()).toBe("");
      release();
      await page.locator("main h1").waitFor();
      await loading.waitFor({ state: "hidden" });
    } finally {
      await context.close();
    }
  });

  it("is dark before its script when the visitor's system is, and stays dark once started", async () => {
    const { context, page, release } = await openHeld(390, 844, "dark");
    try {
      const theme = () => page.locator("html").getAttribute("data-fr-theme");
      expect(await page.locator("#root").innerHTML()).toBe("");
      expect(await theme()).toBe("dark");
      release();
      await page.locator("main h1").waitFor();
      expect(await theme()).toBe("dark");
    } finally {
      await context.close();
    }
  });

  for (const { width, height } of VIEWPORTS) {
    for (const [colorScheme, scheme] of [
      ["light", "clair"],
      ["dark", "sombre"],
    ] as const) {
      it(`looks as its baseline at ${width} px, ${scheme}`, async () => {
        const { context, page, release } = await openHeld(width, height, colorScheme, {
          lateStylesheet: true,
        });
        try {
          await waitForMessageInItsFace(page);
          await waitForAnimationsToEnd(page);
          const result = compareWithBaseline({
            name: `chargement-${width}-${scheme}`,
            actual: await page.screenshot({ fullPage: true, animations: "disabled", scale: "css" }),
            // Beside the visual suite's, whose baselines are its screens' only.
            baselineDir: fileURLToPath(new URL("./visual/baselines-before-app/", import.meta.url)),
            failureDir:
              process.env.VISUAL_FAILURES_DIR || join(process.cwd(), ".tmp/visual-failures"),
            update: process.env.VISUAL_UPDATE === "1",
          });
          expect(result.message).toBeUndefined();
        } finally {
          release();
          await context.close();
        }
      });
    }
  }
});

describe("host script", () => {
  it("is a standalone file of at most 3 kB gzip", () => {
    const file = join(staticDir, "embed.js");
    if (!existsSync(file))
      throw new Error(
        `${file} is missing: build it with \`npm run build\` (or \`vite build -c vite.embed.config.ts\`)`,
      );
    const gzipBytes = gzipSync(readFileSync(file)).length;
    console.log(`embed.js: ${gzipBytes} bytes gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(EMBED_MAX_GZIP_BYTES);
  });
});
