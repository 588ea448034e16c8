import { useSyncExternalStore } from "react";

/** Whether a recap is on its way: the button stays disabled meanwhile. */
export type RecapStatus = "idle" | "waiting" | "sent" | "error";

let status: RecapStatus = "idle";
const listeners = new Set<() => void>();

export function setRecapStatus(next: RecapStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

export function useRecapStatus(): RecapStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => status,
  );
}
