import { loadedPgDriver } from "./pg-driver";

/**
 * Errors meaning that the database cannot be reached, or read or written, right now: retrying
 * later may help (503), unlike a bug or a constraint violation (500). Each driver says it its way.
 */

/** SQLite: locked by another process past the busy timeout, read-only, unopenable, disk full, I/O. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|CANTOPEN|IOERR|FULL|PROTOCOL)(_|$)/;

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08), insufficient resources (53), operator
 * intervention (57: shutdown, terminated backend, cannot connect now, canceled query), a database
 * that refuses connections (55000), a lock held elsewhere past `lock_timeout` (55P03), a database
 * that does not exist (3D000).
 */
const POSTGRES_UNAVAILABLE = /^(08...|53...|57...|55000|55P03|3D000)$/;

/** Socket errors from the network layer (a server that is down, a firewall…). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** pg and its pool report lost or impossible connections with these messages and no code. */
const POSTGRES_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (SQLITE_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return true;
    const pg = loadedPgDriver();
    if (pg && error instanceof pg.DatabaseError && POSTGRES_UNAVAILABLE.test(code)) return true;
  }
  return POSTGRES_CONNECTION_MESSAGES.test(error.message);
}
