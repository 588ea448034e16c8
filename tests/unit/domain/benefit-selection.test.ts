import { describe, expect, it } from "vitest";
import {
  benefitTerritoryContains,
  selectEngineBenefits,
  wantedDroits,
  type Droit,
  type Answer,
  type Benefit,
  type Bundle,
  type Commune,
  type Institution,
} from "../../../src/domain";
import { lyon } from "../../fixtures/situations";
import { a, bornYearsAgo, bundle, DATE } from "./fixtures";

const rennes: Commune = {
  code_insee: "35238",
  code_postal: "35000",
  nom: "Rennes",
  departement: "35",
  region: "53",
  epci: "243500139",
};

const institutions: Institution[] = [
  { id: "etat", label: "État", type: "national" },
  { id: "msa_bretagne", label: "MSA", type: "msa", territory: { departements: ["35", "56"] } },
  { id: "region_ara", label: "Région", type: "region", territory: { regions: ["84"] } },
  { id: "dept_rhone", label: "Rhône", type: "departement", territory: { departements: ["69"] } },
  { id: "metropole_lyon", label: "Lyon", type: "epci", territory: { epcis: ["200046977"] } },
  { id: "ville_lyon", label: "Ville", type: "commune", territory: { communes: ["69123"] } },
  { id: "ville_rennes", label: "Ville", type: "commune", territory: { communes: ["35238"] } },
];

function benefit(id: string, institution: string, extra: Partial<Benefit> = {}): Benefit {
  return {
    id,
    label: id,
    description: id,
    institution,
    engine: { variable: id, entity: "individus", period: "month" },
    type: "float",
    unit: "€",
    periodicity: "mensuelle",
    links: {},
    ...extra,
  };
}

const catalogue: Benefit[] = [
  benefit("national", "etat"),
  benefit("commune_rennes", "ville_rennes"),
  benefit("region", "region_ara"),
  benefit("departement", "dept_rhone"),
  benefit("epci", "metropole_lyon"),
  benefit("commune", "ville_lyon"),
  benefit("msa", "msa_bretagne"),
  benefit("jeunes", "etat", {
    prefilter: {
      and: [
        { ">=": [{ age: { var: "self.date_naissance" } }, 17] },
        { "<=": [{ age: { var: "self.date_naissance" } }, 26] },
      ],
    },
  }),
  benefit("etudiants_lyon", "ville_lyon", {
    prefilter: { "===": [{ var: "self.activite" }, "etudiant"] },
  }),
];

const testBundle: Bundle = { ...bundle, institutions, benefits: catalogue };
/** With a benefit that has an interest question. */
const permis = benefit("permis", "etat", { interestFlag: "_interetPermisDeConduire" });
const withPermis: Bundle = { ...testBundle, benefits: [...catalogue, permis] };
const options = { dateDeValeur: DATE };

function selected(answers: Answer[]): string[] {
  return selectEngineBenefits(testBundle, answers, options).map((b) => b.id);
}

function droit(id: string): Droit {
  return {
    id,
    label: id,
    description: "",
    institution: "etat",
    montant: 10,
    unit: "€",
    periodicity: "mensuelle",
    links: {},
  };
}

const young = [
  a("demandeur.date_naissance", bornYearsAgo(20)),
  a("demandeur.activite", "etudiant"),
];

describe("selectEngineBenefits", () => {
  it("does not ask for a benefit before the engine can compute it (engine.since)", () => {
    const since = {
      ...testBundle,
      benefits: [
        benefit("old", "etat"),
        benefit("recent", "etat", {
          engine: { variable: "recent", entity: "individus", period: "month", since: "2024-01-01" },
        }),
      ],
    };
    const at = (dateDeValeur: string) =>
      selectEngineBenefits(since, young, { dateDeValeur }).map((b) => b.id);
    expect(at("2023-12-31")).toEqual(["old"]);
    expect(at("2024-01-01")).toEqual(["old", "recent"]);
  });

  it("keeps the benefits of every institution acting in the commune, in catalogue order", () => {
    expect(selected([...young, a("menage.depcom", lyon)])).toEqual([
      "national",
      "region",
      "departement",
      "epci",
      "commune",
      "jeunes",
      "etudiants_lyon",
    ]);
  });

  it("drops the territorial benefits while no commune is answered", () => {
    expect(selected(young)).toEqual(["national", "jeunes"]);
  });

  it("keeps a caf, msa or other institution's benefits in its departments only", () => {
    expect(selected([...young, a("menage.depcom", rennes)])).toEqual([
      "national",
      "commune_rennes",
      "msa",
      "jeunes",
    ]);
  });

  it("asks for a benefit with an interest flag whatever the interest answer (it is asked last)", () => {
    const base = [...young, a("menage.depcom", lyon)];
    const asked = (answers: Answer[]) =>
      selectEngineBenefits(withPermis, answers, options).map((b) => b.id);
    const without = asked(base);
    expect(without).toContain("permis");
    expect(asked([...base, a("demandeur._interetPermisDeConduire", false)])).toEqual(without);
    expect(asked([...base, a("demandeur._interetPermisDeConduire", true)])).toEqual(without);
  });

  it("shows a result with an interest flag only when the applicant answered yes", () => {
    const base = [...young, a("menage.depcom", lyon)];
    const droits = [droit("permis"), droit("national")];
    const shown = (answers: Answer[]) => wantedDroits(withPermis, droits, answers).map((d) => d.id);
    expect(shown(base)).toEqual(["national"]);
    expect(shown([...base, a("demandeur._interetPermisDeConduire", false)])).toEqual(["national"]);
    expect(shown([...base, a("demandeur._interetPermisDeConduire", true)])).toEqual([
      "permis",
      "national",
    ]);
    // The flag is about the applicant: a partner's yes does not count.
    expect(shown([...base, a("conjoint._interetPermisDeConduire", true)])).toEqual(["national"]);
  });

  it("keeps a benefit with a prefilter only when it holds for the applicant", () => {
    const lyonAnswers = (birth: string, activite: string) => [
      a("demandeur.date_naissance", birth),
      a("demandeur.activite", activite),
      a("menage.depcom", lyon),
    ];
    expect(selected(lyonAnswers(bornYearsAgo(26), "salarie"))).toEqual([
      "national",
      "region",
      "departement",
      "epci",
      "commune",
      "jeunes",
    ]);
    expect(selected(lyonAnswers(bornYearsAgo(27), "etudiant"))).toEqual([
      "national",
      "region",
      "departement",
      "epci",
      "commune",
      "etudiants_lyon",
    ]);
    expect(selected(lyonAnswers(bornYearsAgo(16), "etudiant"))).not.toContain("jeunes");
  });

  it("reads the applicant's own answers, not the partner's, as self", () => {
    const answers = [
      a("demandeur.date_naissance", bornYearsAgo(40)),
      a("conjoint.date_naissance", bornYearsAgo(20)),
    ];
    expect(selected(answers)).toEqual(["national"]);
  });
});

