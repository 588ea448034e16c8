import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it sent, true afterwards
 * (and at once on a page the browser renders itself): for what only a browser has, such as a
 * portal into `document.body`, which the server's markup cannot hold.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
