/**
 * Batching: one OpenFisca `/calculate` of many households costs little more than one of a single
 * household (docs/adr/0004-engine-speed.md), so requests that arrive while every engine worker is
 * busy wait and leave together, as one request, when a worker frees.
 */
import {
  EngineRequestError,
  type CalculateRequest,
  type CalculateResponse,
  type EngineEntities,
  type EngineEntity,
} from "../engine";

/** Anything that computes an engine request: the engine client, the cache, the batcher. */
export interface Calculator {
  calculate(request: CalculateRequest): Promise<CalculateResponse>;
}

/** The prefix of the `index`-th household's ids in a merged request: `b0_`, `b1_`… */
export function batchPrefix(index: number): string {
  return `b${index}_`;
}

type Entities = Record<string, EngineEntities>;

/**
 * Several requests as one: every instance id (individus, familles, foyers fiscaux, ménages) gets
 * its request's prefix, and so does every person named in a role list. The prefixes make ids
 * unique across households (`b1_` + `0_x` never equals `b10_` + `x`: the first `_` ends the index).
 */
export function mergeRequests(requests: readonly CalculateRequest[]): CalculateRequest {
  const merged: Entities = {};
  requests.forEach((request, index) => {
    const prefix = batchPrefix(index);
    for (const [plural, instances] of Object.entries(request as unknown as Entities)) {
      const target = (merged[plural] ??= {});
      for (const [id, instance] of Object.entries(instances)) {
        const renamed: EngineEntity = {};
        for (const [key, value] of Object.entries(instance)) {
          renamed[key] = Array.isArray(value) ? value.map((person) => prefix + person) : value;
        }
        target[prefix + id] = renamed;
      }
    }
  });
  // An empty batch still has the one entity OpenFisca requires.
  merged.individus ??= {};
  return merged as unknown as CalculateRequest;
}

/**
 * What a request gives the engine, without the values: every `entity.variable@period` it sets
 * (an output asked for, `null`, is not set). OpenFisca keeps one array per variable and period
 * for all the households of a simulation: once a household sets a variable at a period, every
 * other household gets that variable's default there instead of its formula (a visitor
 * declaring this month's RSA would give 0 € of RSA to every other household of the batch). So
 * only requests that set exactly the same variables at the same periods are merged: each then
 * gets what it would alone.
 */
export function inputSignature(request: CalculateRequest): string {
  const set = new Set<string>();
  for (const [plural, instances] of Object.entries(request as unknown as Entities)) {
    for (const instance of Object.values(instances)) {
      for (const [key, value] of Object.entries(instance)) {
        if (Array.isArray(value) || value === null || value === undefined) continue;
        if (typeof value === "object") {
          for (const [period, given] of Object.entries(value as Record<string, unknown>)) {
            if (given !== null && given !== undefined) set.add(`${plural}.${key}@${period}`);
          }
        } else {
          set.add(`${plural}.${key}`);
        }
      }
    }
  }
  return [...set].sort().join(" ");
}

/** Thrown when the engine's answer to a merged request lacks a household's instance. */
export class BatchSplitError extends Error {
  override name = "BatchSplitError";
}

/**
 * The merged response cut back into one response per request, with the original ids and role
 * lists: what each request would have received alone.
 */
export function splitResponse(
  requests: readonly CalculateRequest[],
  response: CalculateResponse,
): CalculateResponse[] {
  const answered = response as unknown as Entities;
  return requests.map((request, index) => {
    const prefix = batchPrefix(index);
    const own: Entities = {};
    for (const [plural, instances] of Object.entries(request as unknown as Entities)) {
      own[plural] = {};
      for (const [id, instance] of Object.entries(instances)) {
        const values = answered[plural]?.[prefix + id];
        if (!values)
          throw new BatchSplitError(`no ${plural}.${prefix}${id} in the engine's answer`);
        const restored: EngineEntity = {};
        for (const [key, value] of Object.entries(values)) {
          restored[key] = Array.isArray(value)
            ? ((instance[key] as string[] | undefined) ??
              value.map((person) => person.slice(prefix.length)))
            : value;
        }
        own[plural][id] = restored;
      }
    }
    return own as unknown as CalculateResponse;
  });
}

export interface BatchingOptions {
  /** Requests sent at the same time: the engine's worker count (one request per sync worker). */
  concurrency: number;
  /** Most households in one `/calculate`. */
  maxBatchSize: number;
  /**
   * How long a request arriving while a worker is free waits for others before leaving (0: it
   * leaves at once). A rush then starts as a few balanced batches instead of lone requests that
   * keep every worker busy while the rest queues.
   */
  gatherMs?: number;
  /** Called with the size of each request sent (1 for a request sent alone). */
  onSend?: (size: number) => void;
}

