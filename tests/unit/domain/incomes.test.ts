import { describe, expect, it } from "vitest";
import {
  activeSteps,
  buildEngineRequest,
  buildJourney,
  buildSituation,
  pruneAnswers,
  type Answer,
} from "../../../src/domain";
import { a, bornYearsAgo, bundle, DATE, student } from "./fixtures";

const journey = (answers: readonly Answer[]) =>
  buildJourney(bundle, answers, { dateDeValeur: DATE });

/** The options of a person's income types screen. */
function offered(answers: readonly Answer[], person = "demandeur") {
  return (
    journey(answers).find((s) => s.path === `/simulation/individu/${person}/ressources/types`)
      ?.fields[0]?.options ?? []
  );
}
const offeredIds = (answers: readonly Answer[], person?: string) =>
  offered(answers, person).map((o) => String(o.value));

const child = [a("enfants.enfants", ["enfant_0"])];

/** docs/product.md §3 "Income types" and "Self-employed types". */
const SPEC_TYPES = `salaire_net indemnites_stage revenus_stage_formation_pro chomage_net
  allocation_securisation_professionnelle prime_forfaitaire_mensuelle_reprise_activite aide_logement
  af cf asf rsa ppa aspa asi ass aah caah contrat_engagement_jeune mva aeeh pch paje_base paje_clca
  paje_prepare indemnites_journalieres_maternite indemnites_journalieres_maladie
  indemnites_journalieres_maladie_professionnelle indemnites_journalieres_accident_travail
  indemnites_chomage_partiel indemnites_volontariat dedommagement_victime_amiante
  pensions_alimentaires_percues pensions_alimentaires_versees_individu prestation_compensatoire
  retraite_nette retraite_combattant pensions_invalidite bourse_enseignement_sup bourse_recherche
  bourse_lycee gains_exceptionnels revenus_locatifs revenus_capital
  rpns_micro_entreprise_CA_bic_vente_imp rpns_micro_entreprise_CA_bic_service_imp
  rpns_micro_entreprise_CA_bnc_imp rpns_benefice_exploitant_agricole rpns_autres_revenus`.split(
  /\s+/,
);
const born = (years: number, dayOffset = 0) =>
  a("demandeur.date_naissance", bornYearsAgo(years, dayOffset));

interface Relevance {
  name: string;
  type: string;
  offered: Answer[];
  notOffered: Answer[];
  person?: string;
  notOfferedPerson?: string;
}

// docs/product.md §5 "Income relevance", both sides of each rule; ages on the exact birthday.
const relevance: Relevance[] = [
  { name: "af: applicant with children", type: "af", offered: child, notOffered: [] },
  {
    name: "cf: the partner, not a child",
    type: "cf",
    offered: [a("famille.en_couple", true), ...child, a("enfant_0._hasRessources", true)],
    notOffered: [a("famille.en_couple", true), ...child, a("enfant_0._hasRessources", true)],
    person: "conjoint",
    notOfferedPerson: "enfant_0",
  },
  { name: "paje_base: applicant with children", type: "paje_base", offered: child, notOffered: [] },
  { name: "paje_clca", type: "paje_clca", offered: child, notOffered: [] },
  { name: "paje_prepare", type: "paje_prepare", offered: child, notOffered: [] },
  {
    name: "asf: a child in alternating custody",
    type: "asf",
    offered: [...child, a("enfant_0.garde_alternee", true)],
    notOffered: [...child, a("enfant_0.garde_alternee", false)],
  },
  { name: "aspa: from 55", type: "aspa", offered: [born(55)], notOffered: [born(55, 1)] },
  {
    name: "asi: disability declared",
    type: "asi",
    offered: [a("demandeur.handicap", true)],
    notOffered: [a("demandeur.handicap", false)],
  },
  {
    name: "aah: disability declared",
    type: "aah",
    offered: [a("demandeur.handicap", true)],
    notOffered: [],
  },
  {
    name: "caah: disability declared",
    type: "caah",
    offered: [a("demandeur.handicap", true)],
    notOffered: [],
  },
  {
    name: "mva: disability declared",
    type: "mva",
    offered: [a("demandeur.handicap", true)],
    notOffered: [],
  },
  {
    name: "ass: not a student",
    type: "ass",
    offered: [a("demandeur.activite", "salarie")],
    notOffered: [a("demandeur.activite", "etudiant")],
  },
  {
    name: "contrat_engagement_jeune: from 16",
    type: "contrat_engagement_jeune",
    offered: [born(16)],
    notOffered: [born(16, 1)],
  },
  {
    name: "contrat_engagement_jeune: up to 25",
    type: "contrat_engagement_jeune",
    offered: [born(26, 1)],
    notOffered: [born(26)],
  },
  {
    name: "contrat_engagement_jeune: under 30 with a disability",
    type: "contrat_engagement_jeune",
    offered: [born(30, 1), a("demandeur.handicap", true)],
    notOffered: [born(30), a("demandeur.handicap", true)],
  },
  {
    name: "aeeh: a disabled child",
    type: "aeeh",
    offered: [...child, a("enfant_0.handicap", true)],
    notOffered: [...child, a("enfant_0.handicap", false)],
  },
  {
    name: "pch: a disabled person",
    type: "pch",
    offered: [a("demandeur.handicap", true)],
    notOffered: [a("demandeur.handicap", false)],
  },
  {
    name: "pch: a disabled child",
    type: "pch",
    offered: [...child, a("enfant_0.handicap", true)],
    notOffered: [...child, a("enfant_0.handicap", false)],
  },
  {
    name: "maternity benefits: children in the household",
    type: "indemnites_journalieres_maternite",
    offered: child,
    notOffered: [],
  },
  {
    name: "combatant's pension: retirees",
    type: "retraite_combattant",
    offered: [a("demandeur.activite", "retraite")],
    notOffered: [a("demandeur.activite", "salarie")],
  },
];

