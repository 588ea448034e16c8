// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BINDING_GRACE_MS,
  DSFR_HOLDS_ATTRIBUTE,
  deferUntilInteraction,
} from "../../../src/app/dsfr/interaction";
import { PAGE_READY_ATTRIBUTE } from "../../../src/app/layout/pageReady";
import { AFTER_PAINT_SCRIPT } from "../../../src/app/theme/afterPaint";

// Every test calls `started()`: the grace period then removes its listener, so that no test
// holds the clicks of the next one.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.advanceTimersByTime(BINDING_GRACE_MS);
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** Lets promise callbacks and mutation observers run (they are microtasks). */
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Lets animation frames pass: the DSFR's renderer runs on them, and the replay waits for it. */
const frames = async (count = 3) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await microtasks();
  return done;
};

function disclosureButton(): { button: HTMLButtonElement; clicks: () => number; bind: () => void } {
  document.body.innerHTML = `<button type="button" aria-controls="menu">Menu</button>`;
  const button = document.querySelector("button")!;
  let count = 0;
  // What the DSFR does once started: it marks its control, then listens to its clicks.
  const bind = () => {
    button.setAttribute("data-fr-js-collapse-button", "true");
    button.addEventListener("click", () => count++);
  };
  return { button, clicks: () => count, bind };
}

describe("deferUntilInteraction", () => {
  it("waits for a sign of life from the visitor", async () => {
    const behaviours = deferUntilInteraction();
    expect(await settled(behaviours.interacted)).toBe(false);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(await settled(behaviours.interacted)).toBe(true);
    behaviours.started();
  });

  it("holds a click on a DSFR control until the DSFR has bound it, then replays it once", async () => {
    const behaviours = deferUntilInteraction();
    const { button, clicks, bind } = disclosureButton();
    button.click();
    button.click();
    expect(clicks()).toBe(0);
    expect(await settled(behaviours.interacted)).toBe(true);
    // The script has started, but has not bound this control yet: the click still waits.
    behaviours.started();
    await frames();
    expect(clicks()).toBe(0);
    bind();
    await frames();
    expect(clicks()).toBe(1);
    // Once bound, clicks go through as usual.
    button.click();
    expect(clicks()).toBe(2);
  });

  it("replays only once the DSFR's renderer has gone quiet", async () => {
    const behaviours = deferUntilInteraction();
    const { button, clicks, bind } = disclosureButton();
    button.click();
    bind();
    behaviours.started();
    // The renderer still works on each frame (it enables the disclosure on one of them).
    for (let i = 0; i < 4; i++) {
      await frames(1);
      document.documentElement.dispatchEvent(new CustomEvent("dsfr.render"));
      expect(clicks()).toBe(0);
    }
    await frames();
    expect(clicks()).toBe(1);
  });

  it("holds a click made after the start on a control not bound yet", async () => {
    const behaviours = deferUntilInteraction();
    behaviours.started();
    const { button, clicks, bind } = disclosureButton();
    button.click();
    await frames();
    expect(clicks()).toBe(0);
    bind();
    await frames();
    expect(clicks()).toBe(1);
  });

  it("gives up holding after the grace period: a control the DSFR never binds gets its click", () => {
    const behaviours = deferUntilInteraction();
    document.body.innerHTML = `<button type="button" aria-controls="panel">Ouvrir</button>`;
    const button = document.querySelector("button")!;
    const onClick = vi.fn();
    button.addEventListener("click", onClick);
    button.click();
    behaviours.started();
    expect(onClick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(BINDING_GRACE_MS);
    expect(onClick).toHaveBeenCalledOnce();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("says on the root element, as the pre-rendered page's script waits for, that it holds clicks", () => {
    document.documentElement.removeAttribute(DSFR_HOLDS_ATTRIBUTE);
    const behaviours = deferUntilInteraction();
    expect(document.documentElement.hasAttribute(DSFR_HOLDS_ATTRIBUTE)).toBe(true);
    expect(AFTER_PAINT_SCRIPT).toContain(`h.hasAttribute("${DSFR_HOLDS_ATTRIBUTE}")`);
    // And the app's mark of a page rendered with its handlers (src/app/layout/pageReady.ts).
    expect(AFTER_PAINT_SCRIPT).toContain(`h.hasAttribute("${PAGE_READY_ATTRIBUTE}")`);
    behaviours.started();
  });

  it("lets other clicks through at once", () => {
    const behaviours = deferUntilInteraction();
    document.body.innerHTML = `<button type="button">Je commence</button>`;
    const onClick = vi.fn();
    document.querySelector("button")!.addEventListener("click", onClick);
    document.querySelector("button")!.click();
    expect(onClick).toHaveBeenCalledOnce();
    behaviours.started();
  });
});
