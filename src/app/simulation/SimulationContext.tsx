import {
  createContext,
  use,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { Bundle } from "../../domain";
import { fulfilled, lazyModule, markFulfilled } from "../lazy/lazyModule";
import type { simulationMachine, SimulationDeps } from "../machine/simulationMachine";
import { writeLatestSimulationId } from "./latestSimulation";

type SimulationActor = ActorRefFrom<typeof simulationMachine>;
type SimulationSnapshot = SnapshotFrom<typeof simulationMachine>;

/**
 * What the simulation is given: everything at once (tests), or everything but the questionnaire
 * with a way to load it (the app: the generated bundle is not part of the home page's download).
 */
export type AppDeps = SimulationDeps | (Omit<SimulationDeps, "bundle"> & LazyBundle);
interface LazyBundle {
  loadBundle: () => Promise<Bundle>;
}
/** The dependencies every page may use without the machine (fetch, storages, day). */
export type BaseDeps = Omit<SimulationDeps, "bundle">;

// The machine (xstate, the journey, zod) loads with the first page that needs it.
const runtime = lazyModule(() => import("./simulationRuntime"));

type ActorEffect = (actor: SimulationActor) => (() => void) | void;

/** The one actor of a Provider: created at once when its code is loaded, otherwise on demand. */
class ActorHolder {
  private actor: SimulationActor | undefined;
  private pending: Promise<SimulationActor> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly effects = new Set<ActorEffect>();

  constructor(private readonly deps: AppDeps) {
    const loaded = runtime.current;
    if (loaded && "bundle" in deps) this.create(loaded.createSimulationActor, deps);
  }

  readonly getActor = (): SimulationActor | undefined => this.actor;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The actor, once its code and the questionnaire are loaded (one promise per Provider). */
  load(): Promise<SimulationActor> {
    if (this.actor) return (this.pending ??= fulfilled(this.actor));
    const { deps } = this;
    this.pending ??= Promise.all([
      runtime.load(),
      "bundle" in deps ? deps.bundle : deps.loadBundle(),
    ]).then(([loaded, bundle]) => {
      if (!this.actor) {
        const { loadBundle: _, ...base } = deps as Partial<LazyBundle> & SimulationDeps;
        this.create(loaded.createSimulationActor, { ...base, bundle });
      }
      const actor = this.actor as SimulationActor;
      if (this.pending) markFulfilled(this.pending, actor);
      return actor;
    });
    return this.pending;
  }

  /**
   * Runs `effect` with the actor as soon as it exists: at once, or right when it is created,
   * before anyone can send it an event (journey analytics must see the first RESUME).
   */
  onActor(effect: ActorEffect): () => void {
    let cleanup: (() => void) | void;
    let active = true;
    const run: ActorEffect = (actor) => {
      if (active) cleanup = effect(actor);
    };
    if (this.actor) run(this.actor);
    else this.effects.add(run);
    return () => {
      active = false;
      this.effects.delete(run);
      cleanup?.();
    };
  }

  private create(
    createSimulationActor: (deps: SimulationDeps) => SimulationActor,
    deps: SimulationDeps,
  ) {
    const actor = createSimulationActor(deps);
    this.actor = actor;
    for (const effect of [...this.effects]) {
      this.effects.delete(effect);
      effect(actor);
    }
    for (const listener of [...this.listeners]) listener();
  }
}

const HolderContext = createContext<ActorHolder | null>(null);
const DepsContext = createContext<BaseDeps | null>(null);

/** docs/product.md §3: the cookie `lastestSimulation` names the latest saved simulation. */
function watchLatestSimulation(actor: SimulationActor): () => void {
  let written = actor.getSnapshot().context.simulationId;
  const subscription = actor.subscribe(({ context }) => {
    if (!context.simulationId || context.simulationId === written) return;
    written = context.simulationId;
    writeLatestSimulationId(written);
  });
  return () => subscription.unsubscribe();
}

function useHolder(): ActorHolder {
  const holder = useContext(HolderContext);
  if (!holder) throw new Error("SimulationContext.Provider is missing");
  return holder;
}

/** Runs `effect` with the actor as soon as it exists (see ActorHolder.onActor). */
function useActorEffect(effect: ActorEffect): void {
  const holder = useHolder();
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => holder.onActor((actor) => latest.current(actor)), [holder]);
}

