import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "./messages";
import { isDatabaseUnavailable } from "./storage/unavailable";

export interface FieldError {
  /** Where the problem is, e.g. `answers.all[3].value`; empty for the whole request. */
  path: string;
  message: string;
}

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  errors: FieldError[];
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors: FieldError[] = [],
): FastifyReply {
  const body: ErrorBody = { message, errors };
  return reply.code(statusCode).type("application/json; charset=utf-8").send(body);
}

const ENGINE_UNAVAILABLE_ERRORS = new Set(["EngineUnavailableError", "EngineTimeoutError"]);

/** The engine is down, restarting or too slow: retrying later may help (503, not 500). */
export function isEngineUnavailable(error: unknown): boolean {
  return error instanceof Error && ENGINE_UNAVAILABLE_ERRORS.has(error.name);
}

/** 503 with a `retry-after` hint and a French message. */
export function sendEngineUnavailable(
  reply: FastifyReply,
  message: string = messages.engineUnavailable,
): FastifyReply {
  reply.header("retry-after", "10");
  return sendError(reply, 503, message);
}

/** The database cannot be reached or written right now: logged, and 503 with a `retry-after` hint. */
export function sendDatabaseUnavailable(reply: FastifyReply, error: unknown): FastifyReply {
  reply.log.error({ err: error }, "database unavailable");
  reply.header("retry-after", "5");
  return sendError(reply, 503, messages.databaseUnavailable);
}

/**
 * Fastify's own errors (body parsing, limits) mapped to French messages, an unavailable database
 * to a 503; anything else is a 500.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = KNOWN_ERRORS[error.code];
  if (known) return sendError(reply, known.statusCode, known.message);
  if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(reply, error);
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    request.log.info({ err: error }, "client error");
    return sendError(reply, statusCode, messages.badRequest);
  }
  request.log.error({ err: error }, "unhandled error");
  return sendError(reply, 500, messages.internalError);
}

const KNOWN_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: messages.emptyBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: messages.badRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: messages.unsupportedMediaType },
};
