import { setLink } from "@codegouvfr/react-dsfr/link";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { Link } from "react-router-dom";
import { preloadLazyModules } from "../../../../src/app/lazy/lazyModule";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
setLink({ Link: Link as never });

/**
 * Renders `ui` in a fresh container. The app's lazily loaded modules (pages, machine) are loaded
 * first, so that everything renders synchronously as in one bundle.
 */
export async function render(ui: ReactNode) {
  await preloadLazyModules();
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Lets pending promises (resolvers, fetches) settle inside act. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * Settles until `ready()` holds or `timeoutMs` passes: lazily loaded routes import their module
 * first, which takes longer on a busy or cold machine than a fixed number of rounds.
 */
export async function settleUntil(ready: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!ready() && Date.now() < deadline) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

export async function click(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error("Nothing to click");
  await act(async () => element.click());
  await settle();
}

function setNativeValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  setter?.call(element, value);
}

export async function type(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLInputElement)) throw new Error("Not an input");
  await act(async () => {
    setNativeValue(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await settle();
}

export async function choose(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLSelectElement)) throw new Error("Not a select");
  await act(async () => {
    setNativeValue(element, value);
    element.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await settle();
}

/** The form control whose label contains `text` (labels, or fieldset legends for groups). */
export function byLabel(root: ParentNode, text: string): HTMLElement {
  const label = [...root.querySelectorAll("label")].find((l) => l.textContent?.includes(text));
  const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!(control instanceof HTMLElement)) throw new Error(`No control labelled "${text}"`);
  return control;
}

export function byText(root: ParentNode, selector: string, text: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find((e) =>
    e.textContent?.includes(text),
  );
}

/** The text of the elements an element's aria-describedby points to. */
export function description(element: Element): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

/** The group (a fieldset with role="group") whose legend contains `text`. */
export function groupByLegend(root: ParentNode, text: string): HTMLFieldSetElement {
  const group = [...root.querySelectorAll("fieldset")].find((fieldset) =>
    fieldset.querySelector("legend")?.textContent?.includes(text),
  );
  if (!group) throw new Error(`No group with the legend "${text}"`);
  return group;
}

/** Types `iso` (`YYYY-MM-DD`, or any three parts) into the day, month and year inputs of a date. */
export async function typeDate(root: ParentNode, legend: string, iso: string) {
  const group = groupByLegend(root, legend);
  const [year = "", month = "", day = ""] = iso.split("-");
  await type(byLabel(group, "Jour"), day);
  await type(byLabel(group, "Mois"), month);
  await type(byLabel(group, "Année"), year);
}
