/**
 * Axe in both display schemes (docs/product.md §3 "Display scheme"): the visitor's scheme is `system` by
 * default, so the browser's colour-scheme preference switches the DSFR between light and dark
 * (`data-fr-theme` on the root) without reloading the page.
 */
import type { Page } from "playwright-core";
import { expectNoAxeViolationsQuickly } from "./harness";

/** Switches the display scheme, and waits until the DSFR shows it. */
export async function useScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (expected) => document.documentElement.getAttribute("data-fr-theme") === expected,
    scheme,
  );
}

/** No axe violation on the current screen, light then dark; the page is left light. */
export async function expectNoAxeViolationsLightAndDark(page: Page, screen: string): Promise<void> {
  await useScheme(page, "light");
  await expectNoAxeViolationsQuickly(page, `${screen} (clair)`);
  await useScheme(page, "dark");
  await expectNoAxeViolationsQuickly(page, `${screen} (sombre)`);
  await useScheme(page, "light");
}
