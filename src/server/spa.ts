import { existsSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Where scripts/prerender.ts writes the pre-rendered pages, and their list (path → file). */
const PRERENDERED_DIR = "prerendered";
const PRERENDERED_LIST = "pages.json";

/** The pre-rendered pages of the build, by path (none when the build has none). */
export type PrerenderedPages = ReadonlyMap<string, string>;

export function readPrerenderedPages(root: string): PrerenderedPages {
  const list = join(root, PRERENDERED_DIR, PRERENDERED_LIST);
  if (!existsSync(list)) return new Map();
  const files = JSON.parse(readFileSync(list, "utf8")) as Record<string, string>;
  return new Map(
    Object.entries(files).map(([path, file]) => [path, `${PRERENDERED_DIR}/${file}`] as const),
  );
}

/**
 * Serves the built single-page app from `staticDir` if it exists. Returns the pre-rendered pages
 * when it does (the not-found handler falls back to them or to `index.html`), else undefined.
 */
export function registerSpa(
  app: FastifyInstance,
  staticDir: string | undefined,
): PrerenderedPages | undefined {
  if (!staticDir || !existsSync(staticDir)) return undefined;
  const root = resolve(staticDir);
  const prerendered = readPrerenderedPages(root);
  app.register(fastifyStatic, {
    root,
    // `/` is a page like the others (pre-rendered, or the app's index.html): see sendSpaIndex.
    index: false,
    // Missing files reach the not-found handler, which decides between index.html and a 404.
    wildcard: true,
    // Cache headers come from setHeaders alone (the default would override them with max-age=0).
    cacheControl: false,
    // The build writes a `.gz` beside each compressible file (vite.config.ts gzipPlugin).
    preCompressed: true,
    setHeaders(res, path) {
      // The same URL is sent gzipped or not, depending on the request (shared caches must know).
      res.setHeader("vary", "accept-encoding");
      if (path.startsWith(`${root}${sep}assets${sep}`)) {
        // Vite puts a content hash in every file name under assets/.
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.setHeader("cache-control", "no-cache");
      }
    },
  });
  // Not fastify-static's directory index: the home page may be pre-rendered.
  app.get("/", (request, reply) => sendSpaIndex(reply, request.url, prerendered));
  return prerendered;
}

/** Client-side routes (`/simulation/…`) get index.html; API paths and non-HTML requests do not. */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  if (request.method !== "GET" || isApiPath(request.url)) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

/**
 * Query parameters that make the page differ from its pre-rendering (the embedded layout and
 * its theme, src/app/iframe/iframeState.ts): such a page is rendered by the browser.
 */
const CLIENT_RENDERED_PARAMETERS = ["iframe", "theme", "data-with-logo"];

/** Whether the query asks for an embedding's layout or theme, which the browser renders. */
export function isClientRendered(parameters: URLSearchParams): boolean {
  return CLIENT_RENDERED_PARAMETERS.some((name) => parameters.has(name));
}

/**
 * The file of the page at `url`: its pre-rendering when there is one, else the shell of its
 * route (the app's shell that preloads the route's modules; pages.json names them by a pattern
 * ending in `*`, the longest matching one applies), else the app's shell.
 */
export function spaFile(url: string, prerendered: PrerenderedPages): string {
  const [path = "/", query = ""] = url.split("?", 2);
  const exact = prerendered.get(path);
  if (!exact) {
    let best = "";
    for (const pattern of prerendered.keys()) {
      if (
        pattern.endsWith("*") &&
        path.startsWith(pattern.slice(0, -1)) &&
        pattern.length > best.length
      )
        best = pattern;
    }
    return best ? (prerendered.get(best) as string) : "index.html";
  }
  const file = exact;
  const parameters = new URLSearchParams(query);
  return isClientRendered(parameters) ? "index.html" : file;
}

export function sendSpaIndex(
  reply: FastifyReply,
  url = "/",
  prerendered: PrerenderedPages = new Map(),
): FastifyReply {
  return reply.header("cache-control", "no-cache").sendFile(spaFile(url, prerendered));
}

export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
}
