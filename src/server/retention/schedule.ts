import type { Kysely } from "kysely";
import type { Database } from "../storage";
import { anonymizeExpiredSimulations, type AnonymizeOptions } from "./anonymize";

export interface RetentionLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetentionJob {
  /** Resolves once a run in progress, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Runs the anonymisation at start, then every `intervalMs` (`RETENTION_INTERVAL_MS`). Runs never
 * overlap, a failed run is logged and the next one retries, and the timer does not keep the
 * process alive.
 */
export function startRetentionJob(
  db: Kysely<Database>,
  {
    intervalMs,
    logger,
    ...options
  }: AnonymizeOptions & { intervalMs: number; logger: RetentionLogger },
): RetentionJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = anonymizeExpiredSimulations(db, options)
      .then(({ anonymized, unreadable }) => {
        if (anonymized.length > 0 || unreadable.length > 0) {
          logger.info(
            { anonymized: anonymized.length, unreadable },
            "retention: expired simulations anonymised",
          );
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, "retention run failed"))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
