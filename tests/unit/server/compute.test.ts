import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  canonicalJson,
  ComputationDroppedError,
  createBatchingCalculator,
  createComputeAhead,
  createCachingCalculator,
  createEngineInfo,
  EngineBusyError,
  inputSignature,
  LruCache,
  mergeRequests,
  pinnedEnginePackages,
  requestKey,
  splitResponse,
  type Calculator,
} from "../../../src/server/compute";
import {
  EngineRequestError,
  EngineTimeoutError,
  EngineUnavailableError,
  type CalculateRequest,
  type CalculateResponse,
} from "../../../src/server/engine";
import type { Simulation } from "../../../src/server/storage";

const MONTH = "2026-01";

/** A household of one person earning `salary`, asking for `double` (computed as 2 × salary). */
function household(salary: number, extra: Record<string, unknown> = {}): CalculateRequest {
  return {
    individus: {
      demandeur: { salaire: { [MONTH]: salary }, double: { [MONTH]: null }, ...extra },
    },
    familles: { famille: { parents: ["demandeur"], enfants: [] } },
    foyers_fiscaux: { foyer_fiscal: { declarants: ["demandeur"] } },
    menages: { menage: { personne_de_reference: ["demandeur"], depcom: { [MONTH]: "69123" } } },
  } as CalculateRequest;
}

type Person = Record<string, Record<string, unknown>>;

/**
 * A fake engine: answers `double` = 2 × `salaire` for every person, rejects (400) a request in
 * which a person has an `astronaute` activity, and records what it was sent. Each answer waits
 * until `release()` is called, so tests control when workers free.
 */
