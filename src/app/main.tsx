// First: a third-party iframe may have no storage, and modules below read it.
import "./iframe/installStorageFallback";
import { reportError } from "./error-reporting/report";
import "@codegouvfr/react-dsfr/main.css";
import "./styles.css";
import "./link";
import { startReactDsfr } from "@codegouvfr/react-dsfr/spa";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Link } from "react-router-dom";
import { todayIso } from "../domain/dates";
import { telemetryConfig } from "./analytics/runtimeConfig";
import { App } from "./App";
import { isFramed } from "./iframe/IframeContext";
import { resolveIframeState } from "./iframe/iframeState";
import { InMemoryStorage } from "./iframe/storageFallback";
import { STORAGE_KEYS, holdsServerRendering } from "./machine/storage";
import { onlyCampaignParameters } from "./layout/campaignQuery";
import { beforeHydration } from "./layout/pageLoading";
import { routes } from "./routes";
import { hydratingPrerenderedForms } from "./steps/typedBeforeStart";

// A pre-rendered page (scripts/prerender.ts) inlines the rules of its first paint and links the
// whole stylesheet as `print` so that it does not block that paint: now it applies.
for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-deferred-style]")) {
  link.media = "all";
}

startReactDsfr({ defaultColorScheme: "system", Link });
// Only when a DSN is configured: the reporting code and its SDK are chunks of their own.
void telemetryConfig().then(({ sentryDsn }) => {
  if (sentryDsn) void import("./error-reporting/start").then((m) => m.startErrorReporting());
});

/** Whether the page looks as pre-rendered: outside a frame, without an embedding's layout or theme. */
function unembedded(): boolean {
  const iframe = resolveIframeState({
    search: window.location.search,
    storage: window.sessionStorage,
    framed: isFramed(),
  });
  return !iframe.inIframe && !iframe.iframeHeaderCollapse && iframe.theme === undefined;
}

/**
 * The pre-rendered page is hydrated when the browser renders it as it was rendered: the same
 * path, unembedded (otherwise the page is rendered anew). Session storage (a simulation to
 * resume) changes the home page after its hydration; the first question was rendered for a
 * visit without a simulation nor a query (`?debug`), a campaign's parameters aside.
 */
function hydratable(container: HTMLElement): boolean {
  if (container.dataset.prerendered === undefined) return false;
  const simulationPage = container.dataset.prerendered.startsWith("/simulation/");
  return (
    container.dataset.prerendered === window.location.pathname &&
    !(
      simulationPage &&
      (!onlyCampaignParameters(window.location.search) ||
        window.sessionStorage.getItem(STORAGE_KEYS.simulation) !== null)
    ) &&
    unembedded()
  );
}

/**
 * A page the server rendered for this visitor (src/server/results-page.ts, recap-page.ts) is
 * hydrated when the browser holds what it was rendered from: the simulation it names (none for
 * `?debug=` sample values), its answers, and the same results, not stale. A tab without them
 * (another tab's cookie, answers changed since they were saved) renders its own page instead.
 */
function serverRenderedHydratable(container: HTMLElement): boolean {
  const rendered = container.dataset.serverRendered;
  if (rendered === undefined || !unembedded()) return false;
  const storage = window.sessionStorage;
  if (rendered === "") return storage.getItem(STORAGE_KEYS.simulation) === null;
  const server = serverSession();
  if (storage.getItem(STORAGE_KEYS.simulation) === null) adoptServerSession(storage, server);
  return holdsServerRendering(storage, rendered, server);
}

/** The session storage the server rendered the page over (a data block beside `#root`). */
function serverSession(): InMemoryStorage {
  const session = new InMemoryStorage();
  const state = parsed(document.getElementById(SERVER_SESSION_STATE_ID)?.textContent ?? null);
  if (typeof state !== "object" || state === null) return session;
  for (const [key, value] of Object.entries(state))
    if (Object.values<string>(STORAGE_KEYS).includes(key) && typeof value === "string")
      session.setItem(key, value);
  return session;
}

