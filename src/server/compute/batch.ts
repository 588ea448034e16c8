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
import { markQueued, observeQueueWait } from "../metrics";

/** How a computation is wanted: by a visitor waiting for it, or ahead of their click. */
export interface CalculateOptions {
  /**
   * Computed ahead (docs/architecture.md, "Compute ahead"): sent only when a worker is free and no
   * visitor's computation waits, never on the last free worker; dropped when `signal` aborts
   * before it is sent.
   */
  background?: boolean;
  signal?: AbortSignal;
}

/** Anything that computes an engine request: the engine client, the cache, the batcher. */
export interface Calculator {
  calculate(request: CalculateRequest, options?: CalculateOptions): Promise<CalculateResponse>;
  /** A visitor now waits for this background computation: it leaves with the visitors' ones. */
  promote?(request: CalculateRequest): void;
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
  /**
   * Most requests waiting for a worker (default: no bound). One more is refused at once with an
   * `EngineBusyError` instead of making everyone wait longer.
   */
  maxQueue?: number;
  /**
   * Longest wait for a worker (default: none). A request still queued then leaves the queue with
   * an `EngineBusyError` instead of being sent: nobody waits beyond it plus the client timeout.
   */
  maxWaitMs?: number;
  /** Called with the size of each request sent (1 for a request sent alone). */
  onSend?: (size: number) => void;
  /** Most background computations waiting (default 0: none accepted). */
  maxBackgroundQueue?: number;
}

export interface BatchingCalculator extends Calculator {
  /** Requests waiting for a worker (retries of a rejected batch not included). */
  readonly queued: number;
  /** Requests being computed by the engine. */
  readonly inFlight: number;
  /** Background computations waiting for a free worker. */
  readonly backgroundQueued: number;
}

/** The computation queue is full, or a request waited too long in it: the engine is overloaded. */
export class EngineBusyError extends Error {
  override name = "EngineBusyError";
  constructor(readonly reason: "queue-full" | "queue-timeout" | "background-full") {
    super(
      reason === "queue-timeout"
        ? "waited too long for an engine worker"
        : "too many computations waiting for the engine",
    );
  }
}

/** A background computation dropped before it was sent (a newer save of the same simulation). */
export class ComputationDroppedError extends Error {
  override name = "ComputationDroppedError";
  constructor() {
    super("background computation dropped before it was sent");
  }
}

interface Pending {
  request: CalculateRequest;
  /** Its `inputSignature`: only requests with the same one share a `/calculate`. */
  signature: string;
  resolve(response: CalculateResponse): void;
  reject(error: unknown): void;
  /** Drops the request from the queue once it has waited `maxWaitMs`. */
  deadline?: ReturnType<typeof setTimeout>;
  /** Stops listening to the background computation's abort signal. */
  unlisten?: () => void;
}

/** Part of a batch the engine rejected, sent again as is to find the household at fault. */
interface Retry {
  batch: Pending[];
  /** Shared by every part of one rejected batch: an outage seen by one fails the others. */
  family: object;
}

export const DEFAULT_MAX_BATCH_SIZE = 64;
/** About the time the app takes to prepare a rush of computations that arrived together. */
export const DEFAULT_BATCH_WINDOW_MS = 15;

/** Whether the engine answered that this request cannot be computed (the engine itself is up). */
function isRejection(error: unknown): boolean {
  return error instanceof EngineRequestError || error instanceof BatchSplitError;
}

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
 * household has an unknown value or a period the engine cannot compute), the batch is split in
 * two halves sent again, ahead of the queue, and so on down to the household at fault, which fails
 * alone with the engine's error: one bad situation never fails the others, and finding it costs
 * about 2·log2(size) requests instead of one per household. Unavailability and timeouts fail
 * every request of the batch at once, and the parts of a rejected batch not yet sent when the
 * engine stops answering: a dead engine is not tried once per household.
 *
 * With `maxQueue`, a request arriving at a full queue is refused at once; with `maxWaitMs`, one
 * that waited that long for a worker is dropped from the queue (both `EngineBusyError`).
 */
