/**
 * The static and secondary pages in Chromium, axe-clean. They need neither the engine nor a
 * simulation: the server runs with its engine supervisor never started (as while it boots).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineSupervisor } from "../../src/server/engine";
import { migrateToLatest, openSqliteDatabase, type DatabaseHandle } from "../../src/server/storage";
import { freePort, quietLogger } from "../integration/helpers/engine";
import { CHROMIUM_ARGS, expectNoAxeViolationsQuickly, staticDir } from "./harness";

const CONTACT = "contact@simulateur.example";

const PAGES: [path: string, h1: string][] = [
  ["/accessibilite", "Déclaration d’accessibilité"],
  ["/contact", "Nous contacter"],
  ["/cgu", "Conditions générales d’utilisation"],
  ["/mentions-legales", "Mentions légales"],
  ["/confidentialite", "Politique de confidentialité"],
  ["/faq", "Questions fréquentes"],
  ["/accompagnement/suivi-42", "Être accompagné dans vos démarches"],
  ["/preview", "Prévisualiser des aides"],
  ["/parcours", "Parcours du simulateur"],
  ["/preremplissage", "Simulation préremplie"],
];

let app: FastifyInstance;
let browser: Browser;
let database: DatabaseHandle;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "e2e-static-"));
  database = openSqliteDatabase(join(dir, "e2e.sqlite"));
  await migrateToLatest(database.db);
  app = buildSimulatorApp({
    bundle: loadBundle(),
    db: database.db,
    engine: createEngineSupervisor({ port: await freePort(), workers: 1, logger: quietLogger() }),
    staticDir,
    logger: false,
    contactEmail: CONTACT,
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

describe("static pages in the browser", () => {
  it("each page shows its title, and is axe-clean", async () => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    try {
      for (const [path, h1] of PAGES) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator("main h1").filter({ hasText: h1 }).waitFor();
        await expectNoAxeViolationsQuickly(page, path);
      }
      // An editor's preview: the card with sample values, without a simulation.
      await page.goto(`${baseUrl}/preview?debug=aide_logement`);
      await page.locator("main h3").filter({ hasText: "Aides personnelles au logement" }).waitFor();
      await expectNoAxeViolationsQuickly(page, "/preview?debug=aide_logement");
      await page.goto(`${baseUrl}/contact`);
      // The address comes from GET /api/config: wait for it rather than count at once.
      await page.locator(`main a[href="mailto:${CONTACT}"]`).waitFor();
      await expect(page.locator(`main a[href="mailto:${CONTACT}"]`).count()).resolves.toBe(1);
      // An FAQ answer opens from the keyboard.
      await page.goto(`${baseUrl}/faq`);
      const question = page.getByRole("button", { name: "Dois-je créer un compte\u00a0?" });
      await question.focus();
      await page.keyboard.press("Enter");
      // The first interaction of the page: the DSFR's script downloads, then the held press is
      // replayed (src/app/dsfr/interaction.ts), so the answer opens a moment later.
      await expect.poll(() => question.getAttribute("aria-expanded")).toBe("true");
      await expectNoAxeViolationsQuickly(page, "/faq (question ouverte)");
    } finally {
      await context.close();
    }
  }, 120_000);
});