/**
 * A tab that holds no simulation (opened on the page from another tab: session storage is the
 * tab's own) takes the one the server rendered, as a duplicated tab would.
 */
function adoptServerSession(storage: Storage, server: Storage): void {
  for (const key of Object.values<string>(STORAGE_KEYS)) {
    const value = server.getItem(key);
    if (value !== null) storage.setItem(key, value);
  }
}

function parsed(raw: string | null): unknown {
  try {
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Must match src/server/server-renderer.ts. */
const SERVER_SESSION_STATE_ID = "server-session-state";

const app = (
  <StrictMode>
    <App
      deps={{
        // The questionnaire loads with the machine, when a page needs them.
        loadBundle: async () => (await import("./bundle")).bundle,
        storage: window.sessionStorage,
        localStorage: window.localStorage,
        fetch: (input, init) => window.fetch(input, init),
        today: () => todayIso(),
        logger: { error: reportError },
      }}
    />
  </StrictMode>
);

/** The whole stylesheet, once it has loaded (at once when the page links it as usual). */
function stylesheetLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>("link[data-deferred-style]");
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((done) => {
    link.addEventListener("load", () => done(), { once: true });
    link.addEventListener("error", () => done(), { once: true });
  });
}

/** The app has started: a press held by src/app/theme/afterPaint.ts may be done again. */
function appStarted(): void {
  document.documentElement.dataset.app = "";
}

/** Marks the app started once React has committed the hydrated page (an effect runs after it). */
function StartedOnCommit(): null {
  useEffect(appStarted, []);
  return null;
}

/** Renders the app anew into `root` (not hydrating it), and marks it started. */
function renderAnew(root: HTMLElement): void {
  createRoot(root).render(app);
  appStarted();
}

/** Renders the app into #root, hydrating the pre-rendered page when it can. */
function startApp(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("Missing #root element");
  const serverRendered = serverRenderedHydratable(root);
  if (hydratable(root) || serverRendered) {
    hydratingPrerenderedForms(root);
    const hydrate = () =>
      // A transition is time-sliced: the hydration yields to the browser every few milliseconds
      // instead of holding a tap behind one long task. The page is started only once hydrated.
      startTransition(() => {
        hydrateRoot(
          root,
          <>
            {app}
            <StartedOnCommit />
          </>,
          { onRecoverableError: (error) => reportError(error) },
        );
      });
    if (!serverRendered) hydrate();
    // What the server rendered the page from (an aid's part of the catalogue): on failure, React
    // renders the page's error state over the server's rendering.
    else void beforeHydration(routes, window.location.pathname).then(hydrate, hydrate);
  } else if (root.dataset.serverRendered !== undefined) {
    // Another visit's results: they stay on screen until this tab's own page replaces them.
    renderAnew(root);
  } else if (root.dataset.shell !== undefined && unembedded()) {
    // A route's pre-rendered shell (scripts/prerender.ts) stays on screen until the app's first
    // render replaces it; the page it then shows needs more than the shell's inlined rules.
    void stylesheetLoaded().then(() => renderAnew(root));
  } else {
    root.replaceChildren();
    renderAnew(root);
  }
}

// The pre-rendered page's inline script (src/app/theme/afterPaint.ts) inserts this module once the
// page is painted, and a module runs as soon as it has arrived: on a loaded machine, before the
// browser has parsed the end of a long page. Hydrating half a page fails (React error 418 on the
// footer, whose elements were still arriving) and React renders it all again.
//
// Once parsed, the app starts in a task of its own: evaluating this module and rendering are then
// two shorter tasks, between which the browser can answer a tap.
if (document.readyState === "loading")
  document.addEventListener("DOMContentLoaded", startApp, { once: true });
else setTimeout(startApp, 0);
