import type { FastifyRequest } from "fastify";
import { z } from "zod";

/**
 * `Authorization: Bearer <token>`, a token being 256 bits in base64url (storage/tokens.ts). The
 * header is the only place the API reads a token from: never the query string, a cookie or the
 * body. (The `resultats` cookie opens no API route: it only lets the server render the results
 * page for its visitor, src/server/results-page.ts.)
 */
const bearerHeader = z
  .string()
  .regex(/^Bearer\s+[A-Za-z0-9_-]{43}\s*$/i)
  .transform((header) => header.trim().split(/\s+/)[1]!);

/** The token of an `Authorization: Bearer <token>` header, if there is a well-formed one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const parsed = bearerHeader.safeParse(request.headers.authorization);
  return parsed.success ? parsed.data : undefined;
}
