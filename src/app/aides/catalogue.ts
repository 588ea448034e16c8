/**
 * The public catalogue of `/aides`: the engine's benefits, the condition-based aids that are not
 * private and the bike aids, each with its institution; and the pure search, postcode filter and
 * grouping the pages use.
 */
import type {
  Aid,
  Benefit,
  BenefitLinks,
  BikeAid,
  Bundle,
  Catalogue,
  Commune,
  Institution,
  InstitutionType,
} from "../../domain";
import { benefitTerritoryContains, onFirstUse, placeConditionsHold } from "../../domain";

interface EntryBase {
  id: string;
  label: string;
  description: string;
  institution: Institution;
  /** Label, description and institution label, normalised for the search. */
  searchText: string;
}

/** An aid of the catalogue: computed by the engine, by its conditions, or a bike aid. */
export type CatalogueEntry =
  | (EntryBase & { kind: "engine"; benefit: Benefit })
  | (EntryBase & { kind: "aid"; aid: Aid })
  | (EntryBase & { kind: "bike"; bikeAid: BikeAid });

/** Institution types in the order `/aides` lists them, with their headings. */
export const TYPE_HEADINGS: ReadonlyArray<readonly [InstitutionType, string]> = [
  ["national", "Aides nationales"],
  ["europeen", "Aides européennes"],
  ["region", "Aides des régions"],
  ["departement", "Aides des départements"],
  ["epci", "Aides des intercommunalités"],
  ["commune", "Aides des communes"],
  ["caf", "Aides des caisses d’allocations familiales (CAF)"],
  ["msa", "Aides de la Mutualité sociale agricole (MSA)"],
  ["autre", "Autres aides"],
];

/** Lower case, without accents, ligatures nor typographic apostrophes; spaces collapsed. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[’‘`]/g, "'")
    .replace(/[\s\u00A0\u202F]+/g, " ")
    .trim();
}

/** The public catalogue, in the order of the generated files. */
export function publicCatalogue(
  bundle: Pick<Bundle, "benefits" | "institutions">,
  catalogue: Pick<Catalogue, "aids" | "bikeAids">,
): CatalogueEntry[] {
  const institutions = new Map(bundle.institutions.map((i) => [i.id, i]));
  const base = (item: { id: string; label: string; description: string; institution: string }) => {
    const institution: Institution = institutions.get(item.institution) ?? {
      id: item.institution,
      label: item.institution,
      type: "autre",
    };
    return {
      id: item.id,
      label: item.label,
      description: item.description,
      institution,
      searchText: normalizeText(`${item.label} ${item.description} ${institution.label}`),
    };
  };
  return [
    ...bundle.benefits.map((benefit) => ({ ...base(benefit), kind: "engine" as const, benefit })),
    ...catalogue.aids
      .filter((aid) => !aid.private)
      .map((aid) => ({ ...base(aid), kind: "aid" as const, aid })),
    ...catalogue.bikeAids.map((bikeAid) => ({ ...base(bikeAid), kind: "bike" as const, bikeAid })),
  ];
}

/** The links of an entry's aid. */
export function linksOf(entry: CatalogueEntry): BenefitLinks {
  if (entry.kind === "engine") return entry.benefit.links;
  return entry.kind === "aid" ? entry.aid.links : entry.bikeAid.links;
}

/** Whether every word of the query appears in the entry (accents and case ignored). */
export function matchesQuery(entry: Pick<EntryBase, "searchText">, query: string): boolean {
  const words = normalizeText(query).split(" ").filter(Boolean);
  return words.every((word) => entry.searchText.includes(word));
}

/**
 * Whether the aid may be given in one of these communes (those of a postcode): its institution
 * acts there (or everywhere), and, for a condition-based aid, its place conditions hold there.
 */
export function availableIn(entry: CatalogueEntry, communes: readonly Partial<Commune>[]): boolean {
  if (!entry.institution.territory && entry.kind !== "aid") return true;
  return communes.some(
    (commune) =>
      benefitTerritoryContains(entry.institution, commune) &&
      (entry.kind !== "aid" || placeConditionsHold(entry.aid.eligibility, commune)),
  );
}

export interface CatalogueFilter {
  query?: string;
  /** The communes of the postcode typed; no filter on places when undefined. */
  communes?: readonly Partial<Commune>[];
}

export function filterCatalogue(
  entries: readonly CatalogueEntry[],
  { query = "", communes }: CatalogueFilter,
): CatalogueEntry[] {
  const hasQuery = normalizeText(query) !== "";
  return entries.filter(
    (entry) =>
      (!hasQuery || matchesQuery(entry, query)) &&
      (communes === undefined || availableIn(entry, communes)),
  );
}

export interface InstitutionGroup {
  institution: Institution;
  entries: CatalogueEntry[];
}

export interface TypeGroup {
  type: InstitutionType;
  heading: string;
  institutions: InstitutionGroup[];
  count: number;
}

const collator = onFirstUse(() => new Intl.Collator("fr", { sensitivity: "base", numeric: true }));

/**
 * By institution type (in the order of `TYPE_HEADINGS`), then by institution (by label), each
 * institution's aids by label. Empty types are left out.
 */
export function groupCatalogue(entries: readonly CatalogueEntry[]): TypeGroup[] {
  const byType = new Map<InstitutionType, Map<string, InstitutionGroup>>();
  for (const entry of entries) {
    const type = TYPE_HEADINGS.some(([t]) => t === entry.institution.type)
      ? entry.institution.type
      : "autre";
    let institutions = byType.get(type);
    if (!institutions) byType.set(type, (institutions = new Map()));
    let group = institutions.get(entry.institution.id);
    if (!group)
      institutions.set(
        entry.institution.id,
        (group = { institution: entry.institution, entries: [] }),
      );
    group.entries.push(entry);
  }
  return TYPE_HEADINGS.flatMap(([type, heading]) => {
    const institutions = byType.get(type);
    if (!institutions) return [];
    const groups = [...institutions.values()].sort((a, b) =>
      collator().compare(a.institution.label, b.institution.label),
    );
    for (const group of groups) group.entries.sort((a, b) => collator().compare(a.label, b.label));
    const count = groups.reduce((sum, group) => sum + group.entries.length, 0);
    return [{ type, heading, institutions: groups, count }];
  });
}
