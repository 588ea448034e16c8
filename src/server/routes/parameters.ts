import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isIsoDate } from "../../domain";
import { sendError } from "../http-errors";
import { messages } from "../messages";
import type { ParametersAt } from "../parameters";

const dateSchema = z.string().refine(isIsoDate);

/** docs/product.md §7 `GET /api/{engine}/parameters/{ISO date}`: the schema's engine parameters at a date. */
export function registerParameterRoutes(app: FastifyInstance, parametersAt: ParametersAt): void {
  app.get<{ Params: { date: string } }>(
    "/api/openfisca/parameters/:date",
    async (request, reply) => {
      const { date } = request.params;
      if (!dateSchema.safeParse(date).success) {
        return sendError(reply, 400, messages.invalidDate, [
          { path: "date", message: messages.invalidDate },
        ]);
      }
      const body = await parametersAt(date);
      if (body.source === "fallback") {
        request.log.warn({ date }, "engine parameters unavailable: answering the fallbacks");
      } else {
        // The law at a past or present date does not change within a day.
        reply.header("cache-control", "public, max-age=86400");
      }
      return body;
    },
  );
}
