import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { POSTCODE_PATTERN, type CommuneLookup } from "../communes";
import { sendError } from "../http-errors";
import { messages } from "../messages";

const postcodeSchema = z.string().regex(POSTCODE_PATTERN);

export function registerCommuneRoutes(app: FastifyInstance, communes: CommuneLookup): void {
  app.get<{ Params: { codePostal: string } }>(
    "/api/communes/:codePostal",
    async (request, reply) => {
      const { codePostal } = request.params;
      if (!postcodeSchema.safeParse(codePostal).success) {
        return sendError(reply, 400, messages.invalidPostcode, [
          { path: "codePostal", message: messages.invalidPostcode },
        ]);
      }
      // Commune data changes once a year: let browsers and proxies keep answers for a day.
      reply.header("cache-control", "public, max-age=86400");
      return communes.byPostcode(codePostal);
    },
  );
}
