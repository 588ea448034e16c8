/**
 * The catalogue in parts (scripts/schema/shards.ts, src/domain/catalogue-shards.ts): an aid's
 * page (src/app/aides/AidePage.tsx) loads only the part that holds the aid. Properties on the
 * real schema, whatever its content: every aid in exactly one part, the one its id names, and
 * every aid of the catalogue's pages described from its part as from the whole catalogue.
 */
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { catalogueShards } from "../../../scripts/schema/shards";
import { publicCatalogue, type CatalogueEntry } from "../../../src/app/aides/catalogue";
import {
  CATALOGUE_SHARD_COUNT,
  catalogueShardFile,
  catalogueShardOf,
  describeConditions,
  describeContext,
  describeTerritory,
  type Bundle,
  type Catalogue,
} from "../../../src/domain";
import { REAL_SCHEMA } from "./helpers";

const { bundle, catalogue } = compileSchema(REAL_SCHEMA) as {
  bundle: Bundle;
  catalogue: Catalogue;
};
const shards = catalogueShards(bundle, catalogue);

const entriesOf = (part: Catalogue) =>
  new Map(publicCatalogue(bundle, part).map((entry) => [entry.id, entry]));
const wholeEntries = entriesOf(catalogue);
const shardEntries = shards.map(entriesOf);

/** What an aid's page says of an entry: the entry, its conditions, its institution's territory. */
function description(id: string, entries: Map<string, CatalogueEntry>, part: Catalogue) {
  const entry = entries.get(id);
  if (!entry) return undefined;
  const territory = entry.institution.territory;
  return {
    entry,
    conditions:
      entry.kind === "aid"
        ? describeConditions(entry.aid.eligibility, describeContext(bundle, part))
        : undefined,
    territory: territory ? describeTerritory(territory, part.placeNames) : undefined,
  };
}

describe("catalogueShardOf", () => {
  it("names a part in range, the same for the same id", () => {
    for (const id of ["", "aide_logement", "é", "a".repeat(200)]) {
      const shard = catalogueShardOf(id);
      expect(Number.isInteger(shard)).toBe(true);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(CATALOGUE_SHARD_COUNT);
      expect(catalogueShardOf(id)).toBe(shard);
    }
    expect(catalogueShardFile(7)).toBe("07.json");
  });

  it("spreads the real ids: no part holds more than three times its share", () => {
    const ids = [...bundle.benefits, ...catalogue.aids, ...catalogue.bikeAids].map((a) => a.id);
    const counts = new Array<number>(CATALOGUE_SHARD_COUNT).fill(0);
    for (const id of ids) counts[catalogueShardOf(id)]! += 1;
    expect(Math.max(...counts)).toBeLessThanOrEqual((3 * ids.length) / CATALOGUE_SHARD_COUNT);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
});

describe("catalogueShards", () => {
  it("puts every aid and bike aid in exactly one part, the one its id names", () => {
    expect(shards).toHaveLength(CATALOGUE_SHARD_COUNT);
    shards.forEach((shard, index) => {
      for (const aid of [...shard.aids, ...shard.bikeAids])
        expect(catalogueShardOf(aid.id)).toBe(index);
    });
    const ids = (list: { id: string }[]) => list.map((item) => item.id).sort();
    expect(ids(shards.flatMap((shard) => shard.aids))).toEqual(ids(catalogue.aids));
    expect(ids(shards.flatMap((shard) => shard.bikeAids))).toEqual(ids(catalogue.bikeAids));
    for (const shard of shards) {
      expect(shard.version).toBe(catalogue.version);
      expect(shard.bikeSettings).toEqual(catalogue.bikeSettings);
    }
  });

  it("keeps only a part of the place names in each part", () => {
    const total = Object.keys(catalogue.placeNames).length;
    for (const shard of shards) {
      expect(Object.keys(shard.placeNames).length).toBeLessThan(total);
      for (const [key, name] of Object.entries(shard.placeNames))
        expect(catalogue.placeNames[key]).toBe(name);
    }
  });

  it("describes every public aid from its part exactly as from the whole catalogue", () => {
    expect(wholeEntries.size).toBe(bundle.publicBenefitCount);
    for (const id of wholeEntries.keys()) {
      const shard = catalogueShardOf(id);
      expect(description(id, shardEntries[shard]!, shards[shard]!), id).toEqual(
        description(id, wholeEntries, catalogue),
      );
    }
  });

  it("would miss a place name its part drops (the check above can fail)", () => {
    const entry = [...wholeEntries.values()].find(
      (candidate) =>
        candidate.kind === "aid" && JSON.stringify(candidate.aid.eligibility).includes("lives_in"),
    );
    expect(entry).toBeDefined();
    const shard = catalogueShardOf(entry!.id);
    const withoutNames = { ...shards[shard]!, placeNames: {} };
    expect(description(entry!.id, shardEntries[shard]!, withoutNames)).not.toEqual(
      description(entry!.id, wholeEntries, catalogue),
    );
  });
});