function fakeEngine() {
  const sent: CalculateRequest[] = [];
  const waiting: (() => void)[] = [];
  const engine: Calculator & { sent: CalculateRequest[]; release(): void; releaseAll(): void } = {
    sent,
    release() {
      waiting.shift()?.();
    },
    releaseAll() {
      while (waiting.length > 0) waiting.shift()?.();
    },
    calculate(request) {
      sent.push(request);
      return new Promise<CalculateResponse>((resolve, reject) => {
        waiting.push(() => {
          const people = Object.values(request.individus) as unknown as Person[];
          if (people.some((person) => person.activite?.[MONTH] === "astronaute")) {
            reject(new EngineRequestError(400, { error: "'astronaute' is not a known value" }));
            return;
          }
          const response = structuredClone(request) as unknown as Record<
            string,
            Record<string, Person>
          >;
          for (const person of Object.values(response.individus ?? {})) {
            if (person.double) person.double[MONTH] = 2 * Number(person.salaire?.[MONTH] ?? 0);
          }
          resolve(response as unknown as CalculateResponse);
        });
      });
    },
  };
  return engine;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function settleAll(engine: ReturnType<typeof fakeEngine>, rounds = 10) {
  for (let i = 0; i < rounds; i++) {
    await flush();
    engine.releaseAll();
  }
}

const doubleOf = (response: CalculateResponse) =>
  (response.individus.demandeur as Person).double?.[MONTH];

describe("canonical request key", () => {
  it("ignores the order of keys at every depth", () => {
    const a = { individus: { x: { b: { "2026": 1 }, a: { "2025": 2, "2024": 3 } } }, menages: {} };
    const b = { menages: {}, individus: { x: { a: { "2024": 3, "2025": 2 }, b: { "2026": 1 } } } };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestKey("v1", a)).toBe(requestKey("v1", b));
  });

  it("keeps the order of arrays (role lists are ordered)", () => {
    expect(canonicalJson({ parents: ["a", "b"] })).not.toBe(canonicalJson({ parents: ["b", "a"] }));
  });

  it("changes with the engine version and with any value", () => {
    const request = household(1000);
    expect(requestKey("openfisca-france@176.0.7", request)).not.toBe(
      requestKey("openfisca-france@176.0.8", request),
    );
    expect(requestKey("v", household(1000))).not.toBe(requestKey("v", household(1001)));
    expect(requestKey("v", { a: null })).not.toBe(requestKey("v", { a: 0 }));
  });

  it("is a SHA-256 in hexadecimal", () => {
    expect(requestKey("v", household(1))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("LRU cache", () => {
  it("forgets the least recently used entry first, a read counting as a use", () => {
    const lru = new LruCache<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3);
    expect(lru.has("b")).toBe(false);
    expect(lru.get("a")).toBe(1);
    expect(lru.get("c")).toBe(3);
    expect(lru.size).toBe(2);
  });

  it("replaces a value without growing", () => {
    const lru = new LruCache<string, number>(2);
    lru.set("a", 1);
    lru.set("a", 2);
    expect(lru.size).toBe(1);
    expect(lru.get("a")).toBe(2);
  });

  it("keeps nothing with a size of 0 and refuses a negative size", () => {
    const lru = new LruCache<string, number>(0);
    lru.set("a", 1);
    expect(lru.get("a")).toBeUndefined();
    expect(() => new LruCache(-1)).toThrow(RangeError);
  });
});

describe("batch merge and split", () => {
  it("prefixes every instance id and every person in a role list", () => {
    const merged = mergeRequests([household(1), household(2)]) as unknown as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    expect(Object.keys(merged.individus ?? {})).toEqual(["b0_demandeur", "b1_demandeur"]);
    expect(merged.familles?.b1_famille?.parents).toEqual(["b1_demandeur"]);
    expect(merged.familles?.b1_famille?.enfants).toEqual([]);
    expect(merged.menages?.b0_menage?.personne_de_reference).toEqual(["b0_demandeur"]);
    expect(merged.menages?.b0_menage?.depcom).toEqual({ [MONTH]: "69123" });
  });

  it("gives each request back exactly what the engine would answer it alone", async () => {
    const requests = [household(100), household(200), household(300)];
    const engine = fakeEngine();
    const answering = engine.calculate(mergeRequests(requests));
    engine.release();
    const parts = splitResponse(requests, await answering);
    const alone = await Promise.all(
      requests.map((request) => {
        const answer = engine.calculate(request);
        engine.release();
        return answer;
      }),
    );
    expect(parts).toEqual(alone);
    expect(parts.map(doubleOf)).toEqual([200, 400, 600]);
  });

  it("keeps households apart whose ids would collide once prefixed naively", () => {
    const first = { individus: { "0_x": { a: { [MONTH]: 1 } } } } as unknown as CalculateRequest;
    const many = Array.from({ length: 11 }, () => first);
    const merged = mergeRequests(many);
    expect(Object.keys(merged.individus)).toHaveLength(11);
  });
});

describe("batching calculator", () => {
  it("sends at once while a worker is free, then merges what waited, a share per worker", async () => {
    const engine = fakeEngine();
    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine, {
      concurrency: 2,
      maxBatchSize: 64,
      onSend: (size) => sizes.push(size),
    });
    const answers = [1, 2, 3, 4, 5, 6].map((salary) => batcher.calculate(household(salary)));
    // Two go out alone (two workers); four wait.
    expect(engine.sent).toHaveLength(2);
    expect(batcher.queued).toBe(4);
    engine.release();
    await flush();
    // One worker freed: it takes half of the four waiting requests, merged into one.
    expect(engine.sent).toHaveLength(3);
    expect(Object.keys(engine.sent[2]?.individus ?? {})).toHaveLength(2);
    expect(batcher.queued).toBe(2);
    await settleAll(engine);
    expect((await Promise.all(answers)).map(doubleOf)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(sizes).toEqual([1, 1, 2, 2]);
    expect(batcher.inFlight).toBe(0);
  });

  it("with a gathering window, starts a rush as balanced batches, one per worker", async () => {
    const engine = fakeEngine();
    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine, {
      concurrency: 2,
      maxBatchSize: 64,
      gatherMs: 20,
      onSend: (size) => sizes.push(size),
    });
    const answers = [1, 2, 3, 4, 5, 6].map((salary) => batcher.calculate(household(salary)));
    expect(engine.sent).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(sizes).toEqual([3, 3]);
    await settleAll(engine);
    expect((await Promise.all(answers)).map(doubleOf)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it("never puts more than maxBatchSize households in one request", async () => {
    const engine = fakeEngine();
    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 3,
      onSend: (size) => sizes.push(size),
    });
    const answers = Array.from({ length: 8 }, (_, i) => batcher.calculate(household(i)));
    await settleAll(engine);
    expect((await Promise.all(answers)).map(doubleOf)).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });

  it("merges only requests that set the same variables at the same periods", async () => {
    // OpenFisca gives one household's input to the others of a simulation as the default: a
    // household declaring this month's RSA would zero the RSA computed for the others.
    const engine = fakeEngine();
    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 64,
      onSend: (size) => sizes.push(size),
    });
    const first = batcher.calculate(household(1));
    const plain = batcher.calculate(household(2));
    const declaring = batcher.calculate(household(3, { rsa: { [MONTH]: 400 } }));
    const asking = batcher.calculate(household(4, { rsa: { [MONTH]: null } }));
    await settleAll(engine);
    expect((await Promise.all([first, plain, declaring, asking])).map(doubleOf)).toEqual([
      2, 4, 6, 8,
    ]);
    // The first alone; then the oldest waiting with the one that sets the same inputs (an output
    // asked for is not an input); then the one declaring the RSA, alone.
    expect(sizes).toEqual([1, 2, 1]);
    expect(Object.keys(engine.sent[1]?.individus ?? {})).toEqual(["b0_demandeur", "b1_demandeur"]);
    expect(inputSignature(household(3, { rsa: { [MONTH]: 400 } }))).toContain(
      `individus.rsa@${MONTH}`,
    );
  });

  it("splits a rejected batch in halves down to the bad situation, which fails alone", async () => {
    const engine = fakeEngine();
    const sizes: number[] = [];
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 64,
      onSend: (size) => sizes.push(size),
    });
    const first = batcher.calculate(household(1));
    const good = batcher.calculate(household(2, { activite: { [MONTH]: "etudiant" } }));
    const bad = batcher.calculate(household(3, { activite: { [MONTH]: "astronaute" } }));
    const alsoGood = batcher.calculate(household(4, { activite: { [MONTH]: "salarie" } }));
    const badOutcome = bad.then(
      () => "resolved",
      (error: unknown) => error,
    );
    await settleAll(engine);
    expect(doubleOf(await first)).toBe(2);
    expect(doubleOf(await good)).toBe(4);
    expect(doubleOf(await alsoGood)).toBe(8);
    const error = await badOutcome;
    expect(error).toBeInstanceOf(EngineRequestError);
    expect((error as EngineRequestError).status).toBe(400);
    // The first alone, the three waiting together (rejected), its halves [2, bad] (rejected) and
    // [4], then 2 and the bad one alone, ahead of [4].
    expect(sizes).toEqual([1, 3, 2, 1, 1, 1]);
  });

  it("fails every member of a batch with the engine's own error when it is unavailable", async () => {
    const calls: CalculateRequest[] = [];
    let fail: (error: unknown) => void = () => undefined;
    const engine: Calculator = {
      calculate(request) {
        calls.push(request);
        return new Promise((_, reject) => (fail = reject));
      },
    };
    const batcher = createBatchingCalculator(engine, { concurrency: 1, maxBatchSize: 64 });
    const outcomes = [1, 2, 3].map((salary) =>
      batcher.calculate(household(salary)).catch((error: unknown) => error),
    );
    fail(new EngineTimeoutError(30_000));
    await flush();
    expect(calls).toHaveLength(2);
    fail(new EngineUnavailableError("engine unreachable", undefined));
    const errors = await Promise.all(outcomes);
    expect(errors[0]).toBeInstanceOf(EngineTimeoutError);
    expect(errors[1]).toBeInstanceOf(EngineUnavailableError);
    expect(errors[2]).toBe(errors[1]);
    expect(calls).toHaveLength(2);
  });
});

