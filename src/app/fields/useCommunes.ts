import { useEffect, useState } from "react";
import type { Commune } from "../../domain";
import { useServices } from "../services/ServicesContext";

export type CommunesStatus = "idle" | "loading" | "done" | "error";

interface Loaded {
  postcode: string;
  status: "done" | "error";
  communes: Commune[];
}

export const POSTCODE = /^\d{5}$/;

/** The communes of a complete postcode, fetched once per postcode typed. */
export function useCommunes(postcode: string): { status: CommunesStatus; communes: Commune[] } {
  const { fetchCommunes } = useServices();
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const complete = POSTCODE.test(postcode);

  useEffect(() => {
    if (!complete) return;
    let cancelled = false;
    fetchCommunes(postcode).then(
      (communes) => {
        if (!cancelled) setLoaded({ postcode, status: "done", communes });
      },
      () => {
        if (!cancelled) setLoaded({ postcode, status: "error", communes: [] });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [complete, fetchCommunes, postcode]);

  if (!complete) return { status: "idle", communes: [] };
  if (loaded?.postcode !== postcode) return { status: "loading", communes: [] };
  return loaded;
}
