import { useSelector as useActorSelector } from "@xstate/react";
import { createContext, useContext, useState, type ReactNode } from "react";
import { createActor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { simulationMachine, type SimulationDeps } from "../machine/simulationMachine";

type SimulationActor = ActorRefFrom<typeof simulationMachine>;
type SimulationSnapshot = SnapshotFrom<typeof simulationMachine>;

const ActorContext = createContext<SimulationActor | null>(null);

// The actor is created and started during the first render, not in an effect, so that the
// pages' effects (which send GOTO and COMPUTE) never talk to an actor that has not started yet.
function Provider({ deps, children }: { deps: SimulationDeps; children: ReactNode }) {
  const [actor] = useState(() => createActor(simulationMachine, { input: { deps } }).start());
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
