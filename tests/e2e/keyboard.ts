/**
 * Keyboard-only driving: every action moves focus with Tab and acts with keys, as a visitor
 * without a mouse would. Nothing is clicked and no element is focused by script.
 */
import type { Page } from "playwright-core";

interface Focused {
  tag: string;
  type: string;
  label: string;
  text: string;
  selected: string;
  checked: boolean;
}

const MAX_TABS = 80;

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const input = el as HTMLInputElement | null;
    const select = el as HTMLSelectElement | null;
    const labels = input && "labels" in input && input.labels ? [...input.labels] : [];
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      type: input?.type ?? "",
      label: labels
        .map((l) => l.textContent ?? "")
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
      text: (el?.textContent ?? "").replace(/\s+/g, " ").trim(),
      selected: select?.tagName === "SELECT" ? (select.selectedOptions[0]?.textContent ?? "") : "",
      checked: Boolean(input?.checked),
    };
  });
}

/** Presses Tab until the focused element satisfies `matches`. */
export async function tabTo(
  page: Page,
  what: string,
  matches: (f: Focused) => boolean,
): Promise<Focused> {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press("Tab");
    const current = await focused(page);
    if (matches(current)) return current;
  }
  throw new Error(`Tab never reached ${what} on ${page.url()}`);
}

const isTextEntry = (f: Focused) =>
  f.tag === "input" && !["radio", "checkbox", "submit", "button"].includes(f.type);

/** Types into the next text-like input (optionally the one whose label matches). */
export async function fill(page: Page, text: string, label?: RegExp): Promise<void> {
  await tabTo(
    page,
    `an input ${label ?? ""}`,
    (f) => isTextEntry(f) && (!label || label.test(f.label)),
  );
  await page.keyboard.type(text);
}

/** Picks an option in the next radio group or select, with arrow keys. */
export async function choose(page: Page, option: string): Promise<void> {
  const start = await tabTo(page, "a choice", (f) => f.type === "radio" || f.tag === "select");
  const current = () => focused(page).then((f) => (f.tag === "select" ? f.selected : f.label));
  for (let i = 0; i < 40; i++) {
    if ((await current()).trim() === option) {
      if (start.type === "radio") await page.keyboard.press("Space");
      return;
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`Option "${option}" not found on ${page.url()}`);
}

/** Ticks the next checkbox whose label matches. */
export async function check(page: Page, label: RegExp): Promise<void> {
  const box = await tabTo(
    page,
    `checkbox ${label}`,
    (f) => f.type === "checkbox" && label.test(f.label),
  );
  if (!box.checked) await page.keyboard.press("Space");
}

/** Moves to the button or link with this text and activates it with Enter. */
export async function activate(page: Page, text: string): Promise<void> {
  await tabTo(page, `"${text}"`, (f) => (f.tag === "button" || f.tag === "a") && f.text === text);
  await page.keyboard.press("Enter");
}

export type { Focused };

/** Presses Shift+Tab until the focused element satisfies `matches`. */
export async function tabBackTo(
  page: Page,
  what: string,
  matches: (f: Focused) => boolean,
): Promise<Focused> {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press("Shift+Tab");
    const current = await focused(page);
    if (matches(current)) return current;
  }
  throw new Error(`Shift+Tab never reached ${what} on ${page.url()}`);
}

/** Like `activate`, moving backwards with Shift+Tab (for a control before the focus). */
export async function activateBackwards(page: Page, text: string): Promise<void> {
  await tabBackTo(
    page,
    `"${text}"`,
    (f) => (f.tag === "button" || f.tag === "a") && f.text === text,
  );
  await page.keyboard.press("Enter");
}

/** Replaces the content of the next text-like input (optionally the one whose label matches). */
export async function replace(page: Page, text: string, label?: RegExp): Promise<void> {
  await tabTo(
    page,
    `an input ${label ?? ""}`,
    (f) => isTextEntry(f) && (!label || label.test(f.label)),
  );
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/**
 * Types a date `DD/MM/YYYY` into the next date field: its day, month and year inputs, moving from
 * one to the next with Tab as a visitor does (each input's content is replaced).
 */
export async function typeDate(page: Page, date: string): Promise<void> {
  const [day = "", month = "", year = ""] = date.split("/");
  await replace(page, day, /^Jour/);
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(month);
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(year);
}