describe("batching calculator: a rejected batch", () => {
  /** An engine answering at once, rejecting (like the client) any request holding `bad`. */
  function instantEngine(isBad: (request: CalculateRequest) => boolean, error: () => Error) {
    const sizes: number[] = [];
    const engine: Calculator = {
      async calculate(request) {
        sizes.push(Object.keys(request.individus).length);
        if (isBad(request)) throw error();
        return structuredClone(request);
      },
    };
    return { engine, sizes };
  }
  /** The poison is a value, not an input of its own: the household shares the others' batch. */
  const POISON = -9999;
  const poisoned = (request: CalculateRequest) =>
    Object.values(request.individus).some(
      (person) => (person as Person).salaire?.[MONTH] === POISON,
    );
  const yearOutOfRange = () =>
    new EngineRequestError(500, { error: "Internal server error: year 10000 is out of range" });

  it("finds one bad household among 64 in about 2·log2(64) requests, not 64", async () => {
    const { engine, sizes } = instantEngine(poisoned, yearOutOfRange);
    const batcher = createBatchingCalculator(engine, { concurrency: 1, maxBatchSize: 64 });
    const requests = Array.from({ length: 65 }, (_, i) => household(i === 40 ? POISON : i));
    const outcomes = await Promise.allSettled(requests.map((r) => batcher.calculate(r)));
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
    expect(outcomes[40]?.status).toBe("rejected");
    // 1 alone, the 64 merged, then two halves per level of 64 → 1.
    expect(sizes).toHaveLength(2 + 2 * Math.log2(64));
    expect(sizes.slice(0, 4)).toEqual([1, 64, 32, 32]);
  });

  it("stops splitting when the engine goes down: the parts left fail without being sent", async () => {
    let calls = 0;
    const engine: Calculator = {
      async calculate(request) {
        calls++;
        if (calls === 2) throw yearOutOfRange();
        if (calls >= 3) throw new EngineUnavailableError("engine unreachable: ECONNREFUSED");
        return request;
      },
    };
    const batcher = createBatchingCalculator(engine, { concurrency: 1, maxBatchSize: 64 });
    const outcomes = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        batcher.calculate(household(i)).then(
          () => "ok",
          (error: unknown) => error,
        ),
      ),
    );
    expect(outcomes[0]).toBe("ok");
    // The merged 8 rejected, its first half refused (engine down): the second half is not sent.
    expect(calls).toBe(3);
    for (const outcome of outcomes.slice(1)) expect(outcome).toBeInstanceOf(EngineUnavailableError);
  });

  it("never fails a good household because of one poisoned household (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 64 }),
        async (count, at, concurrency, maxBatchSize) => {
          const bad = at % count;
          const { engine, sizes } = instantEngine(poisoned, yearOutOfRange);
          const batcher = createBatchingCalculator(engine, { concurrency, maxBatchSize });
          const requests = Array.from({ length: count }, (_, i) =>
            household(i === bad ? POISON : i + 1),
          );
          const outcomes = await Promise.allSettled(requests.map((r) => batcher.calculate(r)));
          outcomes.forEach((outcome, i) => {
            if (i === bad) {
              expect(outcome.status).toBe("rejected");
              const error = (outcome as PromiseRejectedResult).reason as EngineRequestError;
              expect(error).toBeInstanceOf(EngineRequestError);
              expect(JSON.stringify(error.body)).toContain("year 10000 is out of range");
            } else {
              expect(outcome.status).toBe("fulfilled");
              expect((outcome as PromiseFulfilledResult<CalculateResponse>).value).toEqual(
                requests[i],
              );
            }
          });
          // Finding the culprit costs at most two requests per halving of a batch.
          const batches = sizes.filter((size) => size > 0).length;
          expect(batches).toBeLessThanOrEqual(count + 2 * Math.ceil(Math.log2(maxBatchSize + 1)));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("batching calculator: a bounded queue", () => {
  it("refuses at once a computation arriving at a full queue, and computes the admitted ones", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 64,
      maxQueue: 3,
    });
    const admitted = [1, 2, 3, 4].map((salary) => batcher.calculate(household(salary)));
    expect(batcher.queued).toBe(3);
    const refused = batcher.calculate(household(5));
    await expect(refused).rejects.toBeInstanceOf(EngineBusyError);
    await expect(refused).rejects.toMatchObject({ reason: "queue-full" });
    expect(engine.sent).toHaveLength(1);
    await settleAll(engine);
    expect((await Promise.all(admitted)).map(doubleOf)).toEqual([2, 4, 6, 8]);
    // Room again: admitted.
    const later = batcher.calculate(household(6));
    await settleAll(engine);
    expect(doubleOf(await later)).toBe(12);
  });

  it("drops from the queue, unsent, a computation that waited past maxWaitMs", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 64,
      maxWaitMs: 20,
    });
    const first = batcher.calculate(household(1));
    const waiting = [2, 3].map((salary) => batcher.calculate(household(salary)));
    for (const dropped of waiting) {
      await expect(dropped).rejects.toMatchObject({
        name: "EngineBusyError",
        reason: "queue-timeout",
      });
    }
    expect(batcher.queued).toBe(0);
    engine.releaseAll();
    expect(doubleOf(await first)).toBe(2);
    await settleAll(engine);
    // Only the first was ever sent.
    expect(engine.sent).toHaveLength(1);
  });

  it("leaves a computation sent in time to the client's own timeout", async () => {
    vi.useFakeTimers();
    try {
      const engine = fakeEngine();
      const batcher = createBatchingCalculator(engine, {
        concurrency: 1,
        maxBatchSize: 64,
        maxWaitMs: 20,
      });
      const first = batcher.calculate(household(1));
      const second = batcher.calculate(household(2));
      engine.release();
      await first;
      await vi.advanceTimersByTimeAsync(0);
      // The second left the queue in time: its deadline no longer applies.
      expect(engine.sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_000);
      engine.release();
      expect(doubleOf(await second)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("caching calculator", () => {
  function countingEngine() {
    const engine = fakeEngine();
    return {
      engine,
      auto: {
        calculate: (r: CalculateRequest) => {
          const p = engine.calculate(r);
          engine.release();
          return p;
        },
      },
    };
  }

  it("answers an identical request (keys in another order) from the cache", async () => {
    const { engine, auto } = countingEngine();
    const cache = createCachingCalculator(auto, {
      maxEntries: 10,
      engineVersion: async () => "v1",
    });
    const first = await cache.calculate(household(1000));
    const reordered = Object.fromEntries(
      Object.entries(household(1000)).reverse(),
    ) as unknown as CalculateRequest;
    const second = await cache.calculate(reordered);
    expect(second).toEqual(first);
    expect(engine.sent).toHaveLength(1);
    expect(cache.stats).toMatchObject({ computed: 1, hits: 1, shared: 0 });
  });

  it("hands out copies: a caller altering its answer does not alter the next one's", async () => {
    const { auto } = countingEngine();
    const cache = createCachingCalculator(auto, { maxEntries: 10, engineVersion: async () => "v" });
    const first = await cache.calculate(household(5));
    (first.individus.demandeur as Person).double = { [MONTH]: -1 };
    expect(doubleOf(await cache.calculate(household(5)))).toBe(10);
  });

  it("computes again for another engine version", async () => {
    const { engine, auto } = countingEngine();
    let version = "v1";
    const cache = createCachingCalculator(auto, {
      maxEntries: 10,
      engineVersion: async () => version,
    });
    await cache.calculate(household(1));
    version = "v2";
    await cache.calculate(household(1));
    expect(engine.sent).toHaveLength(2);
  });

  it("shares one computation between identical requests in flight", async () => {
    const engine = fakeEngine();
    const cache = createCachingCalculator(engine, {
      maxEntries: 0,
      engineVersion: async () => "v",
    });
    const answers = [cache.calculate(household(7)), cache.calculate(household(7))];
    await settleAll(engine);
    expect((await Promise.all(answers)).map(doubleOf)).toEqual([14, 14]);
    expect(engine.sent).toHaveLength(1);
  });

  it("never keeps a failure", async () => {
    let failures = 1;
    const calls: CalculateRequest[] = [];
    const cache = createCachingCalculator(
      {
        async calculate(request) {
          calls.push(request);
          if (failures-- > 0) throw new EngineUnavailableError("down");
          return request;
        },
      },
      { maxEntries: 10, engineVersion: async () => "v" },
    );
    await expect(cache.calculate(household(1))).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(cache.calculate(household(1))).resolves.toBeDefined();
    await cache.calculate(household(1));
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(1);
  });

  it("does not compute what another instance stored between its look and its claim", async () => {
    const { engine, auto } = countingEngine();
    const stored = new Map<string, CalculateResponse>();
    const released: string[] = [];
    const other = structuredClone(household(3)) as unknown as CalculateResponse;
    const cache = createCachingCalculator(auto, {
      maxEntries: 10,
      engineVersion: async () => "v",
      shared: {
        async get(key) {
          return stored.get(key);
        },
        // The other instance stores its response and gives its claim up just before this one
        // claims: the claim is free, and the response is there.
        async claim(key) {
          stored.set(key, other);
          return true;
        },
        async put(key, response) {
          stored.set(key, response);
        },
        async release(key) {
          released.push(key);
        },
        async waitFor() {},
      },
    });
    expect(await cache.calculate(household(3))).toEqual(other);
    expect(engine.sent).toHaveLength(0);
    expect(released).toHaveLength(1);
    expect(cache.stats).toMatchObject({ computed: 0, shared: 1 });
  });

  it("passes the version's error on (the engine is down)", async () => {
    const cache = createCachingCalculator(fakeEngine(), {
      maxEntries: 10,
      engineVersion: () => Promise.reject(new EngineUnavailableError("down")),
    });
    await expect(cache.calculate(household(1))).rejects.toBeInstanceOf(EngineUnavailableError);
  });
});

describe("engine info", () => {
  it("reads the version and the variables once, and again after a failure or a reset", async () => {
    let versions = 0;
    let variableReads = 0;
    let down = true;
    const info = createEngineInfo(
      {
        async version() {
          versions++;
          if (down) throw new EngineUnavailableError("down");
          return {
            countryPackage: "openfisca-france@176.0.7",
            packages: "openfisca-paris==5.5.15",
          };
        },
        async variables() {
          variableReads++;
          return { rsa: {}, ppa: {} };
        },
      },
      "pins",
    );
    await expect(info.version()).rejects.toBeInstanceOf(EngineUnavailableError);
    down = false;
    expect(await info.version()).toBe("openfisca-france@176.0.7 openfisca-paris==5.5.15");
    await info.version();
    expect(versions).toBe(2);
    expect(info.knownVariables()).toBeUndefined();
    expect([...(await info.variables())]).toEqual(["rsa", "ppa"]);
    await info.variables();
    expect(variableReads).toBe(1);
    info.reset();
    await info.variables();
    expect(variableReads).toBe(2);
  });

  it("falls back on the pinned packages when the engine does not name them", async () => {
    const info = createEngineInfo(
      {
        version: async () => ({ countryPackage: "openfisca-france@176.0.7" }),
        variables: async () => ({}),
      },
      "openfisca-paris==5.5.15",
    );
    expect(await info.version()).toBe("openfisca-france@176.0.7 openfisca-paris==5.5.15");
  });

  it("reads the pins of scripts/engine/requirements.txt", () => {
    const pins = pinnedEnginePackages();
    expect(pins).toMatch(/openfisca-france==\d/);
    expect(pins).toMatch(/openfisca-france-local==\d/);
    expect(pins).toMatch(/openfisca-paris==\d/);
    expect(pins).toMatch(/reforms=openfisca_france_local\.epci_test_factory\.epci_reform/);
  });
});

describe("batching calculator: computations ahead of a click", () => {
  const options = { concurrency: 2, maxBatchSize: 64, maxBackgroundQueue: 3 };

  it("sends a background computation on a free worker, never on the last one", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, options);
    const ahead = [1, 2].map((salary) =>
      batcher.calculate(household(salary), { background: true }),
    );
    // Two workers: one background batch at a time (both requests share it), one worker kept free.
    expect(engine.sent).toHaveLength(1);
    const visitor = batcher.calculate(household(9));
    // The visitor leaves at once on the worker kept free.
    expect(engine.sent).toHaveLength(2);
    expect(Object.keys(engine.sent[1]?.individus ?? {})).toEqual(["demandeur"]);
    await settleAll(engine);
    expect((await Promise.all(ahead)).map(doubleOf)).toEqual([2, 4]);
    expect(doubleOf(await visitor)).toBe(18);
  });

  it("lets every visitor's computation waiting leave before any background one", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, { ...options, concurrency: 1 });
    const first = batcher.calculate(household(1));
    const ahead = batcher.calculate(household(2), { background: true });
    const second = batcher.calculate(household(3));
    expect(batcher.backgroundQueued).toBe(1);
    engine.release();
    await flush();
    // The freed worker takes the visitor who waits, not the computation nobody waits for.
    expect(engine.sent.map((request) => Object.keys(request.individus).length)).toEqual([1, 1]);
    expect((engine.sent[1]?.individus.demandeur as Person).salaire?.[MONTH]).toBe(3);
    await settleAll(engine);
    expect([await first, await second, await ahead].map(doubleOf)).toEqual([2, 6, 4]);
  });

  it("drops an unsent background computation when its signal aborts, and refuses past its bound", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, { ...options, concurrency: 1 });
    const visitor = batcher.calculate(household(1));
    const controller = new AbortController();
    const dropped = batcher.calculate(household(2), {
      background: true,
      signal: controller.signal,
    });
    const kept = [3, 4].map((salary) => batcher.calculate(household(salary), { background: true }));
    await expect(batcher.calculate(household(5), { background: true })).rejects.toBeInstanceOf(
      EngineBusyError,
    );
    controller.abort();
    await expect(dropped).rejects.toBeInstanceOf(ComputationDroppedError);
    expect(batcher.backgroundQueued).toBe(2);
    await settleAll(engine);
    expect(doubleOf(await visitor)).toBe(2);
    expect((await Promise.all(kept)).map(doubleOf)).toEqual([6, 8]);
    // The dropped one never reached the engine.
    const salaries = engine.sent.flatMap((request) =>
      (Object.values(request.individus) as Person[]).map((person) => person.salaire?.[MONTH]),
    );
    expect(salaries).not.toContain(2);
  });

  it("accepts no background computation by default", async () => {
    const batcher = createBatchingCalculator(fakeEngine(), { concurrency: 1, maxBatchSize: 8 });
    await expect(batcher.calculate(household(1), { background: true })).rejects.toBeInstanceOf(
      EngineBusyError,
    );
  });
});

