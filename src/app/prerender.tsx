/**
 * The build's pre-rendering (scripts/prerender.ts): the home page and the static pages rendered
 * to HTML by the same components as in the browser, which hydrates them (src/app/main.tsx), so
 * that their first paint needs no script. Rendered as for a first visit outside a frame: no
 * stored simulation, no iframe state, the light theme (react-dsfr's server value).
 */
import { setLink } from "@codegouvfr/react-dsfr/link";
import { SsrIsDarkProvider } from "@codegouvfr/react-dsfr/useIsDark/server";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { Link, StaticRouter } from "react-router-dom";
import type { Catalogue } from "../domain";
import { todayIso } from "../domain/dates";
import { FIRST_STEP_PATH } from "../domain/journey";
import { bundle } from "./bundle";
import { AppProviders, type AppDeps } from "./AppProviders";
import { publicCatalogue } from "./aides/catalogue";
import { loadCatalogue } from "./aides/loadCatalogue";
import { serverRenderedTitle } from "./layout/usePageTitle";
import { preloadLazyModules } from "./lazy/lazyModule";
import { AppRoutes } from "./routes";

// As startReactDsfr does in the browser (src/app/main.tsx): DSFR components' links are the router's.
// (startReactDsfr takes any component; setLink's type is react-dsfr's own link.)
setLink({ Link: Link as unknown as Parameters<typeof setLink>[0]["Link"] });

/**
 * The pages pre-rendered: they show the same to every visitor on their first paint. The first
 * question too, for a visitor without a simulation (src/app/main.tsx renders it anew otherwise).
 */
export const PRERENDERED_PATHS = [
  "/",
  FIRST_STEP_PATH,
  "/accessibilite",
  "/cgu",
  "/confidentialite",
  "/contact",
  "/faq",
  "/mentions-legales",
] as const;

function memoryStorage(initial: Readonly<Record<string, string>> = {}): Storage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A simulation page's machine starts from the questionnaire, as for a first visit. */
function deps(path: string): AppDeps {
  const base = {
    storage: memoryStorage(),
    localStorage: memoryStorage(),
    // Whatever a page asks the server (the contact address) it asks in an effect, after hydration.
    fetch: () => Promise.reject(new Error("No server while pre-rendering")),
    today: () => todayIso(),
    logger: { error: (error: unknown) => console.error(error) },
  };
  return path.startsWith("/simulation/")
    ? { ...base, bundle }
    : {
        ...base,
        loadBundle: () => Promise.reject(new Error("No questionnaire on this page")),
      };
}

/** The page at `path`: the markup of `#root` and the document title it sets. */
export async function renderPage(
  path: string,
): Promise<{ html: string; title: string | undefined }> {
  // Every page's module loaded first: nothing suspends, so the markup is inline, without the
  // streaming scripts that would reveal a boundary later (the CSP allows no inline script).
  await preloadLazyModules();
  serverRenderedTitle.current = undefined;
  const errors: unknown[] = [];
  // The same tree as src/app/main.tsx, with a static router: prerender() waits for the pages
  // that load on demand, so the HTML is the page's, not its loading state.
  const { prelude } = await prerender(
    <StrictMode>
      <SsrIsDarkProvider value={false}>
        <AppProviders deps={deps(path)}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </SsrIsDarkProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // A large boundary would otherwise be written apart and revealed by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new Error(`Pre-rendering ${path} failed`, { cause: errors[0] });
  const html = await new Response(prelude).text();
  if (/<script|<template/.test(html))
    throw new Error(
      `Pre-rendering ${path} left a script: ${/<(script|template)[^>]*>.{0,200}/s.exec(html)?.[0]}`,
    );
  return { html, title: serverRenderedTitle.current };
}

/**
 * The shell of a route whose page the browser renders (ROUTE_SHELLS of
 * scripts/build/route-shells.ts): the header, the footer and, in the page's place, its loading
 * state, as the app shows them while the page's modules download. To be called before renderPage,
 * which loads every module: the page's module is not loaded, so that its Suspense boundary
 * renders its fallback.
 */
export function renderShell(path: string): string {
  const html = renderToString(
    <StrictMode>
      <SsrIsDarkProvider value={false}>
        <AppProviders deps={deps(path)}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </SsrIsDarkProvider>
    </StrictMode>,
  );
  if (!html.includes('role="status"'))
    throw new Error(`The shell of ${path} does not show the page's loading state`);
  return html;
}

/** What the browser holds for a visitor's results page: its session and local storage items. */
export interface VisitorStorage {
  session: Readonly<Record<string, string>>;
  local: Readonly<Record<string, string>>;
}

let catalogue: Catalogue | undefined;

/**
 * Loads every page's module and the catalogue once, so that serverRenderedPage renders
 * synchronously (an aid's page renders from the catalogue once loaded, src/app/aides/loadCatalogue.ts).
 */
export async function prepareServerRendering(): Promise<void> {
  await preloadLazyModules();
  catalogue = await loadCatalogue();
}

/** The ids of the aids `/aides/:id` shows (src/server/aid-page.ts renders their pages). */
export function publicAidIds(): string[] {
  if (!catalogue) throw new Error("prepareServerRendering first");
  return publicCatalogue(bundle, catalogue).map((entry) => entry.id);
}

/**
 * A visitor's page rendered by the server at request time (src/server/results-page.ts): the same
 * tree as the browser's, over the storage items the browser holds, which hydrates it. Synchronous
 * (prepareServerRendering first): its cost grows with the page's cards alone.
 */
export function serverRenderedPage(
  url: string,
  storage: VisitorStorage,
): { html: string; title: string | undefined } {
  serverRenderedTitle.current = undefined;
  const html = renderToString(
    <StrictMode>
      <SsrIsDarkProvider value={false}>
        <AppProviders
          deps={{
            ...deps(url),
            bundle,
            storage: memoryStorage(storage.session),
            localStorage: memoryStorage(storage.local),
          }}
        >
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </SsrIsDarkProvider>
    </StrictMode>,
  );
  // A component that failed on the server leaves the browser a boundary to render: not this page.
  if (html.includes("<template"))
    throw new Error(`Rendering ${url} failed: ${/data-msg="[^"]{0,300}/.exec(html)?.[0]}`);
  return { html, title: serverRenderedTitle.current };
}
