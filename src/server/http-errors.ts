import type { Duplex } from "node:stream";
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

/** Seconds a visitor refused by the full computation queue is asked to wait (a batch or two). */
export const ENGINE_BUSY_RETRY_AFTER_S = 5;

/**
 * What a route that computes answers when the computation fails: 503 with `retry-after` when the
 * engine is unavailable or its queue is full, 422 when the engine answered that it cannot compute
 * this situation (its own error, logged), 500 otherwise. `what` names the computation in the log.
 */
export function sendComputationError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  what: string,
): FastifyReply {
  const name = error instanceof Error ? error.name : "";
  if (name === "EngineBusyError") {
    request.log.warn({ err: error }, `engine busy for ${what}`);
    reply.header("retry-after", String(ENGINE_BUSY_RETRY_AFTER_S));
    return sendError(reply, 503, messages.engineBusy);
  }
  if (isEngineUnavailable(error)) {
    request.log.warn({ err: error }, `engine unavailable for ${what}`);
    return sendEngineUnavailable(reply);
  }
  if (name === "EngineRequestError") {
    request.log.error({ err: error }, `the engine cannot compute ${what}`);
    return sendError(reply, 422, messages.situationNotComputable);
  }
  request.log.error({ err: error }, `${what} computation failed`);
  return sendError(reply, 500, messages.resultsFailed);
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

/**
 * Errors Node raises on a connection before Fastify sees a request: a request not received within
 * `requestTimeout` gets a French 408, a malformed one a 400 (Fastify's default otherwise). Like
 * Node, nothing is written once a response has started on the socket.
 */
export function handleClientError(
  this: { log: { debug(object: object, message: string): void } },
  error: Error & { code?: string },
  socket: Duplex & { _httpMessage?: { headersSent?: boolean } },
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  const [status, reason, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", messages.badRequest]
      : timedOut
        ? [408, "Request Timeout", messages.requestTimeout]
        : [400, "Bad Request", messages.badRequest];
  this.log.debug({ err: error }, timedOut ? "request not received in time" : "client error");
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const body = JSON.stringify({ message, errors: [] } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const KNOWN_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: messages.emptyBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: messages.badRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: messages.unsupportedMediaType },
};
