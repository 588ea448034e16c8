/**
 * The results page rendered by the server for its visitor (issue 18 §4, docs/adr/0009): their
 * cards are in the HTML, painted once the stylesheet has arrived, before any script; the browser
 * then hydrates them (src/app/main.tsx).
 *
 * - `GET /api/simulation/:id/results` keeps the results it sent (`remember`), in memory, bounded
 *   and for an hour, and sets the `resultats` cookie: the simulation's id and token, `HttpOnly`,
 *   `SameSite=Strict`, `Path=/simulation`, for the browser's session. Saving the simulation
 *   (`POST`, `PUT /api/simulation`) sets it too (`rememberSaved`), for the recap
 *   (src/server/recap-page.ts).
 * - `GET /simulation/resultats` with that cookie renders them when the token opens the simulation,
 *   the simulation has not changed since, and the results are still held; otherwise it sends the
 *   route's shell, as before. It never computes. `?debug=` sample values render without a cookie.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { LruCache } from "../domain/lru";
import { SIMULATION_ID_PATTERN, verifyToken, type SimulationRepository } from "./storage";
import type { StoredSimulation } from "./storage";
import type { RateLimiter } from "./rate-limit";
import {
  createServerRenderer,
  createVisitorPageRenderer,
  type VisitorStorage,
} from "./server-renderer";
import { isClientRendered } from "./spa";

export const RESULTS_COOKIE = "resultats";
export const RESULTS_PAGE_PATH = "/simulation/resultats";
/** Results kept for the page: a few hundred visitors at once, about 20 KB each. */
export const RESULTS_KEPT = 300;
export const RESULTS_KEPT_MS = 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What the results route sends, kept as sent: the browser stores exactly this. */
export interface SentResults {
  _id: string;
  droitsEligibles: unknown;
  droitsInjectes: unknown;
}

interface Kept {
  updatedAt: string;
  results: SentResults;
  until: number;
}

export interface ResultsPageOptions {
  /** dist/ssr: the renderer and its document; without them the page is the browser's. */
  ssrDir: string | undefined;
  repository: SimulationRepository;
  now?: () => number;
  logger?: { error(details: unknown, message?: string): void };
  /** Renders per client address (src/server/server-renderer.ts). */
  limiter?: RateLimiter;
}

/** The id and token of the `resultats` cookie, when well formed. */
export function readResultsCookie(
  header: string | undefined,
): { id: string; token: string } | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== RESULTS_COOKIE) continue;
    const [id = "", token = ""] = part
      .slice(separator + 1)
      .trim()
      .split(".", 2);
    if (SIMULATION_ID_PATTERN.test(id) && TOKEN.test(token)) return { id, token };
  }
  return undefined;
}

export function resultsCookie(id: string, token: string, secure: boolean): string {
  return (
    `${RESULTS_COOKIE}=${id}.${token}; Path=/simulation; HttpOnly; SameSite=Strict` +
    (secure ? "; Secure" : "")
  );
}

/**
 * The storage items the browser holds once it has saved this simulation, and these results when
 * given (src/app/machine/storage.ts).
 */
export function visitorStorage(
  simulation: StoredSimulation,
  token: string,
  results?: SentResults,
): VisitorStorage {
  const stored = {
    answers: { all: simulation.answers.all, current: simulation.answers.current },
    dateDeValeur: simulation.dateDeValeur,
    ...(simulation.version ? { version: simulation.version } : {}),
    simulationToken: token,
    ...(simulation.ressourcesFiscales ? { ressourcesFiscales: simulation.ressourcesFiscales } : {}),
    ...(simulation.patrimoine ? { patrimoine: simulation.patrimoine } : {}),
  };
  return {
    session: {
      simulation: JSON.stringify(stored),
      simulationId: JSON.stringify(simulation.id),
      ...(results ? { calculs: JSON.stringify({ resultats: results, dirty: false }) } : {}),
    },
    local: simulation.abtesting ? { ABTesting: JSON.stringify(simulation.abtesting) } : {},
  };
}

export function createResultsPage(options: ResultsPageOptions) {
  const now = options.now ?? Date.now;
  const kept = new LruCache<string, Kept>(RESULTS_KEPT);
  const serverRenderer = createServerRenderer(options.ssrDir, options.logger);
  const available = serverRenderer.available;
  const render = createVisitorPageRenderer(serverRenderer, options);
  const unexpired = (id: string): Kept | undefined => {
    const entry = kept.get(id);
    return entry && entry.until >= now() ? entry : undefined;
  };
  /** The results held for this simulation as saved: unchanged since they were sent, within the hour. */
  const heldResults = (
    simulation: Pick<StoredSimulation, "id" | "updatedAt">,
  ): SentResults | undefined => {
    const entry = unexpired(simulation.id);
    return entry?.updatedAt === simulation.updatedAt ? entry.results : undefined;
  };

  return {
    /** Keeps the results just sent for the page, and names them in the visitor's cookie. */
    remember(
      reply: FastifyReply,
      simulation: Pick<StoredSimulation, "id" | "updatedAt">,
      token: string | undefined,
      results: SentResults,
      secure: boolean,
    ): void {
      if (!available || !token) return;
      kept.set(simulation.id, {
        updatedAt: simulation.updatedAt,
        results,
        until: now() + RESULTS_KEPT_MS,
      });
      reply.header("set-cookie", resultsCookie(simulation.id, token, secure));
    },

    /**
     * Names the simulation just saved in the visitor's cookie, for the pages rendered from the
     * saved answers (the recap, src/server/recap-page.ts).
     */
    rememberSaved(
      reply: FastifyReply,
      id: string,
      token: string | undefined,
      secure: boolean,
    ): void {
      if (available && token) reply.header("set-cookie", resultsCookie(id, token, secure));
    },

    heldResults,

    /** The page with the visitor's results, or undefined when the browser must render it. */
    async render(request: FastifyRequest): Promise<string | undefined> {
      const [path = "", query = ""] = request.url.split("?", 2);
      if (path !== RESULTS_PAGE_PATH) return undefined;
      const parameters = new URLSearchParams(query);
      if (isClientRendered(parameters)) return undefined;
      const cookie = readResultsCookie(request.headers.cookie);
      if (!cookie) {
        if (!parameters.has("debug")) return undefined;
        return render(request, { session: {}, local: {} }, "");
      }
      // No read of the database for results no longer held.
      if (!unexpired(cookie.id)) return undefined;
      const simulation = await options.repository.getSimulation(cookie.id);
      if (
        !simulation ||
        !verifyToken(simulation, cookie.token) ||
        simulation.status === "anonymized"
      )
        return undefined;
      const results = heldResults(simulation);
      if (!results) return undefined;
      return render(request, visitorStorage(simulation, cookie.token, results), simulation.id);
    },
  };
}

export type ResultsPage = ReturnType<typeof createResultsPage>;
