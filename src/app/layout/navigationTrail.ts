import { useEffect } from "react";
import { useLocation, useNavigationType, type Location } from "react-router-dom";
import { LruCache } from "../../domain/lru";

/**
 * The page each history entry was opened from (by react-router's location key), for the entries
 * this visit pushed: a "Retour aux résultats" on a result's page goes back in history when the
 * visitor came from the results, so that they find them as they left them (their theme filter,
 * where they had scrolled), rather than opening them anew at the top.
 */
const openedFrom = new LruCache<string, Pick<Location, "pathname" | "search">>(50);
let shown: Location | undefined;

/** Records each pushed entry's origin; in the app's layout, once. */
export function useNavigationTrail(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (shown && shown.key !== location.key && navigationType === "PUSH") {
      openedFrom.set(location.key, { pathname: shown.pathname, search: shown.search });
    }
    shown = location;
  }, [location, navigationType]);
}

/** The page the entry `key` was opened from, when this visit pushed it. */
export function openedFromOf(key: string): Pick<Location, "pathname" | "search"> | undefined {
  return openedFrom.get(key);
}
