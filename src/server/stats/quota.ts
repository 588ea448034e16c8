/** The part of an event the per-simulation quota counts. */
export interface CountedEvent {
  benefit_id: string;
  event_type: string;
}

export interface EventQuota {
  /**
   * Counts the events of one post against their simulation's quota: all of them if each
   * benefit and event type stays within its limit, none otherwise (then: seconds to wait).
   */
  take(
    simulationId: string,
    events: readonly CountedEvent[],
  ): { ok: true } | { ok: false; retryAfterS: number };
}

export interface EventQuotaOptions {
  /** Events of one type about one benefit of one simulation per window. */
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * An in-memory quota per simulation, benefit and event type, over fixed windows: every count is
 * dropped when a window ends, so memory holds one window's posts at most.
 */
export function createEventQuota({
  limit,
  windowMs,
  now = Date.now,
}: EventQuotaOptions): EventQuota {
  let windowStart = now();
  let counts = new Map<string, Map<string, number>>();
  return {
    take(simulationId, events) {
      const time = now();
      if (time - windowStart >= windowMs) {
        windowStart = time;
        counts = new Map();
      }
      const ofSimulation = counts.get(simulationId) ?? new Map<string, number>();
      const keys = events.map((event) => `${event.event_type}\u0000${event.benefit_id}`);
      if (keys.some((key) => (ofSimulation.get(key) ?? 0) >= limit)) {
        const retryAfterMs = windowStart + windowMs - time;
        return { ok: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      for (const key of keys) ofSimulation.set(key, (ofSimulation.get(key) ?? 0) + 1);
      counts.set(simulationId, ofSimulation);
      return { ok: true };
    },
  };
}
