/**
 * Serves the metrics (`src/server/metrics.ts`) to Prometheus on their own port (`METRICS_PORT`,
 * off by default), never on the site's: the load balancer never exposes them, a scrape is not a
 * visitor's request (no rate limit, no access line, no series of its own), and the site's routes
 * stay as they are. `METRICS_TOKEN` adds a bearer token on that port (docs/deploy.md "Metrics").
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics } from "prom-client";
import { registry } from "./metrics";

export const METRICS_PATH = "/metrics";

export interface MetricsServerOptions {
  port: number;
  /** `METRICS_HOST`: a private interface only Prometheus reaches (127.0.0.1 by default). */
  host: string;
  /** `METRICS_TOKEN`: required as `Authorization: Bearer …` when set. */
  token?: string | undefined;
}

export interface MetricsServer {
  /** `http://host:port`, the port the system gave when `port` was 0. */
  url: string;
  close(): Promise<void>;
}

let defaultMetrics = false;

/** Starts the metrics endpoint, with the process's own series (memory, event loop lag, GC). */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  if (!defaultMetrics) {
    collectDefaultMetrics({ register: registry });
    defaultMetrics = true;
  }
  const server = createServer((request, response) => {
    void answer(request, response, options.token);
  });
  // A scrape is short: a client holding a connection open gets it closed.
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const shown = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${shown}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  token: string | undefined,
): Promise<void> {
  const path = (request.url ?? "/").split("?")[0];
  if (path !== METRICS_PATH)
    return send(response, 404, "Introuvable : les métriques sont sur /metrics.\n");
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("allow", "GET, HEAD");
    return send(response, 405, "Méthode non autorisée : GET uniquement.\n");
  }
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    response.setHeader("www-authenticate", 'Bearer realm="metrics"');
    return send(response, 401, "Jeton manquant ou invalide (en-tête Authorization: Bearer).\n");
  }
  try {
    const body = await registry.metrics();
    response.setHeader("content-type", registry.contentType);
    response.setHeader("cache-control", "no-store");
    response.statusCode = 200;
    response.end(request.method === "HEAD" ? undefined : body);
  } catch {
    send(response, 500, "Les métriques n’ont pas pu être calculées.\n");
  }
}

function send(response: ServerResponse, status: number, text: string): void {
  response.statusCode = status;
  response.setHeader("content-type", "text/plain; charset=utf-8");
  response.setHeader("cache-control", "no-store");
  response.end(text);
}

/** Compares in constant time, so that the answer's timing tells nothing of the token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1] as string, "utf8");
  const expected = Buffer.from(token, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
