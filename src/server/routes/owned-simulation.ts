import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { bearerToken } from "../auth";
import { sendError } from "../http-errors";
import { messages } from "../messages";
import {
  SIMULATION_ID_PATTERN,
  verifyToken,
  type SimulationRepository,
  type StoredSimulation,
} from "../storage";

const idSchema = z.string().regex(SIMULATION_ID_PATTERN);

/**
 * The simulation named in the URL (`:id`) if the bearer token opens it; otherwise sends 403 (no or
 * wrong token) or 404 (unknown id) and returns undefined. Every owner-only route goes through it.
 */
export async function authorizedSimulation(
  repository: SimulationRepository,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): Promise<StoredSimulation | undefined> {
  const token = bearerToken(request);
  if (!token) {
    sendError(reply, 403, messages.forbidden);
    return undefined;
  }
  const { id } = request.params;
  const simulation = idSchema.safeParse(id).success
    ? await repository.getSimulation(id)
    : undefined;
  if (!simulation) {
    sendError(reply, 404, messages.simulationNotFound);
    return undefined;
  }
  if (!verifyToken(simulation, token)) {
    sendError(reply, 403, messages.forbidden);
    return undefined;
  }
  return simulation;
}