describe("the real catalogue", () => {
  it("drops the benefits of territorial institutions without a commune", () => {
    const territorial = new Set(
      bundle.institutions.filter((i) => i.territory !== undefined).map((i) => i.id),
    );
    const kept = selectEngineBenefits(bundle, young, options);
    expect(kept.length).toBeGreaterThan(0);
    for (const b of kept) expect(territorial.has(b.institution)).toBe(false);
  });
});

describe("the real catalogue for a household in Rennes", () => {
  const ids = (answers: Answer[]) =>
    selectEngineBenefits(bundle, answers, options).map((b) => b.id);
  const inRennes = (years: number, permis: boolean) => [
    a("demandeur.date_naissance", bornYearsAgo(years)),
    a("demandeur.activite", "salarie"),
    a("demandeur._interetPermisDeConduire", permis),
    a("menage.depcom", rennes),
  ];

  it("asks the metropole's and the local MSA's aids, not those of Paris or Lyon", () => {
    const kept = ids(inRennes(20, true));
    expect(kept).toContain("rennes_metropole_transport");
    expect(kept).toContain("msa_portes_de_bretagne_aide_permis");
    expect(kept).not.toContain("msa_armorique_aide_permis");
    expect(kept).not.toContain("paris_logement");
    expect(kept).not.toContain("revenu_solidaire_jeune");
  });

  it("offers the youth engagement contract to a young job seeker, not to one in work or work-study", () => {
    const withActivity = (activite: string, alternant?: boolean) => [
      ...inRennes(20, false).filter((answer) => answer.fieldName !== "activite"),
      a("demandeur.activite", activite),
      ...(alternant === undefined ? [] : [a("demandeur.alternant", alternant)]),
    ];
    expect(ids(withActivity("chomeur"))).toContain("contrat_engagement_jeune");
    expect(ids(withActivity("salarie"))).not.toContain("contrat_engagement_jeune");
    expect(ids(withActivity("etudiant", true))).not.toContain("contrat_engagement_jeune");
    expect(ids(withActivity("etudiant", false))).toContain("contrat_engagement_jeune");
  });

  it("leaves out the youth aids at 40", () => {
    const at40 = ids([
      ...inRennes(40, true).filter((answer) => answer.fieldName !== "activite"),
      a("demandeur.activite", "chomeur"),
    ]);
    expect(at40).not.toContain("contrat_engagement_jeune");
    expect(at40).not.toContain("msa_portes_de_bretagne_aide_permis");
    expect(at40).toContain("rsa");
  });
});

describe("benefitTerritoryContains", () => {
  const region = institutions.find((i) => i.id === "region_ara")!;
  const national = institutions.find((i) => i.id === "etat")!;
  const epci = institutions.find((i) => i.id === "metropole_lyon")!;

  it("matches a commune by the code of the territory's kind", () => {
    expect(benefitTerritoryContains(region, lyon)).toBe(true);
    expect(benefitTerritoryContains(region, rennes)).toBe(false);
    expect(benefitTerritoryContains(epci, lyon)).toBe(true);
  });

  it("contains every commune, and none, for an institution without territory", () => {
    expect(benefitTerritoryContains(national, rennes)).toBe(true);
    expect(benefitTerritoryContains(national, undefined)).toBe(true);
  });

  it("never matches an empty code (a commune outside any EPCI)", () => {
    const noEpci = { ...lyon, epci: "" };
    expect(benefitTerritoryContains(epci, noEpci)).toBe(false);
    expect(benefitTerritoryContains({ ...epci, territory: { epcis: [""] } }, noEpci)).toBe(false);
  });
});