// When the machine's code is loaded (tests, or any page after the first that needed it), the
// actor is created and started during the first render, not in an effect, so that the pages'
// effects (which send GOTO and COMPUTE) never talk to an actor that has not started yet.
// Otherwise the first page that asks for it suspends until it is created.
function Provider({ deps, children }: { deps: AppDeps; children: ReactNode }) {
  const [holder] = useState(() => new ActorHolder(deps));
  const [baseDeps] = useState<BaseDeps>(() => {
    const {
      bundle: _b,
      loadBundle: _l,
      ...base
    } = deps as Partial<SimulationDeps & LazyBundle> & BaseDeps;
    return base;
  });
  useEffect(() => holder.onActor((actor) => runtime.current?.watchParameters(actor)), [holder]);
  useEffect(() => holder.onActor(watchLatestSimulation), [holder]);
  return (
    <DepsContext.Provider value={baseDeps}>
      <HolderContext.Provider value={holder}>{children}</HolderContext.Provider>
    </DepsContext.Provider>
  );
}

/** The actor; the first page that asks for it suspends while the machine's code loads. */
function useActorRef(): SimulationActor {
  const holder = useHolder();
  // use() on every render (see markFulfilled): synchronous once the actor exists.
  return use(holder.load());
}

/** The actor if it exists already, without loading it (the layout, the home page). */
function useOptionalActorRef(): SimulationActor | undefined {
  const holder = useHolder();
  return useSyncExternalStore(holder.subscribe, holder.getActor, holder.getActor);
}

/** Reads the actor, if it exists, without re-rendering when it appears (for effects). */
function useActorGetter(): () => SimulationActor | undefined {
  return useHolder().getActor;
}

/** A way to get the actor, loading its code first if need be (the home page's buttons). */
function useActorLoader(): () => Promise<SimulationActor> {
  const holder = useHolder();
  return useCallback(() => holder.load(), [holder]);
}

/**
 * The value `selector` reads from the actor's snapshot, re-rendering when it changes; computed
 * once per snapshot and selector, as useSyncExternalStore requires.
 */
function useActorSelection<T>(
  actor: SimulationActor | undefined,
  selector: (snapshot: SimulationSnapshot) => T,
): T | undefined {
  const cache = useRef<{ snapshot: SimulationSnapshot; selector: unknown; value: T }>(undefined);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = (): T | undefined => {
    if (!actor) return undefined;
    const snapshot = actor.getSnapshot();
    const cached = cache.current;
    if (cached && cached.snapshot === snapshot && cached.selector === selector) return cached.value;
    const value = selector(snapshot);
    cache.current = { snapshot, selector, value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, read);
}

function useSelector<T>(selector: (snapshot: SimulationSnapshot) => T): T {
  return useActorSelection(useActorRef(), selector) as T;
}

/** Like useSelector, but `undefined` while the machine is not loaded (never loads it). */
function useOptionalSelector<T>(selector: (snapshot: SimulationSnapshot) => T): T | undefined {
  return useActorSelection(useOptionalActorRef(), selector);
}

function useDeps(): BaseDeps {
  const deps = useContext(DepsContext);
  if (!deps) throw new Error("SimulationContext.Provider is missing");
  return deps;
}

/** The one simulation actor of the app, shared by every page. */
export const SimulationContext = {
  Provider,
  useActorRef,
  useSelector,
  useOptionalActorRef,
  useOptionalSelector,
  useActorGetter,
  useActorLoader,
  useActorEffect,
  useDeps,
};
