/**
 * The app's server renderer (src/app/prerender.tsx, built by scripts/prerender.ts into dist/ssr)
 * and the document it renders a page into, for the pages the server renders: the results
 * (src/server/results-page.ts), the recap (src/server/recap-page.ts) and the aids' pages
 * (src/server/aid-page.ts). Loaded on the first
 * page to render, so that a server that renders none never loads React (Node's module cache
 * loads the renderer once for both).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyRequest } from "fastify";
import { escapeHtml } from "../domain/escape-html";
import type { RateLimiter } from "./rate-limit";

/** Must match scripts/prerender.ts (SERVER_RENDERED_TEMPLATE, SERVER_RENDERED_ROOT). */
export const RESULTS_PAGE_TEMPLATE = "server-rendered.html";
const TEMPLATE_ROOT = "<!--server-rendered-root-->";
const RENDERER_FILE = "prerender.js";

/** Must match src/app/main.tsx (SERVER_SESSION_STATE_ID). */
const SESSION_STATE_ID = "server-session-state";

/** The storage items a visitor's browser holds, which their page is rendered over. */
export interface VisitorStorage {
  session: Record<string, string>;
  local: Record<string, string>;
}

/** What src/app/prerender.tsx exports for the server. */
export interface Renderer {
  prepareServerRendering(): Promise<void>;
  serverRenderedPage(
    url: string,
    storage: VisitorStorage,
  ): { html: string; title: string | undefined };
  /** The ids of the aids `/aides/:id` shows (older builds have none). */
  publicAidIds?(): string[];
}

export interface LoadedRenderer {
  renderer: Renderer;
  /**
   * The page in the document: `#root` with `rootAttributes` (already escaped), then `after`
   * (a data block), and the page's title.
   */
  document(
    page: { html: string; title: string | undefined },
    rootAttributes: string,
    after?: string,
  ): string;
}

export interface ServerRenderer {
  /** Whether the build has a renderer (without one, every page is the browser's). */
  available: boolean;
  /** The renderer, loaded on first use; undefined (logged) when it failed to load. */
  load(): Promise<LoadedRenderer | undefined>;
}

/**
 * The renderer, with the document of `templateFile` (the pages differ by the modules they list
 * for download beside the app's entry).
 */
export function createServerRenderer(
  ssrDir: string | undefined,
  logger?: { error(details: unknown, message?: string): void },
  templateFile = RESULTS_PAGE_TEMPLATE,
): ServerRenderer {
  const available =
    ssrDir !== undefined &&
    existsSync(join(ssrDir, RENDERER_FILE)) &&
    existsSync(join(ssrDir, templateFile));
  let loading: Promise<LoadedRenderer | undefined> | undefined;

  function load(): Promise<LoadedRenderer | undefined> {
    if (!available) return Promise.resolve(undefined);
    loading ??= (async () => {
      const template = readFileSync(join(ssrDir, templateFile), "utf8");
      const renderer = (await import(pathToFileURL(join(ssrDir, RENDERER_FILE)).href)) as Renderer;
      await renderer.prepareServerRendering();
      const document: LoadedRenderer["document"] = (page, rootAttributes, after = "") => {
        const root = `<div id="root"${rootAttributes}>${page.html}</div>${after}`;
        const filled = template.replace(TEMPLATE_ROOT, () => root);
        return page.title
          ? filled.replace(
              /<title>[^<]*<\/title>/,
              () => `<title>${escapeHtml(page.title!)}</title>`,
            )
          : filled;
      };
      return { renderer, document };
    })().catch((error: unknown) => {
      logger?.error({ err: error }, "The app's server renderer did not load");
      return undefined;
    });
    return loading;
  }

  return { available, load };
}

export interface VisitorPageOptions {
  /**
   * Renders per client address: past it, the page is the browser's (a static file), so that one
   * address reloading in a loop cannot take the event loop from the others.
   */
  limiter?: RateLimiter | undefined;
  logger?: { error(details: unknown, message?: string): void } | undefined;
}

/**
 * Renders a visitor's page (the results, the recap) over their storage items, `rendered` naming
 * the simulation it shows ("" for none): the tab's session storage goes with it in a data block,
 * for a tab that holds none (src/app/main.tsx), which no policy runs; `<` escaped, so that no
 * answer can end the element. Undefined when the address is past its limit, or (logged) when a
 * component failed.
 */
export function createVisitorPageRenderer(
  serverRenderer: ServerRenderer,
  options: VisitorPageOptions,
) {
  return async function renderVisitorPage(
    request: FastifyRequest,
    storage: VisitorStorage,
    rendered: string,
  ): Promise<string | undefined> {
    const loaded = await serverRenderer.load();
    if (!loaded) return undefined;
    if (options.limiter && !(await options.limiter.take(request.ip)).ok) return undefined;
    try {
      const state = JSON.stringify(storage.session).replace(/</g, "\\u003c");
      return loaded.document(
        loaded.renderer.serverRenderedPage(request.url, storage),
        ` data-server-rendered="${escapeHtml(rendered)}"`,
        rendered
          ? `<script type="application/json" id="${SESSION_STATE_ID}">${state}</script>`
          : "",
      );
    } catch (error) {
      options.logger?.error(
        { err: error },
        `The page ${request.url.split("?")[0]} could not be rendered`,
      );
      return undefined;
    }
  };
}
