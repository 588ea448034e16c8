import { useEffect, useState } from "react";
import type { Catalogue } from "../../domain";

/**
 * The generated catalogue of condition-based and bike aids (`src/generated/catalogue.json`),
 * loaded on demand: it is a chunk of its own, fetched by the `/aides` pages only.
 */
let loaded: Catalogue | undefined;
let pending: Promise<Catalogue> | undefined;

export function loadCatalogue(): Promise<Catalogue> {
  pending ??= import("../../generated/catalogue.json").then(
    (module) => (loaded = module.default as unknown as Catalogue),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

export type CatalogueState =
  { status: "loading" } | { status: "error" } | { status: "done"; catalogue: Catalogue };

/** The catalogue, at once when a page loaded it before. */
export function useCatalogue(): CatalogueState {
  const [state, setState] = useState<CatalogueState>(() =>
    loaded ? { status: "done", catalogue: loaded } : { status: "loading" },
  );
  const done = state.status === "done";

  useEffect(() => {
    if (done) return;
    let cancelled = false;
    loadCatalogue().then(
      (catalogue) => {
        if (!cancelled) setState({ status: "done", catalogue });
      },
      () => {
        if (!cancelled) setState({ status: "error" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [done]);

  return state;
}