export interface BatchingCalculator extends Calculator {
  /** Requests waiting for a free worker. */
  readonly queued: number;
  /** Requests being computed by the engine. */
  readonly inFlight: number;
}

interface Pending {
  request: CalculateRequest;
  /** Its `inputSignature`: only requests with the same one share a `/calculate`. */
  signature: string;
  resolve(response: CalculateResponse): void;
  reject(error: unknown): void;
  /** Sent alone: it was part of a batch the engine rejected. */
  solo: boolean;
}

export const DEFAULT_MAX_BATCH_SIZE = 64;
/** About the time the app takes to prepare a rush of computations that arrived together. */
export const DEFAULT_BATCH_WINDOW_MS = 15;

/**
 * A calculator with the engine client's interface that sends a request at once while fewer than
 * `concurrency` are in flight, and otherwise queues it; when a request returns, the freed worker
 * takes its share of the queue (at most `maxBatchSize`) as one merged `/calculate`, and the
 * answer is split back. Only requests that set the same inputs are merged (`inputSignature`).
 * The queue is shared between the free workers and those computing a lone
 * household: these were sent at once when a rush began and free a moment later, so the rush is
 * computed side by side instead of by one worker while the others idle.
 *
 * Errors keep their types. If the engine rejects a merged request (`EngineRequestError`: one
 * household has an unknown value, say), each of its requests is sent again alone, so one bad
 * situation never fails the others. Unavailability and timeouts fail every request of the batch.
 */
export function createBatchingCalculator(
  inner: Calculator,
  options: BatchingOptions,
): BatchingCalculator {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxBatchSize = Math.max(1, Math.floor(options.maxBatchSize));
  const gatherMs = Math.max(0, options.gatherMs ?? 0);
  let gathering: ReturnType<typeof setTimeout> | undefined;
  const queue: Pending[] = [];
  /** `/calculate` requests being answered: one per busy worker. */
  let busy = 0;
  /** Busy workers computing one household alone. */
  let busyAlone = 0;
  let inFlight = 0;

  function pump(): void {
    while (busy < concurrency && queue.length > 0) {
      const batch: Pending[] = [];
      if (queue[0]?.solo) {
        batch.push(queue.shift() as Pending);
      } else {
        const sharers = concurrency - busy + busyAlone;
        const share = Math.min(maxBatchSize, Math.ceil(queue.length / sharers));
        // The oldest request, and those after it that set the same inputs (see inputSignature);
        // the others keep their place.
        const { signature } = queue[0] as Pending;
        for (let i = 0; i < queue.length && batch.length < share;) {
          const pending = queue[i] as Pending;
          if (!pending.solo && pending.signature === signature) {
            batch.push(pending);
            queue.splice(i, 1);
          } else {
            i += 1;
          }
        }
      }
      const alone = batch.length === 1;
      busy += 1;
      if (alone) busyAlone += 1;
      inFlight += batch.length;
      void send(batch).finally(() => {
        busy -= 1;
        if (alone) busyAlone -= 1;
        inFlight -= batch.length;
        pump();
      });
    }
  }

  async function send(batch: Pending[]): Promise<void> {
    options.onSend?.(batch.length);
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      try {
        only.resolve(await inner.calculate(only.request));
      } catch (error) {
        only.reject(error);
      }
      return;
    }
    const requests = batch.map((pending) => pending.request);
    let responses: CalculateResponse[];
    try {
      responses = splitResponse(requests, await inner.calculate(mergeRequests(requests)));
    } catch (error) {
      if (error instanceof EngineRequestError || error instanceof BatchSplitError) {
        // Find the culprit: each request alone, ahead of anything queued since.
        queue.unshift(...batch.map((pending) => ({ ...pending, solo: true })));
      } else {
        for (const pending of batch) pending.reject(error);
      }
      return;
    }
    batch.forEach((pending, index) => pending.resolve(responses[index] as CalculateResponse));
  }

  return {
    get queued() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
    calculate(request) {
      return new Promise<CalculateResponse>((resolve, reject) => {
        queue.push({ request, signature: inputSignature(request), resolve, reject, solo: false });
        if (gatherMs === 0 || busy >= concurrency) pump();
        else
          gathering ??= setTimeout(() => {
            gathering = undefined;
            pump();
          }, gatherMs);
      });
    },
  };
}
