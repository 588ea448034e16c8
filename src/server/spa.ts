import { existsSync } from "node:fs";
import { resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built single-page app from `staticDir` if it exists. Returns whether it does, so
 * that the not-found handler knows whether to fall back to `index.html`.
 */
export function registerSpa(app: FastifyInstance, staticDir: string | undefined): boolean {
  if (!staticDir || !existsSync(staticDir)) return false;
  const root = resolve(staticDir);
  app.register(fastifyStatic, {
    root,
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
  return true;
}

/** Client-side routes (`/simulation/…`) get index.html; API paths and non-HTML requests do not. */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  if (request.method !== "GET" || isApiPath(request.url)) return false;
  return (request.headers.accept ?? "").includes("text/html");
}

export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-cache").sendFile("index.html");
}

export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
}
