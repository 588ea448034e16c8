import type { FastifyRequest } from "fastify";

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