export function createBatchingCalculator(
  inner: Calculator,
  options: BatchingOptions,
): BatchingCalculator {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxBatchSize = Math.max(1, Math.floor(options.maxBatchSize));
  const gatherMs = Math.max(0, options.gatherMs ?? 0);
  const maxQueue = Math.max(0, options.maxQueue ?? Infinity);
  const maxWaitMs = options.maxWaitMs;
  const maxBackgroundQueue = Math.max(0, options.maxBackgroundQueue ?? 0);
  let gathering: ReturnType<typeof setTimeout> | undefined;
  const queue: Pending[] = [];
  /** Computations ahead of a click: sent only when nothing else waits (see `pump`). */
  const background: Pending[] = [];
  /** Parts of rejected batches, sent before the queue. */
  const retries: Retry[] = [];
  /** `/calculate` requests being answered: one per busy worker. */
  let busy = 0;
  /** Busy workers computing one household alone. */
  let busyAlone = 0;
  let inFlight = 0;

  /**
   * The oldest request, and those after it that set the same inputs (see `inputSignature`), up to
   * this worker's share of the queue; the others keep their place.
   */
  function takeShare(from: Pending[], sharers: number): Pending[] {
    const share = Math.min(maxBatchSize, Math.ceil(from.length / sharers));
    const { signature } = from[0] as Pending;
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const pending of from) {
      if (batch.length < share && pending.signature === signature) batch.push(pending);
      else rest.push(pending);
    }
    from.splice(0, from.length, ...rest);
    for (const pending of batch) {
      observeQueueWait(from === background ? "background" : "visitor", pending);
      clearTimeout(pending.deadline);
      pending.unlisten?.();
    }
    return batch;
  }

  /**
   * A background batch leaves only when no visitor's computation waits and a worker would still
   * be free after it (with one worker, when it is free): a visitor arriving then is never queued
   * behind a computation nobody waits for.
   */
  function backgroundMayLeave(): boolean {
    return (
      background.length > 0 &&
      queue.length === 0 &&
      retries.length === 0 &&
      busy < Math.max(1, concurrency - 1)
    );
  }

  function pump(): void {
    while (
      (busy < concurrency && (retries.length > 0 || queue.length > 0)) ||
      backgroundMayLeave()
    ) {
      const retry = retries.shift();
      const batch = retry
        ? retry.batch
        : queue.length > 0
          ? takeShare(queue, concurrency - busy + busyAlone)
          : takeShare(background, 1);
      const alone = batch.length === 1;
      busy += 1;
      if (alone) busyAlone += 1;
      inFlight += batch.length;
      void send(batch, retry?.family).finally(() => {
        busy -= 1;
        if (alone) busyAlone -= 1;
        inFlight -= batch.length;
        pump();
      });
    }
  }

  async function send(batch: Pending[], family: object | undefined): Promise<void> {
    options.onSend?.(batch.length);
    let responses: CalculateResponse[];
    try {
      if (batch.length === 1) {
        responses = [await inner.calculate((batch[0] as Pending).request)];
      } else {
        const requests = batch.map((pending) => pending.request);
        responses = splitResponse(requests, await inner.calculate(mergeRequests(requests)));
      }
    } catch (error) {
      if (batch.length > 1 && isRejection(error)) {
        // Find the culprit: each half again, ahead of anything queued since.
        const half = Math.ceil(batch.length / 2);
        const parts = family ?? {};
        retries.unshift(
          { batch: batch.slice(0, half), family: parts },
          { batch: batch.slice(half), family: parts },
        );
      } else {
        for (const pending of batch) pending.reject(error);
        if (family && !isRejection(error)) failFamily(family, error);
      }
      return;
    }
    batch.forEach((pending, index) => pending.resolve(responses[index] as CalculateResponse));
  }

  /** The engine stopped answering while a rejected batch was being split: fail what is left. */
  function failFamily(family: object, error: unknown): void {
    for (let index = retries.length - 1; index >= 0; index--) {
      const retry = retries[index] as Retry;
      if (retry.family !== family) continue;
      retries.splice(index, 1);
      for (const pending of retry.batch) pending.reject(error);
    }
  }

  function enqueue(pending: Pending): void {
    queue.push(pending);
    markQueued(pending);
    if (maxWaitMs !== undefined) {
      pending.deadline = setTimeout(() => {
        const index = queue.indexOf(pending);
        if (index < 0) return;
        queue.splice(index, 1);
        observeQueueWait("visitor", pending);
        pending.reject(new EngineBusyError("queue-timeout"));
      }, maxWaitMs);
    }
  }

  function enqueueBackground(pending: Pending, signal: AbortSignal | undefined): void {
    background.push(pending);
    markQueued(pending);
    if (maxWaitMs !== undefined) {
      pending.deadline = setTimeout(
        () => drop(pending, new EngineBusyError("queue-timeout")),
        maxWaitMs,
      );
    }
    if (signal) {
      const onAbort = () => drop(pending, new ComputationDroppedError());
      signal.addEventListener("abort", onAbort, { once: true });
      pending.unlisten = () => signal.removeEventListener("abort", onAbort);
    }
  }

  /** Takes a background computation out of its queue, if it is still there. */
  function drop(pending: Pending, error: Error): void {
    const index = background.indexOf(pending);
    if (index < 0) return;
    background.splice(index, 1);
    clearTimeout(pending.deadline);
    pending.unlisten?.();
    pending.reject(error);
  }

  return {
    get queued() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
    get backgroundQueued() {
      return background.length;
    },
    promote(request) {
      const index = background.findIndex((pending) => pending.request === request);
      if (index < 0) return;
      const [pending] = background.splice(index, 1) as [Pending];
      clearTimeout(pending.deadline);
      pending.unlisten?.();
      // Ahead of the visitors' queue: it has waited since before they came.
      queue.unshift(pending);
      pump();
    },
    calculate(request, calculateOptions) {
      return new Promise<CalculateResponse>((resolve, reject) => {
        if (calculateOptions?.background) {
          if (calculateOptions.signal?.aborted) {
            reject(new ComputationDroppedError());
            return;
          }
          if (background.length >= maxBackgroundQueue) {
            reject(new EngineBusyError("background-full"));
            return;
          }
          const pending = { request, signature: inputSignature(request), resolve, reject };
          enqueueBackground(pending, calculateOptions.signal);
          pump();
          return;
        }
        if (queue.length >= maxQueue) {
          reject(new EngineBusyError("queue-full"));
          return;
        }
        enqueue({ request, signature: inputSignature(request), resolve, reject });
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
