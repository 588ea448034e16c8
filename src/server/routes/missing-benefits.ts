import type { FastifyInstance } from "fastify";
import type { MissingBenefits } from "../app-deps";
import { isEngineUnavailable, sendEngineUnavailable, sendError } from "../http-errors";
import { messages } from "../messages";

/**
 * docs/product.md §7 `GET /api/{engine}/missingbenefits`: the ids of the catalogue benefits the engine cannot
 * compute yet (their variable is missing from it), shown in a tooltip by the results page.
 */
export function registerMissingBenefitsRoute(
  app: FastifyInstance,
  missingBenefits: MissingBenefits | undefined,
): void {
  app.get("/api/openfisca/missingbenefits", async (request, reply) => {
    if (!missingBenefits) return sendEngineUnavailable(reply, messages.missingBenefitsUnavailable);
    try {
      return await missingBenefits();
    } catch (error) {
      if (isEngineUnavailable(error)) {
        request.log.warn({ err: error }, "engine variables unavailable");
        return sendEngineUnavailable(reply, messages.missingBenefitsUnavailable);
      }
      request.log.error({ err: error }, "missing benefits failed");
      return sendError(reply, 500, messages.internalError);
    }
  });
}
