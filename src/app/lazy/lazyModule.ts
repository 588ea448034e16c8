/**
 * A module loaded on demand (issue 8, "Budgets": the home page downloads only what it shows).
 * `load()` imports it once; `current` is the module once loaded, so that whoever renders after
 * the load uses it synchronously instead of suspending again.
 */
export interface LazyModule<M> {
  load(): Promise<M>;
  readonly current: M | undefined;
}

const registry = new Set<LazyModule<unknown>>();

type Thenable<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/**
 * Marks a promise as fulfilled the way React's `use()` reads it, so that a component given it
 * after it settled renders synchronously instead of suspending once more. Components call
 * `use()` on every render, whether the promise has settled or not: React requires the same
 * hooks on the render that resumes after a suspension.
 */
export function markFulfilled<T>(promise: Promise<T>, value: T): Promise<T> {
  const thenable = promise as Thenable<T>;
  thenable.status = "fulfilled";
  thenable.value = value;
  return promise;
}

/** An already fulfilled promise, which `use()` reads synchronously. */
export function fulfilled<T>(value: T): Promise<T> {
  return markFulfilled(Promise.resolve(value), value);
}

export function lazyModule<M>(loader: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let current: M | undefined;
  const module: LazyModule<M> = {
    // A failed download stays failed: components suspended on it need the same promise to
    // reach the error boundary, which offers to reload the page.
    load: () =>
      (pending ??= loader().then((loaded) => {
        current = loaded;
        if (pending) markFulfilled(pending, loaded);
        return loaded;
      })),
    get current() {
      return current;
    },
  };
  registry.add(module);
  return module;
}

/**
 * Loads every lazy module declared so far, and those their loading declares. Unit tests call it
 * before rendering, so that pages render synchronously as they did before the split.
 */
export async function preloadLazyModules(): Promise<void> {
  const loaded = new Set<LazyModule<unknown>>();
  for (;;) {
    const pending = [...registry].filter((module) => !loaded.has(module));
    if (pending.length === 0) return;
    for (const module of pending) loaded.add(module);
    // A module that fails to load stays unloaded: its page shows the failure when rendered.
    await Promise.allSettled(pending.map((module) => module.load()));
  }
}
