import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sendError } from "../http-errors";
import { messages } from "../messages";
import { LieuxUnavailableError, type LieuxClient } from "../places";

/** An INSEE commune code: 5 characters, Corsica's 2A/2B included. */
export const DEPCOM_PATTERN = /^(\d{2}|2A|2B)\d{3}$/;
/** Directory place types: lower-case words with underscores, dashes or digits. */
const TYPE_PATTERN = /^[a-z0-9_-]{1,40}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
const MAX_TYPES = 10;

// A repeated parameter (`?types=a&types=b`) arrives as an array: it is refused like any bad value.
const depcomSchema = z.string().regex(DEPCOM_PATTERN);
const typesSchema = z
  .string()
  .max(MAX_TYPES * 41)
  .transform((value) =>
    value
      .split(",")
      .map((type) => type.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(TYPE_PATTERN)).min(1).max(MAX_TYPES));
const idSchema = z.string().regex(ID_PATTERN);

export function registerPlacesRoutes(app: FastifyInstance, lieux: LieuxClient): void {
  app.get<{ Querystring: { depcom?: unknown; types?: unknown } }>(
    "/api/lieux",
    async (request, reply) => {
      const depcom = depcomSchema.safeParse(request.query.depcom);
      if (!depcom.success) {
        return sendError(reply, 400, messages.invalidDepcom, [
          { path: "depcom", message: messages.invalidDepcom },
        ]);
      }
      const types = typesSchema.safeParse(request.query.types);
      if (!types.success) {
        return sendError(reply, 400, messages.invalidPlaceTypes, [
          { path: "types", message: messages.invalidPlaceTypes },
        ]);
      }
      try {
        const found = await lieux.near(depcom.data, types.data);
        reply.header("cache-control", "public, max-age=3600");
        return { lieux: found };
      } catch (error) {
        return unavailable(request.log, reply, error);
      }
    },
  );

  app.get<{ Params: { id: string } }>("/api/lieux/:id", async (request, reply) => {
    const { id } = request.params;
    if (!idSchema.safeParse(id).success) {
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
