/**
 * Loads a Matomo-compatible tracker (`{url}/matomo.js`, hits on `{url}/matomo.php`). Loaded on
 * demand: nothing of it weighs on the home page.
 */

/** What the app reads of a loaded tracker. */
export interface MatomoTracker {
  getVisitorId(): string;
}

interface MatomoGlobal {
  getAsyncTracker?: () => MatomoTracker | undefined;
}

declare global {
  interface Window {
    Matomo?: MatomoGlobal;
    Piwik?: MatomoGlobal;
  }
}

/** docs/product.md §7: the tracker is awaited up to 3000 ms, polled every 50 ms. */
export const TRACKER_WAIT_MS = 3000;
export const TRACKER_POLL_MS = 50;

export const BLOCKER_MESSAGE =
  "Le script de mesure d’audience n’a pas pu être chargé\u00a0: un bloqueur de publicités est peut-être actif.";

export interface TrackerSettings {
  url: string;
  siteId: number;
}

/** Queues the tracker's settings, then adds its script once. */
export function loadTracker(
  settings: TrackerSettings,
  win: Window = window,
  log: (message: string) => void = (message) => console.warn(message),
): void {
  const doc = win.document;
  if (doc.querySelector("script[data-analytics-tracker]")) return;
  const base = `${settings.url.replace(/\/+$/, "")}/`;
  win._paq ??= [];
  // Settings first: Matomo replays the queue in order, before the page views already queued.
  win._paq.unshift(["setTrackerUrl", `${base}matomo.php`], ["setSiteId", String(settings.siteId)]);
  const script = doc.createElement("script");
  script.async = true;
  script.src = `${base}matomo.js`;
  script.dataset.analyticsTracker = "";
  script.addEventListener("error", () => log(BLOCKER_MESSAGE));
  doc.head.append(script);
}

function currentTracker(win: Window): MatomoTracker | undefined {
  const matomo = win.Matomo ?? win.Piwik;
  return matomo?.getAsyncTracker?.() ?? undefined;
}

/** The loaded tracker, or undefined when it is still missing after `timeoutMs`. */
export function waitForTracker(
  win: Window = window,
  timeoutMs = TRACKER_WAIT_MS,
  intervalMs = TRACKER_POLL_MS,
): Promise<MatomoTracker | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = () => {
      const tracker = currentTracker(win);
      if (tracker) return resolve(tracker);
      if (Date.now() - started >= timeoutMs) return resolve(undefined);
      setTimeout(poll, intervalMs);
    };
    poll();
  });
}
