import { describe, expect, it } from "vitest";
import { aidCount } from "../../../src/app/aides/aidCount";
import {
  availableIn,
  filterCatalogue,
  groupCatalogue,
  matchesQuery,
  normalizeText,
  publicCatalogue,
  TYPE_HEADINGS,
} from "../../../src/app/aides/catalogue";
import type { Aid, Benefit, BikeAid, Bundle, Catalogue, Institution } from "../../../src/domain";
import generatedBundle from "../../../src/generated/bundle.json";
import generatedCatalogue from "../../../src/generated/catalogue.json";

const institutions: Institution[] = [
  { id: "etat", label: "État", type: "national" },
  {
    id: "region_bretagne",
    label: "Région Bretagne",
    type: "region",
    territory: { regions: ["53"] },
  },
  {
    id: "departement_haute_savoie",
    label: "Département de la Haute-Savoie",
    type: "departement",
    territory: { departements: ["74"] },
  },
  { id: "caf_haute_savoie", label: "CAF de la Haute-Savoie", type: "caf" },
  {
    id: "ville_annecy",
    label: "Ville d’Annecy",
    type: "commune",
    territory: { communes: ["74010"] },
  },
  {
    id: "ville_brest",
    label: "Ville de Brest",
    type: "commune",
    territory: { communes: ["29019"] },
  },
];

const benefit = (id: string, label: string, institution: string): Benefit => ({
  id,
  label,
  description: `Description de ${label}.`,
  institution,
  engine: { variable: id, entity: "individus", period: "month" },
  type: "float",
  unit: "€",
  periodicity: "mensuelle",
  links: {},
});

const aid = (id: string, label: string, institution: string, extra: Partial<Aid> = {}): Aid => ({
  id,
  label,
  description: `Une aide pour ${label.toLowerCase()}.`,
  institution,
  type: "bool",
  unit: "",
  periodicity: "ponctuelle",
  eligibility: { and: [] },
  links: {},
  ...extra,
});

const bike = (id: string, label: string, institution: string): BikeAid => ({
  id,
  rule: `aides . ${id}`,
  label,
  description: "Pour acheter un vélo.",
  institution,
  unit: "€",
  periodicity: "ponctuelle",
  interestFlag: "_interetsAidesVelo",
  links: {},
});

const bundle = {
  institutions,
  benefits: [
    benefit("bourse_criteres_sociaux", "Bourse sur critères sociaux", "etat"),
    benefit("aide_permis_74", "Aide au permis de conduire", "departement_haute_savoie"),
  ],
} as Pick<Bundle, "benefits" | "institutions">;

const catalogue = {
  aids: [
    aid("caf_74_bafa", "Aide au BAFA", "caf_haute_savoie", {
      eligibility: { and: [{ lives_in: ["departements", ["74"]] }] },
    }),
    aid("annecy_sport", "Pass’sport", "ville_annecy"),
    aid("annecy_prive", "Aide cachée", "ville_annecy", { private: true }),
    aid("brest_culture", "Chèque culture", "ville_brest"),
    aid("bretagne_hors_brest", "Aide à la mobilité", "region_bretagne", {
      eligibility: { and: [{ lives_outside: ["communes", ["29019"]] }] },
    }),
  ],
  bikeAids: [bike("velo_annecy", "Aide à l’achat d’un vélo – Annecy", "ville_annecy")],
} as Pick<Catalogue, "aids" | "bikeAids">;

const entries = publicCatalogue(bundle, catalogue);
const ids = (list: { id: string }[]) => list.map((e) => e.id);

const annecy = {
  code_insee: "74010",
  code_postal: "74000",
  nom: "Annecy",
  departement: "74",
  region: "84",
  epci: "200066793",
};
const brest = {
  code_insee: "29019",
  code_postal: "29200",
  nom: "Brest",
  departement: "29",
  region: "53",
  epci: "242900314",
};
const quimper = { ...brest, code_insee: "29232", code_postal: "29000", nom: "Quimper" };

