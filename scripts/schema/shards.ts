/**
 * The catalogue in parts (src/domain/catalogue-shards.ts): each part holds the aids and bike
 * aids whose id falls in it, and the names of the places that those aids' conditions, and the
 * territories of the institutions of every aid of the part (engine benefits included), name. An
 * aid's page then describes the aid from its part exactly as from the whole catalogue.
 */
import type { Bundle, Catalogue } from "../../src/domain/bundle";
import { CATALOGUE_SHARD_COUNT, catalogueShardOf } from "../../src/domain/catalogue-shards";
import { conditionPlaceKeys, territoryPlaceKeys } from "./aids";

export function catalogueShards(
  bundle: Pick<Bundle, "benefits" | "institutions">,
  catalogue: Catalogue,
): Catalogue[] {
  const institutions = new Map(
    bundle.institutions.map((institution) => [institution.id, institution]),
  );
  const shards = Array.from({ length: CATALOGUE_SHARD_COUNT }, () => ({
    aids: [] as Catalogue["aids"],
    bikeAids: [] as Catalogue["bikeAids"],
    places: new Set<string>(),
  }));
  const addTerritory = (shard: (typeof shards)[number], institutionId: string) => {
    for (const key of territoryPlaceKeys(institutions.get(institutionId))) shard.places.add(key);
  };
  for (const benefit of bundle.benefits)
    addTerritory(shards[catalogueShardOf(benefit.id)]!, benefit.institution);
  for (const aid of catalogue.aids) {
    const shard = shards[catalogueShardOf(aid.id)]!;
    shard.aids.push(aid);
    addTerritory(shard, aid.institution);
    conditionPlaceKeys(aid.eligibility, shard.places);
  }
  for (const bikeAid of catalogue.bikeAids) {
    const shard = shards[catalogueShardOf(bikeAid.id)]!;
    shard.bikeAids.push(bikeAid);
    addTerritory(shard, bikeAid.institution);
  }
  return shards.map(({ aids, bikeAids, places }) => ({
    version: catalogue.version,
    aids,
    bikeAids,
    bikeSettings: catalogue.bikeSettings,
    placeNames: Object.fromEntries(
      Object.entries(catalogue.placeNames).filter(([key]) => places.has(key)),
    ),
  }));
}
