import { useEffect, useState } from "react";
import { CONTACT_EMAIL } from "../config";
import type { FetchLike } from "../machine/api";
import { SimulationContext } from "../simulation/SimulationContext";

// One request per page load (per fetch implementation, so that tests stay independent).
const serverEmail = new WeakMap<FetchLike, Promise<string | undefined>>();

async function askServer(fetchFn: FetchLike): Promise<string | undefined> {
  try {
    const response = await fetchFn("/api/config", { headers: { Accept: "application/json" } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { contactEmail?: unknown };
    return typeof body.contactEmail === "string" && body.contactEmail
      ? body.contactEmail
      : undefined;
  } catch {
    return undefined;
  }
}

/** The contact address (docs/product.md §1 {email}): build-time `VITE_CONTACT_EMAIL`, else the server's. */
export function useContactEmail(): string | undefined {
  const fetchFn = SimulationContext.useDeps().fetch;
  const [email, setEmail] = useState<string | undefined>(CONTACT_EMAIL || undefined);
  useEffect(() => {
    if (CONTACT_EMAIL) return;
    let active = true;
    let pending = serverEmail.get(fetchFn);
    if (!pending) {
      pending = askServer(fetchFn);
      serverEmail.set(fetchFn, pending);
    }
    void pending.then((value) => active && setEmail(value));
    return () => {
      active = false;
    };
  }, [fetchFn]);
  return email;
}
