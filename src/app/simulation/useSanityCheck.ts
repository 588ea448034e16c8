import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { useSessionStore } from "../layout/SessionState";
import { isValidSimulation } from "../machine/journey";
import { useSteps } from "./hooks";
import { skipsSanityCheck } from "./paths";

/**
 * docs/product.md §5: on first load, a simulation page other than the first question, the restore
 * redirect, the recap or the results, opened without a birth date (and without `?debug`),
 * sends the visitor to the start with a message. Decided once per mount, so that the URL
 * projection does not move the visitor elsewhere meanwhile.
 */
export function useSanityCheck(): boolean {
  const store = useSessionStore();
  const steps = useSteps();
  const { pathname, search } = useLocation();
  const [redirect] = useState(
    () =>
      !store.getSnapshot().sanityChecked &&
      !isValidSimulation(steps) &&
      !skipsSanityCheck(pathname) &&
      !new URLSearchParams(search).has("debug"),
  );
  useEffect(() => store.markSanityChecked(), [store]);
  return redirect;
}

/** `?debug=parcours` turns the debug mode on for the rest of the visit. */
export function useDebugQuery(): void {
  const store = useSessionStore();
  const { search } = useLocation();
  useEffect(() => {
    if (new URLSearchParams(search).get("debug") === "parcours") store.setDebug(true);
  }, [search, store]);
}