describe("caching calculator: computations ahead of a click", () => {
  it("answers the visitor from the background computation, promoted ahead of the queue", async () => {
    const engine = fakeEngine();
    const batcher = createBatchingCalculator(engine, {
      concurrency: 1,
      maxBatchSize: 1,
      maxBackgroundQueue: 4,
    });
    const cache = createCachingCalculator(batcher, {
      maxEntries: 10,
      engineVersion: async () => "v",
    });
    const busy = cache.calculate(household(1));
    await flush();
    const ahead = cache.calculate(household(2), { background: true });
    const other = cache.calculate(household(3));
    await flush();
    expect(batcher.backgroundQueued).toBe(1);
    // The visitor whose answers were computed ahead now waits for them: first in the queue.
    const visitor = cache.calculate(household(2));
    await flush();
    expect(batcher.backgroundQueued).toBe(0);
    expect(cache.stats).toMatchObject({ ahead: 1, promoted: 1 });
    engine.release();
    await flush();
    expect((engine.sent[1]?.individus.demandeur as Person).salaire?.[MONTH]).toBe(2);
    await settleAll(engine);
    expect([await busy, await ahead, await visitor, await other].map(doubleOf)).toEqual([
      2, 4, 4, 6,
    ]);
    // One computation for the background and the visitor together.
    expect(engine.sent).toHaveLength(3);
    expect(doubleOf(await cache.calculate(household(2)))).toBe(4);
    expect(engine.sent).toHaveLength(3);
  });
});

