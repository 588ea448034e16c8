import type { Simulation } from "../storage";
import { ComputationDroppedError, EngineBusyError } from "./batch";

/**
 * Computations ahead of the visitor's click (docs/architecture.md, "Compute ahead"): each save of a
 * simulation starts its engine computation in the background; a newer save of the same simulation
 * drops the older one if it was not yet sent. The engine itself is protected by the calculator's
 * background lane (free workers only, a bounded queue).
 */
export interface ComputeAhead {
  /** After a save: never throws, never waits for the computation. */
  schedule(simulation: Simulation): void;
  /** Simulations with a background computation scheduled or running. */
  readonly tracked: number;
  readonly stats: {
    scheduled: number;
    notReady: number;
    dropped: number;
    failed: number;
    /** Saves that started nothing: too many tracked or prepared this second, engine not ready. */
    skipped: number;
  };
}

export interface ComputeAheadOptions {
  /** `SimulationComputer.computeAhead`: false when the answers are not ready for it. */
  run(simulation: Simulation, signal: AbortSignal): Promise<boolean>;
  /** Most simulations tracked at once: beyond it a save starts nothing (the visitor computes on click). */
  maxTracked: number;
  /**
   * Most saves prepared per second (default `DEFAULT_AHEAD_PER_SECOND`): preparing one (the
   * journey, the situation) costs a few milliseconds of this process, so that a flood of saves
   * never costs the writes themselves more than a small share; the others compute on click.
   */
  perSecond?: number;
  /** Whether the engine can compute now: while it cannot, a save starts nothing. */
  engineReady?: () => boolean;
  now?: () => number;
  /** Told of unexpected failures (an engine error): the visitor's own request will report it. */
  onError?: (error: unknown) => void;
}

/** About a journey every few seconds per instance at a launch day's peak, with room to spare. */
export const DEFAULT_AHEAD_PER_SECOND = 20;

export function createComputeAhead({
  run,
  maxTracked,
  onError,
  perSecond = DEFAULT_AHEAD_PER_SECOND,
  engineReady = () => true,
  now = Date.now,
}: ComputeAheadOptions): ComputeAhead {
  const running = new Map<string, AbortController>();
  const stats = { scheduled: 0, notReady: 0, dropped: 0, failed: 0, skipped: 0 };
  /** Preparations left in the current second. */
  let second = -1;
  let left = 0;
  function mayPrepare(): boolean {
    const current = Math.floor(now() / 1000);
    if (current !== second) {
      second = current;
      left = perSecond;
    }
    if (left <= 0) return false;
    left--;
    return true;
  }
  return {
    get tracked() {
      return running.size;
    },
    stats,
    schedule(simulation) {
      const previous = running.get(simulation.id);
      previous?.abort();
      if ((!previous && running.size >= maxTracked) || !engineReady() || !mayPrepare()) {
        if (previous) running.delete(simulation.id);
        stats.skipped++;
        return;
      }
      const controller = new AbortController();
      running.set(simulation.id, controller);
      stats.scheduled++;
      run(simulation, controller.signal)
        .then((ready) => {
          if (!ready) stats.notReady++;
        })
        .catch((error: unknown) => {
          if (error instanceof ComputationDroppedError || error instanceof EngineBusyError) {
            stats.dropped++;
          } else {
            stats.failed++;
            onError?.(error);
          }
        })
        .finally(() => {
          if (running.get(simulation.id) === controller) running.delete(simulation.id);
        });
    },
  };
}
