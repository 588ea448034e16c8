import type { FastifyInstance } from "fastify";
import { sendError } from "../http-errors";
import { messages } from "../messages";
import { LieuxUnavailableError, type LieuxClient } from "../places";

/** An INSEE commune code: 5 characters, Corsica's 2A/2B included. */
export const DEPCOM_PATTERN = /^(\d{2}|2A|2B)\d{3}$/;
/** Directory place types: lower-case words with underscores, dashes or digits. */
const TYPE_PATTERN = /^[a-z0-9_-]{1,40}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
const MAX_TYPES = 10;

export function registerPlacesRoutes(app: FastifyInstance, lieux: LieuxClient): void {
  app.get<{ Querystring: { depcom?: string; types?: string } }>(
    "/api/lieux",
    async (request, reply) => {
      const depcom = request.query.depcom ?? "";
      const types = (request.query.types ?? "")
        .split(",")
        .map((type) => type.trim())
        .filter(Boolean);
      if (!DEPCOM_PATTERN.test(depcom)) {
        return sendError(reply, 400, messages.invalidDepcom, [
          { path: "depcom", message: messages.invalidDepcom },
        ]);
      }
      if (
        types.length === 0 ||
        types.length > MAX_TYPES ||
        !types.every((t) => TYPE_PATTERN.test(t))
      ) {
        return sendError(reply, 400, messages.invalidPlaceTypes, [
          { path: "types", message: messages.invalidPlaceTypes },
        ]);
      }
      try {
        const found = await lieux.near(depcom, types);
        reply.header("cache-control", "public, max-age=3600");
        return { lieux: found };
      } catch (error) {
        return unavailable(request.log, reply, error);
      }
    },
  );

  app.get<{ Params: { id: string } }>("/api/lieux/:id", async (request, reply) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id)) {
      return sendError(reply, 400, messages.invalidPlaceId, [
        { path: "id", message: messages.invalidPlaceId },
      ]);
    }
    try {
      const lieu = await lieux.byId(id);
      if (!lieu) return sendError(reply, 404, messages.placeNotFound);
      reply.header("cache-control", "public, max-age=3600");
      return lieu;
    } catch (error) {
      return unavailable(request.log, reply, error);
    }
  });
}

function unavailable(
  log: FastifyInstance["log"],
  reply: Parameters<typeof sendError>[0],
  error: unknown,
) {
  if (!(error instanceof LieuxUnavailableError)) throw error;
  log.warn({ err: error }, "places directory unavailable");
  reply.header("retry-after", "30");
  return sendError(reply, 503, messages.placesUnavailable);
}
