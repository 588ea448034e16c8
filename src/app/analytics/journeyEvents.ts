import type { AnyActorRef, InspectionEvent } from "xstate";
import { trackEvent } from "./track";

type Track = typeof trackEvent;

interface JourneyContext {
  currentPath: string;
}

/**
 * Analytics events of the journey (docs/product.md §3 "Analytics categories"), read from the simulation
 * machine's events rather than from every button: moving forward or back (when the step changes),
 * resuming a saved simulation, asking for a computation.
 */
export function trackJourneyEvents(
  actor: AnyActorRef & { getSnapshot(): { context: JourneyContext } },
  track: Track = trackEvent,
): () => void {
  let path = actor.getSnapshot().context.currentPath;
  const subscription = actor.system.inspect((inspection: InspectionEvent) => {
    if (inspection.type !== "@xstate.snapshot" || inspection.actorRef !== actor) return;
    const from = path;
    const snapshot = inspection.snapshot as { context?: JourneyContext };
    path = snapshot.context?.currentPath ?? path;
    switch (inspection.event.type) {
      case "NEXT":
        if (path !== from) track("Parcours", "navigation", from);
        break;
      case "BACK":
        if (path !== from) track("Parcours", "back", from);
        break;
      case "RESUME":
        track("Parcours", "Reprendre ma simulation", path);
        break;
      case "COMPUTE":
        track("Résultats", "compute");
        break;
    }
  });
  return () => subscription.unsubscribe();
}
