import { useEffect, useState } from "react";
import { catalogueShardFile, catalogueShardOf, type Catalogue } from "../../domain";

/**
 * The generated catalogue of condition-based and bike aids (`src/generated/catalogue.json`),
 * loaded on demand: it is a chunk of its own, fetched by `/aides` only. An aid's page fetches the
 * part of it that holds the aid (`src/generated/catalogue-shards/`, src/domain/catalogue-shards.ts),
 * a thirtieth of its size, unless the whole catalogue is already there.
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

const SHARD_MODULES = import.meta.glob<{ default: unknown }>(
  "../../generated/catalogue-shards/*.json",
);
const shards = new Map<number, Promise<Catalogue>>();
const loadedShards = new Map<number, Catalogue>();

/** The part of the catalogue that holds the aid `id` (the whole catalogue when loaded). */
export function loadCatalogueFor(id: string): Promise<Catalogue> {
  if (loaded) return Promise.resolve(loaded);
  const shard = catalogueShardOf(id);
  let promise = shards.get(shard);
  if (!promise) {
    const load = SHARD_MODULES[`../../generated/catalogue-shards/${catalogueShardFile(shard)}`];
    if (!load) return Promise.reject(new Error(`No catalogue part ${shard}`));
    promise = load().then(
      (module) => {
        const catalogue = module.default as Catalogue;
        loadedShards.set(shard, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        shards.delete(shard);
        throw error;
      },
    );
    shards.set(shard, promise);
  }
  return promise;
}

export type CatalogueState =
  { status: "loading" } | { status: "error" } | { status: "done"; catalogue: Catalogue };

function stateOf(catalogue: Catalogue | undefined): CatalogueState {
  return catalogue ? { status: "done", catalogue } : { status: "loading" };
}

/** The state of what `load` loads, at once when `cached` has it; `key` names what is loaded. */
function useLoaded(
  key: string,
  cached: () => Catalogue | undefined,
  load: () => Promise<Catalogue>,
): CatalogueState {
  const [state, setState] = useState(() => ({ key, state: stateOf(cached()) }));
  const current = state.key === key ? state.state : stateOf(cached());
  const done = current.status === "done";

  useEffect(() => {
    if (done) return;
    let cancelled = false;
    load().then(
      (catalogue) => {
        if (!cancelled) setState({ key, state: { status: "done", catalogue } });
      },
      () => {
        if (!cancelled) setState({ key, state: { status: "error" } });
      },
    );
    return () => {
      cancelled = true;
    };
    // `load` and `cached` follow `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done, key]);

  return current;
}

/** The catalogue, at once when a page loaded it before. */
export function useCatalogue(): CatalogueState {
  return useLoaded("", () => loaded, loadCatalogue);
}

/** A catalogue holding the aid `id`: its part, or the whole one when a page loaded it before. */
export function useCatalogueFor(id: string): CatalogueState {
  return useLoaded(
    `${catalogueShardOf(id)}`,
    () => loaded ?? loadedShards.get(catalogueShardOf(id)),
    () => loadCatalogueFor(id),
  );
}
