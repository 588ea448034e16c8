/**
 * "Import on interaction" for the DSFR's own script (its modals, menus and disclosures): it is
 * downloaded on the visitor's first sign of life (a pointer, a key, a touch, a scroll, the focus)
 * rather than with the page, which it would make a fifth heavier (29 KB gzip of 150, issue 8's
 * budget). A click on a control of the DSFR (a button with `aria-controls`) that the DSFR has not
 * bound yet is held, then replayed once it has and has settled, so that no click is lost.
 */

const SIGNS_OF_LIFE = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "focusin"];
const DSFR_CONTROL = "button[aria-controls]";
/** On the root element once clicks on the DSFR's controls are held (read by afterPaint.ts). */
export const DSFR_HOLDS_ATTRIBUTE = "data-dsfr-holds";
/** After the script has started, how long a held control may wait for the DSFR to bind it. */
export const BINDING_GRACE_MS = 5_000;

/** Dispatched on the root after each frame in which the DSFR ran pending work (`Renderer.render`). */
const DSFR_RENDER_EVENT = "dsfr.render";
/** Frames without that event after which the DSFR has finished setting up what it bound. */
const QUIET_FRAMES = 2;

export interface DeferredBehaviours {
  /** Resolves on the first interaction (at once if `start` was already called). */
  interacted: Promise<void>;
  /** Call once the script has started: held clicks are replayed as their controls get bound. */
  started(): void;
}

/**
 * The DSFR marks each element it manages with `data-fr-js-<instance>` just before the instance
 * starts listening (`Instance._config` then `init`), so the mark means a click will be handled.
 */
function isBoundByDsfr(control: Element): boolean {
  for (const attribute of control.attributes)
    if (attribute.name.startsWith("data-fr-js-")) return true;
  return false;
}

/**
 * A bound control is not ready at once: its disclosure is enabled on a later frame of the DSFR's
 * renderer (`retrievePrimaries`), and a click before that is ignored. The renderer announces each
 * frame with work; once it has been quiet for a while, the DSFR is ready.
 */
function whenDsfrSettles(target: Window, then: () => void): void {
  const root = target.document.documentElement;
  let quietFrames = 0;
  const onRender = () => (quietFrames = 0);
  root.addEventListener(DSFR_RENDER_EVENT, onRender);
  const onFrame = () => {
    quietFrames += 1;
    if (quietFrames < QUIET_FRAMES) return void target.requestAnimationFrame(onFrame);
    root.removeEventListener(DSFR_RENDER_EVENT, onRender);
    then();
  };
  target.requestAnimationFrame(onFrame);
}

export function deferUntilInteraction(target: Window = window): DeferredBehaviours {
  let isStarted = false;
  /** Held controls, with the observer waiting for the DSFR to bind them once it has started. */
  const held = new Map<HTMLElement, MutationObserver | undefined>();
  let resolveInteraction: () => void = () => undefined;
  const interacted = new Promise<void>((resolve) => (resolveInteraction = resolve));

  const onSignOfLife = () => {
    for (const type of SIGNS_OF_LIFE) target.removeEventListener(type, onSignOfLife, true);
    resolveInteraction();
  };
  for (const type of SIGNS_OF_LIFE) {
    target.addEventListener(type, onSignOfLife, { capture: true, passive: true });
  }

  const replay = (control: HTMLElement) => {
    held.get(control)?.disconnect();
    held.delete(control);
    if (control.isConnected) control.click();
  };
  const replayOnceReady = (control: HTMLElement) =>
    whenDsfrSettles(target, () => {
      if (held.has(control)) replay(control);
    });
  const replayWhenBound = (control: HTMLElement) => {
    if (isBoundByDsfr(control)) return replayOnceReady(control);
    const observer = new MutationObserver(() => {
      if (!isBoundByDsfr(control)) return;
      observer.disconnect();
      replayOnceReady(control);
    });
    observer.observe(control, { attributes: true });
    held.set(control, observer);
  };

  const holdUnboundClicks = (event: Event) => {
    const element = event.target as Element | null;
    const control = element?.closest?.<HTMLElement>(DSFR_CONTROL);
    if (!control || isBoundByDsfr(control)) return;
    // Nobody else sees this click: it is replayed, whole, once the DSFR listens to this control.
    event.preventDefault();
    event.stopImmediatePropagation();
    onSignOfLife();
    if (held.has(control)) return;
    if (isStarted) replayWhenBound(control);
    else held.set(control, undefined);
  };
  target.addEventListener("click", holdUnboundClicks, true);
  // From now on a click on a DSFR control is held here: the press the pre-rendered page held
  // before the app started may be replayed (src/app/theme/afterPaint.ts).
  target.document.documentElement.setAttribute(DSFR_HOLDS_ATTRIBUTE, "");

  // A control the DSFR never binds (not one of its components) must not swallow clicks for
  // good: after the grace period every click goes through, and what is still held is replayed.
  const release = () => {
    target.removeEventListener("click", holdUnboundClicks, true);
    for (const control of [...held.keys()]) replay(control);
  };

  return {
    interacted,
    started() {
      if (isStarted) return;
      isStarted = true;
      for (const control of [...held.keys()]) replayWhenBound(control);
      target.setTimeout(release, BINDING_GRACE_MS);
    },
  };
}
