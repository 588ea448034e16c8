/**
 * The e2e helpers themselves, on small pages written here (no server): axe waits for a fade-in
 * to end, and the layout check catches a squeezed button, a page wider than a phone and a main
 * action too small to tap.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, expectNoAxeViolationsQuickly, waitForAnimationsToEnd } from "./harness";
import { expectNoOverflow, straightApostrophes } from "./layout";

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

async function pageWith(body: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.setContent(
    `<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main>${body}</main></body></html>`,
  );
  return page;
}

describe("waitForAnimationsToEnd", () => {
  it("lets axe see a fading-in dialog only once it is opaque", async () => {
    const page = await pageWith(
      `<style>@keyframes spin { to { transform: rotate(360deg) } }</style>
       <div style="width:1rem;height:1rem;animation:spin 1s linear infinite"></div>
       <div id="dialog" style="opacity:0;transition:opacity 1.5s linear">
         <h1>Recevoir un récapitulatif</h1>
         <p style="color:#666">Format attendu : nom@domaine.fr</p>
       </div>`,
    );
    await page.evaluate(() => {
      const dialog = document.getElementById("dialog")!;
      dialog.getBoundingClientRect();
      dialog.style.opacity = "1";
    });
    // The fade runs (and the spinner never ends) when axe is asked to look.
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(2);
    await expectNoAxeViolationsQuickly(page, "fading dialog");
    expect(await page.$eval("#dialog", (d) => getComputedStyle(d).opacity)).toBe("1");
    await page.close();
  });

  it("returns at once on a still page", async () => {
    const page = await pageWith("<p>Rien ne bouge</p>");
    await waitForAnimationsToEnd(page);
    await page.close();
  });
});

describe("expectNoOverflow", () => {
  const CLIPPED = `<button style="max-width:40px;max-height:40px;overflow:hidden;white-space:nowrap">Je commence ma simulation</button>`;

  it("fails on a button squeezed to its icon", async () => {
    const page = await pageWith(CLIPPED);
    await expect(expectNoOverflow(page, "accueil")).rejects.toThrow(
      /text cut off on accueil at 390×844[\s\S]*Je commence ma simulation/,
    );
    await page.close();
  });

  it("fails on text spilling out of its label", async () => {
    const page = await pageWith(
      `<label style="display:block;width:100px">Anticonstitutionnellement</label>`,
    );
    await expect(expectNoOverflow(page, "étape")).rejects.toThrow(
      /text cut off on étape at 390×844: <label class="">Anticonstitutionnellement \(text from 8 to \d+ px spills out of its box from 8 to 108 px\)/,
    );
    await page.close();
  });

  it("fails on a page wider than a 320 px phone", async () => {
    const page = await pageWith(`<div class="wide" style="width:360px">Large</div>`);
    await expect(expectNoOverflow(page, "étape")).rejects.toThrow(
      /étape scrolls horizontally at 320 px: <div class="wide"> right edge 368 px/,
    );
    await page.close();
  });

  it("fails on a main action smaller than 44 × 44 px", async () => {
    const page = await pageWith(`<button style="height:40px">Suivant</button>`);
    await expect(
      expectNoOverflow(page, "étape", { mainActions: [page.getByRole("button")] }),
    ).rejects.toThrow(/main action .* on étape at 390×844: \{"width":\d+,"height":40\}/);
    await page.close();
  });

  it("passes on text that fits, text for screen readers, an icon-only button, and leaves the viewport as it was", async () => {
    const page = await pageWith(
      `<button style="min-height:48px;min-width:48px">Je commence ma simulation</button>
       <a href="#"><span style="position:absolute;width:1px;height:1px;overflow:hidden" class="fr-sr-only">nouvelle fenêtre</span>Lien</a>
       <button class="fr-btn fr-icon-delete-line" title="Supprimer" style="max-width:40px;overflow:hidden;white-space:nowrap">Supprimer</button>`,
    );
    await expectNoOverflow(page, "accueil", {
      mainActions: [page.getByRole("button", { name: "Je commence" })],
    });
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await page.close();
  });
});

describe("straightApostrophes", () => {
  it("names a visible text with a straight apostrophe, not a typographic one nor a hidden one", async () => {
    const page = await pageWith(
      `<p>Paramètres d'affichage</p><p>Paramètres d’affichage</p>
       <p hidden>l'aide cachée</p><script>const s = "l'aide";</script><p>12' de marche</p>`,
    );
    expect(await straightApostrophes(page, "essai")).toEqual([
      'straight apostrophe on essai: "Paramètres d\'affichage"',
    ]);
    await page.close();
  });
});
