import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "./messages";

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

/** Fastify's own errors (body parsing, limits) mapped to French messages; anything else is a 500. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = KNOWN_ERRORS[error.code];
  if (known) return sendError(reply, known.statusCode, known.message);
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
