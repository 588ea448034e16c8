/**
 * The recap rendered by the server for its visitor (issue 18 §4, docs/adr/0009): their answers
 * are in the HTML, painted before any script; the browser then hydrates them (src/app/main.tsx)
 * when its tab holds the same answers.
 *
 * `GET /simulation/recapitulatif` with the `resultats` cookie (set when the simulation is saved,
 * src/server/results-page.ts) renders the answers saved when the token opens the simulation and it
 * is not anonymised, with the visitor's results when the results page still holds them for these
 * answers; otherwise, with a query, or in a frame, it sends the route's shell, as before. A render
 * counts against the address's limit of rendered pages (src/server/server-renderer.ts).
 */
import type { FastifyRequest } from "fastify";
import { RECAP_PATH } from "../domain/journey";
import type { RateLimiter } from "./rate-limit";
import { readResultsCookie, visitorStorage, type SentResults } from "./results-page";
import { createServerRenderer, createVisitorPageRenderer } from "./server-renderer";
import { verifyToken, type SimulationRepository, type StoredSimulation } from "./storage";

/** Must match scripts/prerender.ts (SERVER_RENDERED_RECAP_TEMPLATE). */
export const RECAP_PAGE_TEMPLATE = "server-rendered-recapitulatif.html";

export interface RecapPageOptions {
  /** dist/ssr: the renderer and its document; without them the page is the browser's. */
  ssrDir: string | undefined;
  repository: SimulationRepository;
  /** The results the results page holds for this simulation as saved, if any. */
  heldResults?: (simulation: StoredSimulation) => SentResults | undefined;
  limiter?: RateLimiter;
  logger?: { error(details: unknown, message?: string): void };
}

export function createRecapPage(options: RecapPageOptions) {
  const serverRenderer = createServerRenderer(options.ssrDir, options.logger, RECAP_PAGE_TEMPLATE);
  const render = createVisitorPageRenderer(serverRenderer, options);

  return {
    /** The visitor's recap, or undefined when the browser must render it. */
    async render(request: FastifyRequest): Promise<string | undefined> {
      // Any query (`?debug`, a frame's) is the browser's to read.
      if (request.url !== RECAP_PATH || !serverRenderer.available) return undefined;
      const cookie = readResultsCookie(request.headers.cookie);
      if (!cookie) return undefined;
      const simulation = await options.repository.getSimulation(cookie.id);
      if (
        !simulation ||
        !verifyToken(simulation, cookie.token) ||
        simulation.status === "anonymized"
      )
        return undefined;
      const results = options.heldResults?.(simulation);
      return render(request, visitorStorage(simulation, cookie.token, results), simulation.id);
    },
  };
}

export type RecapPage = ReturnType<typeof createRecapPage>;