describe("income relevance (docs/product.md §5)", () => {
  it.each(relevance)(
    "$name",
    ({ type, offered: yes, notOffered: no, person, notOfferedPerson }) => {
      expect(offeredIds(yes, person)).toContain(type);
      expect(offeredIds(no, notOfferedPerson ?? person)).not.toContain(type);
    },
  );

  it("labels the retirement pension for retirees and the orphan pension otherwise", () => {
    const label = (answers: Answer[]) =>
      offered(answers).find((o) => o.value === "retraite_nette")?.label;
    expect(label([a("demandeur.activite", "retraite")])).toBe("Retraite");
    expect(label([a("demandeur.activite", "salarie")])).toBe("Pension de réversion ou d’orphelin");
  });

  it("never offers the alimony paid on the types screen", () => {
    expect(offeredIds([])).not.toContain("pensions_alimentaires_versees_individu");
  });

  it("groups the types by category, in the categories' order", () => {
    const groups = offered(child).map((o) => o.group);
    const order = [...new Set(groups)];
    expect(order).toEqual(bundle.incomeCategories.map((c) => c.label));
    // Contiguous: each group appears in a single run.
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual(order);
  });

  it("offers every type of docs/product.md §3 to someone", () => {
    const everyone = [
      born(60),
      a("demandeur.activite", "retraite"),
      a("demandeur.handicap", true),
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0.garde_alternee", true),
      a("enfant_0.handicap", true),
    ];
    const ids = new Set([
      ...offeredIds(everyone),
      ...offeredIds([born(20)]),
      "pensions_alimentaires_versees_individu",
    ]);
    expect([...ids].sort()).toEqual(bundle.incomeTypes.map((t) => t.id).sort());
    expect(bundle.incomeTypes.map((t) => t.id).sort()).toEqual([...SPEC_TYPES].sort());
  });
});

describe("income amounts", () => {
  it("asks the self-employed activity kind after its income, defaulting to bic", () => {
    const answers = [...student, a("demandeur.ressources", ["rpns_autres_revenus"])];
    const screen = activeSteps(journey(answers)).find((s) => s.path.endsWith("montants/rpns"));
    expect(screen?.fields.map((f) => f.name)).toEqual([
      "rpns_autres_revenus",
      "tns_autres_revenus_type_activite",
    ]);
    expect(screen?.fields[1]?.default).toBe("bic");
    const situation = buildSituation(bundle, answers, DATE);
    expect(situation.demandeur.tns_autres_revenus_type_activite).toBe("bic");
    const { request } = buildEngineRequest(bundle, situation);
    expect(request.individus.demandeur?.tns_autres_revenus_type_activite).toEqual({
      "2026-11": "bic",
    });
  });

  it("drops the amounts and further answers of a type no longer selected (docs/product.md §4)", () => {
    const answers = [
      ...student,
      a("demandeur.ressources", ["salaire_net"]),
      a("demandeur.salaire_net", { "2026-10": 300 }),
      a("demandeur.rpns_autres_revenus", { "2025": 1000 }),
      a("demandeur.tns_autres_revenus_type_activite", "bnc"),
    ];
    const kept = pruneAnswers(bundle, answers, { dateDeValeur: DATE }).map((x) => x.fieldName);
    expect(kept).toContain("salaire_net");
    expect(kept).not.toContain("rpns_autres_revenus");
    expect(kept).not.toContain("tns_autres_revenus_type_activite");
    const unselected = pruneAnswers(
      bundle,
      [
        ...answers.filter((x) => x.fieldName !== "ressources"),
        a("demandeur.ressources", ["indemnites_stage"]),
      ],
      { dateDeValeur: DATE },
    ).map((x) => x.fieldName);
    expect(unselected).not.toContain("salaire_net");
  });

  it("asks a child's incomes in the child's words", () => {
    const answers = [
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0._firstName", "Léa"),
      a("enfant_0._hasRessources", true),
    ];
    const field = journey(answers).find(
      (s) => s.path === "/simulation/individu/enfant_0/ressources/types",
    )?.fields[0];
    expect(field?.question).toBe(
      "Quelles ressources ont été versées à Léa au cours des 12 derniers mois\u00a0?",
    );
  });
});
