/** The part of an event the per-simulation quota counts. */
export interface CountedEvent {
  benefit_id: string;
  event_type: string;
}

type TakeResult = { ok: true } | { ok: false; retryAfterS: number };

export interface EventQuota {
  /**
   * Counts the events of one post against their simulation's quota: all of them if each
   * benefit and event type stays within its limit, none otherwise (then: seconds to wait).
   */
  take(simulationId: string, events: readonly CountedEvent[]): TakeResult | Promise<TakeResult>;
}

/** This process's own quota: answers at once. */
export interface MemoryEventQuota extends EventQuota {
  take(simulationId: string, events: readonly CountedEvent[]): TakeResult;
}

/** Makes the quota called `name` (the same name on every instance shares one count). */
export type EventQuotaFactory = (name: string, options: EventQuotaOptions) => EventQuota;

/** This process's own quotas. */
export const memoryEventQuotas: EventQuotaFactory = (_name, options) => createEventQuota(options);

/** The key of one benefit and event type of a simulation's events. */
export function eventQuotaKey(simulationId: string, event: CountedEvent): string {
  return `${simulationId}\u0000${event.event_type}\u0000${event.benefit_id}`;
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
}: EventQuotaOptions): MemoryEventQuota {
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
      const keys = events.map((event) => eventQuotaKey(simulationId, event));
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
