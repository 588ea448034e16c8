/**
 * The app's server renderer (src/app/prerender.tsx, built by scripts/prerender.ts into dist/ssr)
 * and the document it renders a page into, for the pages the server renders: the results
 * (src/server/results-page.ts) and the aids' pages (src/server/aid-page.ts). Loaded on the first
 * page to render, so that a server that renders none never loads React (Node's module cache
 * loads the renderer once for both).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { escapeHtml } from "../domain/escape-html";

/** Must match scripts/prerender.ts (SERVER_RENDERED_TEMPLATE, SERVER_RENDERED_ROOT). */
export const RESULTS_PAGE_TEMPLATE = "server-rendered.html";
const TEMPLATE_ROOT = "<!--server-rendered-root-->";
const RENDERER_FILE = "prerender.js";

/** What src/app/prerender.tsx exports for the server. */
export interface Renderer {
  prepareServerRendering(): Promise<void>;
  serverRenderedPage(
    url: string,
    storage: { session: Record<string, string>; local: Record<string, string> },
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
