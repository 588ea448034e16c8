import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { SIMULATION_PATH } from "../machine/simulationPath";
import { REDIRECT_PATH, REDIRECTION_PATH, isPagePath } from "../simulation/pagePaths";
import { SimulationContext } from "../simulation/SimulationContext";
import { useSessionStore } from "./SessionState";

/** Locations that only send the visitor elsewhere are not page views. */
export function isTransit(pathname: string, machinePath: string): boolean {
  if ([REDIRECTION_PATH, REDIRECT_PATH, SIMULATION_PATH].includes(pathname)) return true;
  // `/init-ci` and the identity provider's returns only pass the visitor on.
  if (["/init-ci", "/callback", "/logout-callback"].includes(pathname)) return true;
  // A step the machine is about to replace by another.
  return (
    pathname.startsWith(`${SIMULATION_PATH}/`) && !isPagePath(pathname) && pathname !== machinePath
  );
}

/** Counts each page the visitor actually sees, for the message's view counter (docs/product.md §4). */
export function usePageViews(): void {
  const store = useSessionStore();
  // The home page does not load the machine: only the steps need its path, and they load it.
  const getActor = SimulationContext.useActorGetter();
  const { key, pathname } = useLocation();
  useEffect(() => {
    const machinePath = getActor()?.getSnapshot().context.currentPath ?? "";
    if (!isTransit(pathname, machinePath)) store.pageView(key);
  }, [getActor, key, pathname, store]);
}