describe("publicCatalogue", () => {
  it("lists engine benefits, public condition-based aids and bike aids with their institution", () => {
    expect(ids(entries)).toEqual([
      "bourse_criteres_sociaux",
      "aide_permis_74",
      "caf_74_bafa",
      "annecy_sport",
      "brest_culture",
      "bretagne_hors_brest",
      "velo_annecy",
    ]);
    expect(entries.map((e) => e.kind)).toEqual([
      "engine",
      "engine",
      "aid",
      "aid",
      "aid",
      "aid",
      "bike",
    ]);
    expect(entries[2]!.institution.label).toBe("CAF de la Haute-Savoie");
  });

  it("counts as many entries as the generator's public count", () => {
    const bundleFile = generatedBundle as unknown as Bundle;
    const catalogueFile = generatedCatalogue as unknown as Catalogue;
    expect(publicCatalogue(bundleFile, catalogueFile)).toHaveLength(bundleFile.publicBenefitCount);
  });
});

describe("search", () => {
  it("ignores accents, case, ligatures and apostrophes' shape", () => {
    expect(normalizeText("  Chèque  CULTURE d’Été œuvre ")).toBe("cheque culture d'ete oeuvre");
    expect(ids(filterCatalogue(entries, { query: "cheque" }))).toEqual(["brest_culture"]);
    expect(ids(filterCatalogue(entries, { query: "PASS'SPORT" }))).toEqual(["annecy_sport"]);
  });

  it("looks in the label, the description and the institution's label, every word", () => {
    expect(matchesQuery(entries[0]!, "bourse")).toBe(true);
    expect(ids(filterCatalogue(entries, { query: "haute-savoie" }))).toEqual([
      "aide_permis_74",
      "caf_74_bafa",
    ]);
    expect(ids(filterCatalogue(entries, { query: "aide permis" }))).toEqual(["aide_permis_74"]);
    expect(ids(filterCatalogue(entries, { query: "aide zzz" }))).toEqual([]);
    expect(filterCatalogue(entries, { query: "   " })).toHaveLength(entries.length);
  });
});

describe("postcode filter", () => {
  it("keeps national aids and those of the institutions acting in the postcode's communes", () => {
    expect(ids(filterCatalogue(entries, { communes: [annecy] }))).toEqual([
      "bourse_criteres_sociaux",
      "aide_permis_74",
      "caf_74_bafa",
      "annecy_sport",
      "velo_annecy",
    ]);
  });

  it("reads the place conditions of condition-based aids", () => {
    const bafa = entries.find((e) => e.id === "caf_74_bafa")!;
    expect(availableIn(bafa, [annecy])).toBe(true);
    expect(availableIn(bafa, [brest])).toBe(false);
    const mobility = entries.find((e) => e.id === "bretagne_hors_brest")!;
    expect(availableIn(mobility, [brest])).toBe(false);
    expect(availableIn(mobility, [quimper])).toBe(true);
    expect(availableIn(mobility, [brest, quimper])).toBe(true);
  });

  it("combines with the search", () => {
    expect(ids(filterCatalogue(entries, { query: "velo", communes: [brest] }))).toEqual([]);
    expect(ids(filterCatalogue(entries, { query: "culture", communes: [brest] }))).toEqual([
      "brest_culture",
    ]);
  });
});

describe("groupCatalogue", () => {
  it("groups by institution type in a fixed order, then by institution, by label", () => {
    const groups = groupCatalogue(entries);
    expect(groups.map((g) => g.heading)).toEqual([
      "Aides nationales",
      "Aides des régions",
      "Aides des départements",
      "Aides des communes",
      "Aides des caisses d’allocations familiales (CAF)",
    ]);
    const communes = groups.find((g) => g.type === "commune")!;
    expect(communes.institutions.map((i) => i.institution.label)).toEqual([
      "Ville d’Annecy",
      "Ville de Brest",
    ]);
    expect(ids(communes.institutions[0]!.entries)).toEqual(["velo_annecy", "annecy_sport"]);
    expect(communes.count).toBe(3);
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(entries.length);
  });

  it("knows every institution type", () => {
    expect(TYPE_HEADINGS.map(([type]) => type)).toEqual([
      "national",
      "europeen",
      "region",
      "departement",
      "epci",
      "commune",
      "caf",
      "msa",
      "autre",
    ]);
  });
});

describe("aidCount", () => {
  it("separates thousands as fr-FR does", () => {
    expect(aidCount(1038)).toBe("1\u202F038 aides");
    expect(aidCount(1)).toBe("1 aide");
    expect(aidCount(0)).toBe("Aucune aide");
  });
});
