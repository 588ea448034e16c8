/**
 * A layout check of the current screen, as a person would see it: no text cut off in a button,
 * link, label, tag or card (a DSFR icon button squeezed to its icon shows "Je co"), nothing wider
 * than a 320 px phone (no horizontal scroll), and main actions large enough to tap (44 × 44 px,
 * WCAG 2.5.5). The screen is measured at a phone's and a laptop's size, then left at its size.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { waitForAnimationsToEnd } from "./harness";

export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The narrowest phone the site must fit without horizontal scrolling. */
export const NARROWEST = 320;

/** The smallest tap target of a main action, in CSS pixels. */
export const MIN_TAP_TARGET = 44;

/** Elements whose text must fit in their box. */
const TEXT_BOXES = "button, a, label, legend, .fr-btn, .fr-tag, .fr-badge, .fr-card";

/**
 * The visible primary buttons (and links styled as such) of the page's content and dialogs: its
 * main actions. Secondary, tertiary, small and closing buttons are left out.
 */
export function primaryButtons(page: Page): Promise<Locator[]> {
  return page
    .locator(
      ["main", "dialog"]
        .map(
          (scope) =>
            `${scope} .fr-btn:not(.fr-btn--secondary, .fr-btn--tertiary, .fr-btn--tertiary-no-outline, .fr-btn--sm, .fr-btn--close)`,
        )
        .join(", "),
    )
    .filter({ visible: true })
    .all();
}

export interface LayoutOptions {
  /** The screen's main actions (the home page's call to action, a step's "Suivant"). */
  mainActions?: Locator[];
}

/**
 * Visible text boxes whose content is cut off (it overflows a box that hides its overflow) or
 * whose text spills out of the box, described for a failure message. Icon-only buttons, whose
 * text is hidden on purpose (the DSFR's convention: an icon class without `fr-btn--icon-left` or
 * `-right`, and the header's menu and search buttons on a phone), are left out, as is text for
 * screen readers only.
 */
function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const describe = (element: Element) => {
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">${text}`;
    };
    const iconOnly = (element: Element) =>
      element.closest(".fr-header__navbar") !== null ||
      ([...element.classList].some((name) => /^fr-(icon|fi)-/.test(name)) &&
        ![...element.classList].some((name) => /--icon-(left|right)$/.test(name)));
    /** The horizontal extent of the element's own visible text, or undefined without text. */
    const textExtent = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let left = Infinity;
      let right = -Infinity;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest(".fr-sr-only, .sr-only"))
          continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width === 0) continue;
          left = Math.min(left, rect.left);
          right = Math.max(right, rect.right);
        }
      }
      return left === Infinity ? undefined : { left, right };
    };
    return [...document.querySelectorAll(selector)].flatMap((element) => {
      if (!(element instanceof HTMLElement)) return [];
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return [];
      if (element.closest(".fr-sr-only, .sr-only") || iconOnly(element)) return [];
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return [];
      const clips = getComputedStyle(element).overflowX !== "visible";
      // An inline element has no client box (0): its text is measured instead.
      if (clips && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
        return [
          `${describe(element)} (content ${element.scrollWidth} px wide cut to ${element.clientWidth} px)`,
        ];
      const text = textExtent(element);
      if (text && (text.left < box.left - 1 || text.right > box.right + 1))
        return [
          `${describe(element)} (text from ${Math.round(text.left)} to ${Math.round(text.right)} px spills out of its box from ${Math.round(box.left)} to ${Math.round(box.right)} px)`,
        ];
      return [];
    });
  }, TEXT_BOXES);
}

/** The page's width beyond the viewport, and the elements sticking out on the right. */
function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right > viewport + 1;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> right edge ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth - viewport, culprits };
  });
}

/**
 * What does not fit on the current screen at its current size: text cut off or spilling out of
 * its box, and main actions under 44 × 44 px. Empty when all is well.
 */
export async function textThatDoesNotFit(
  page: Page,
  where: string,
  options: LayoutOptions = {},
): Promise<string[]> {
  await waitForAnimationsToEnd(page);
  const problems = (await overflowingBoxes(page)).map((box) => `text cut off on ${where}: ${box}`);
  for (const action of options.mainActions ?? []) {
    const box = await action.boundingBox();
    const size = box && { width: Math.round(box.width), height: Math.round(box.height) };
    if (!(size && size.width >= MIN_TAP_TARGET && size.height >= MIN_TAP_TARGET)) {
      const text = ((await action.textContent()) ?? "").replace(/\s+/g, " ").trim();
      problems.push(
        `main action "${text}" on ${where}: ${JSON.stringify(size)}, under ${MIN_TAP_TARGET}×${MIN_TAP_TARGET} px`,
      );
    }
  }
  return problems;
}

/**
 * Whether the current screen scrolls horizontally at 320 px wide; the page is left at its size.
 * Empty when it does not, otherwise a message naming the elements sticking out.
 */
export async function horizontalScrollAtNarrowest(page: Page, screen: string): Promise<string[]> {
  const original = page.viewportSize();
  try {
    await page.setViewportSize({
      width: NARROWEST,
      height: original?.height ?? VIEWPORTS[0].height,
    });
    await waitForAnimationsToEnd(page);
    const { scrollWidth, culprits } = await horizontalOverflow(page);
    return scrollWidth > 0
      ? [
          `${screen} scrolls horizontally at ${NARROWEST} px: ${culprits.join(", ")} (${scrollWidth} px too wide)`,
        ]
      : [];
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/**
 * Visible texts of the page written with a straight apostrophe between two letters ("d'affichage"
 * rather than "d’affichage", docs/schema-format.md: the generator writes ’): each once, with its
 * context. Empty when there is none.
 */
export async function straightApostrophes(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Not drawn (a closed dialog, a hidden element), or read by no one.
      if (
        !parent?.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
        parent.closest("script, style, [aria-hidden=true]")
      )
        continue;
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/.{0,20}\p{L}'\p{L}.{0,20}/gu)) texts.add(match[0].trim());
    }
    return [...texts];
  });
  return found.map((text) => `straight apostrophe on ${where}: "${text}"`);
}

/**
 * Fails when, at 390 × 844 or 1280 × 800, a visible text box overflows or a main action is
 * smaller than 44 × 44 px, or when the page scrolls horizontally at 320 px.
 */
export async function expectNoOverflow(
  page: Page,
  screen: string,
  options: LayoutOptions = {},
): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const where = `${screen} at ${viewport.width}×${viewport.height}`;
      const problems = await textThatDoesNotFit(page, where, options);
      expect(problems, problems.join("; ")).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS[0]);
    const scroll = await horizontalScrollAtNarrowest(page, screen);
    expect(scroll, scroll.join("; ")).toEqual([]);
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
