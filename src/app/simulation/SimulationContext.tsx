import { useSelector as useActorSelector } from "@xstate/react";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { createActor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { fetchParameters } from "../machine/persistence";
import { simulationMachine, type SimulationDeps } from "../machine/simulationMachine";
import { writeLatestSimulationId } from "./latestSimulation";

type SimulationActor = ActorRefFrom<typeof simulationMachine>;
type SimulationSnapshot = SnapshotFrom<typeof simulationMachine>;

const ActorContext = createContext<SimulationActor | null>(null);

/**
 * Gives the simulation the engine parameters of its value date whenever it has none: when it
 * starts, resumes or is restored (spec §2 "Home behaviour"). One request per value date; a
 * failed one is not repeated (the journey then uses the schema's fallbacks).
 */
function useParameterLoading(actor: SimulationActor): void {
  useEffect(() => {
    const loaded = new Map<string, Record<string, number>>();
    const requested = new Set<string>();
    const check = ({ context }: SimulationSnapshot) => {
      const { dateDeValeur, parameters, deps } = context;
      if (parameters) return;
      const known = loaded.get(dateDeValeur);
      if (known) {
        actor.send({ type: "PARAMETERS_LOADED", dateDeValeur, parameters: known });
        return;
      }
      if (requested.has(dateDeValeur)) return;
      requested.add(dateDeValeur);
      void fetchParameters(deps.fetch, dateDeValeur).then((values) => {
        if (!values) return;
        loaded.set(dateDeValeur, values);
        actor.send({ type: "PARAMETERS_LOADED", dateDeValeur, parameters: values });
      });
    };
    check(actor.getSnapshot());
    const subscription = actor.subscribe(check);
    return () => subscription.unsubscribe();
  }, [actor]);
}

/** Spec §3: the cookie `lastestSimulation` names the latest saved simulation. */
function useLatestSimulationCookie(actor: SimulationActor): void {
  useEffect(() => {
    let written = actor.getSnapshot().context.simulationId;
    const subscription = actor.subscribe(({ context }) => {
      if (!context.simulationId || context.simulationId === written) return;
      written = context.simulationId;
      writeLatestSimulationId(written);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

// The actor is created and started during the first render, not in an effect, so that the
// pages' effects (which send GOTO and COMPUTE) never talk to an actor that has not started yet.
function Provider({ deps, children }: { deps: SimulationDeps; children: ReactNode }) {
  const [actor] = useState(() => createActor(simulationMachine, { input: { deps } }).start());
  useParameterLoading(actor);
  useLatestSimulationCookie(actor);
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

function useActorRef(): SimulationActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error("SimulationContext.Provider is missing");
  return actor;
}

function useSelector<T>(selector: (snapshot: SimulationSnapshot) => T): T {
  return useActorSelector(useActorRef(), selector);
}

/** The one simulation actor of the app, shared by every page. */
export const SimulationContext = { Provider, useActorRef, useSelector };
