// Loaded on demand (issue 8, "Budgets"): the machine, its engine of the journey and zod stay out
// of the home page's download. SimulationContext loads this module when a page needs the actor.
import "../zodConfig";
import { createActor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { fetchParameters } from "../machine/persistence";
import { simulationMachine, type SimulationDeps } from "../machine/simulationMachine";

type SimulationActor = ActorRefFrom<typeof simulationMachine>;
type SimulationSnapshot = SnapshotFrom<typeof simulationMachine>;

export function createSimulationActor(deps: SimulationDeps) {
  return createActor(simulationMachine, { input: { deps } }).start();
}

/**
 * Gives the simulation the engine parameters of its value date whenever it has none: when it
 * starts, resumes or is restored (docs/product.md §2 "Home behaviour"). One request per value date; a
 * failed one is not repeated (the journey then uses the schema's fallbacks).
 */
export function watchParameters(actor: SimulationActor): () => void {
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
}
