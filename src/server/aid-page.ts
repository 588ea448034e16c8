/**
 * An aid's page rendered by the server (issue 18 §4): `/aides/:id` of a public aid, with its
 * heading, amount, description, conditions and links in the HTML, painted once the stylesheet has
 * arrived, before any script; the browser hydrates it (src/app/main.tsx) once it holds the part
 * of the catalogue that holds the aid (the route's `beforeHydration`, src/app/routes.tsx).
 *
 * The page is the same for every visitor: the last AID_PAGES_KEPT rendered are kept. A render is
 * counted against the address's limit of rendered pages (shared with the results page); past it,
 * or for an unknown aid, in a frame, or without the build's renderer, the route's shell is sent
 * and the browser renders the page, as before.
 */
import type { FastifyRequest } from "fastify";
import { LruCache } from "../domain/lru";
import type { RateLimiter } from "./rate-limit";
import type { ServerRenderer } from "./server-renderer";
import { isClientRendered } from "./spa";

/** Must match scripts/prerender.ts (SERVER_RENDERED_AID_TEMPLATE). */
export const AID_PAGE_TEMPLATE = "server-rendered-aide.html";
/** Must match src/app/aides/paths.ts (AIDES_PATH). */
export const AID_PAGES_PREFIX = "/aides/";
/** About 80 KB each: 5 MB at most. */
export const AID_PAGES_KEPT = 64;
/** The ids of the schema (`[a-z0-9_]`), with room: anything else is no aid. */
const AID_ID = /^[\w-]{1,120}$/;

export interface AidPageOptions {
  renderer: ServerRenderer;
  limiter?: RateLimiter;
  logger?: { error(details: unknown, message?: string): void };
}

export function createAidPage(options: AidPageOptions) {
  const kept = new LruCache<string, string>(AID_PAGES_KEPT);
  let publicIds: ReadonlySet<string> | undefined;

  return {
    /** The aid's page, or undefined when the browser must render it. */
    async render(request: FastifyRequest): Promise<string | undefined> {
      const [path = "", query = ""] = request.url.split("?", 2);
      if (!path.startsWith(AID_PAGES_PREFIX)) return undefined;
      if (isClientRendered(new URLSearchParams(query))) return undefined;
      const id = path.slice(AID_PAGES_PREFIX.length);
      if (!AID_ID.test(id)) return undefined;
      const cached = kept.get(id);
      if (cached !== undefined) return cached;
      const loaded = await options.renderer.load();
      if (!loaded?.renderer.publicAidIds) return undefined;
      publicIds ??= new Set(loaded.renderer.publicAidIds());
      if (!publicIds.has(id)) return undefined;
      if (options.limiter && !(await options.limiter.take(request.ip)).ok) return undefined;
      try {
        const page = loaded.document(
          // The path alone: the page does not depend on the query, and is kept by id.
          loaded.renderer.serverRenderedPage(path, { session: {}, local: {} }),
          ' data-server-rendered=""',
        );
        kept.set(id, page);
        return page;
      } catch (error) {
        options.logger?.error({ err: error }, "An aid's page could not be rendered");
        return undefined;
      }
    },
  };
}

export type AidPage = ReturnType<typeof createAidPage>;