describe("compute ahead", () => {
  const simulation = (id: string, n: number) => ({ id, n }) as unknown as Simulation;

  it("drops the older computation of a simulation saved again, and bounds the simulations tracked", async () => {
    const signals: { n: number; signal: AbortSignal }[] = [];
    const releases: (() => void)[] = [];
    const ahead = createComputeAhead({
      maxTracked: 2,
      run: (saved, signal) =>
        new Promise<boolean>((resolve, reject) => {
          signals.push({ n: (saved as unknown as { n: number }).n, signal });
          signal.addEventListener("abort", () => reject(new ComputationDroppedError()));
          releases.push(() => resolve(true));
        }),
    });
    ahead.schedule(simulation("a", 1));
    ahead.schedule(simulation("a", 2));
    ahead.schedule(simulation("b", 1));
    // A third simulation while two are tracked: nothing starts for it.
    ahead.schedule(simulation("c", 1));
    expect(signals.map(({ n, signal }) => [n, signal.aborted])).toEqual([
      [1, true],
      [2, false],
      [1, false],
    ]);
    expect(ahead.tracked).toBe(2);
    for (const release of releases) release();
    await flush();
    expect(ahead.tracked).toBe(0);
    expect(ahead.stats).toMatchObject({ scheduled: 3, dropped: 1, failed: 0 });
  });

  it("reports an unexpected failure and never throws to the saver", async () => {
    const errors: unknown[] = [];
    const ahead = createComputeAhead({
      maxTracked: 5,
      run: async () => {
        throw new EngineUnavailableError("down");
      },
      onError: (error) => errors.push(error),
    });
    expect(() => ahead.schedule(simulation("a", 1))).not.toThrow();
    await flush();
    expect(errors).toHaveLength(1);
    expect(ahead.stats.failed).toBe(1);
  });
});

describe("compute ahead: bounded at the door", () => {
  const simulation = (id: string) => ({ id }) as unknown as Simulation;

  it("prepares at most perSecond saves a second, and none while the engine is not ready", async () => {
    let clock = 5_000;
    let ready = true;
    const ran: string[] = [];
    const ahead = createComputeAhead({
      maxTracked: 100,
      perSecond: 2,
      engineReady: () => ready,
      now: () => clock,
      run: async (saved) => {
        ran.push(saved.id);
        return true;
      },
    });
    for (const id of ["a", "b", "c"]) ahead.schedule(simulation(id));
    expect(ran).toEqual(["a", "b"]);
    clock += 1_000;
    ahead.schedule(simulation("d"));
    ready = false;
    ahead.schedule(simulation("e"));
    expect(ran).toEqual(["a", "b", "d"]);
    await flush();
    expect(ahead.stats).toMatchObject({ scheduled: 3, skipped: 2 });
  });
});
