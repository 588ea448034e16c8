import { describe, expect, it } from "vitest";
import { buildJourney, type Answer } from "../../../src/domain";
import { lyon } from "../../fixtures/situations";
import { a, bornYearsAgo, bundle, DATE } from "./fixtures";

const isActive = (path: string, answers: Answer[], parameters?: Record<string, number>) => {
  // A path that the journey does not hold at all is not active either.
  const step = buildJourney(bundle, answers, {
    dateDeValeur: DATE,
    ...(parameters ? { parameters } : {}),
  }).find((s) => s.path === `/simulation/${path}`);
  return step?.isActive ?? false;
};
const born = (years: number, dayOffset = 0) =>
  a("demandeur.date_naissance", bornYearsAgo(years, dayOffset));
const etudiant = a("demandeur.activite", "etudiant");
const salarie = a("demandeur.activite", "salarie");
const chomeur = a("demandeur.activite", "chomeur");

interface Case {
  name: string;
  path: string;
  active: Answer[];
  inactive: Answer[];
  /** When the other side is another person's instance of the step. */
  inactivePath?: string;
}

const oneChild = a("enfants.enfants", ["enfant_0"]);
const childBorn = (years: number, dayOffset = 0) =>
  a("enfant_0.date_naissance", bornYearsAgo(years, dayOffset));
const couple = a("famille.en_couple", true);
const single = a("famille.en_couple", false);
const terminale = [
  etudiant,
  a("demandeur.scolarite", "lycee"),
  a("demandeur.annee_etude", "terminale"),
];
const superieur = (annee: string, statut = "public") => [
  etudiant,
  a("demandeur.scolarite", "enseignement_superieur"),
  a("demandeur.annee_etude", annee),
  a("demandeur.statuts_etablissement_scolaire", statut),
];

// One case per condition of docs/product.md §2 "Step conditions" in scope; ages are tested on the exact birthday.
const cases: Case[] = [
  {
    name: "schooling: students",
    path: "individu/demandeur/scolarite",
    active: [etudiant],
    inactive: [salarie],
  },
  {
    name: "study year: secondary or higher education",
    path: "individu/demandeur/annee_etude",
    active: [etudiant, a("demandeur.scolarite", "lycee")],
    inactive: [etudiant, a("demandeur.scolarite", "college")],
  },
  {
    name: "school status: college, secondary or higher",
    path: "individu/demandeur/statuts_etablissement_scolaire",
    active: [etudiant, a("demandeur.scolarite", "college")],
    inactive: [etudiant, a("demandeur.scolarite", "inconnue")],
  },
  {
    name: "baccalaureate mention: first years only",
    path: "individu/demandeur/mention_baccalaureat",
    active: [
      etudiant,
      a("demandeur.scolarite", "enseignement_superieur"),
      a("demandeur.annee_etude", "but_1"),
    ],
    inactive: [
      etudiant,
      a("demandeur.scolarite", "enseignement_superieur"),
      a("demandeur.annee_etude", "licence_3"),
    ],
  },
  {
    name: "work-study: employees up to the trade-card maximum age (26, the engine's value)",
    path: "individu/demandeur/alternant",
    active: [born(27, 1), salarie],
    inactive: [born(27), salarie],
  },
  {
    name: "work-study: students",
    path: "individu/demandeur/alternant",
    active: [born(40), etudiant],
    inactive: [born(40), chomeur],
  },
  {
    name: "contract type: work-study only",
    path: "individu/demandeur/_contratAlternance",
    active: [etudiant, a("demandeur.alternant", true)],
    inactive: [etudiant, a("demandeur.alternant", false)],
  },
  {
    name: "temp agency: employees",
    path: "individu/demandeur/_agence_travail_temporaire",
    active: [salarie],
    inactive: [etudiant],
  },
  {
    name: "training specialty: secondary, higher or other schooling",
    path: "individu/demandeur/groupe_specialites_formation",
    active: [etudiant, a("demandeur.scolarite", "inconnue")],
    inactive: [etudiant, a("demandeur.scolarite", "college")],
  },
  {
    name: "months since contract start: employees or work-study",
    path: "individu/demandeur/_nombreMoisDebutContratDeTravail",
    active: [etudiant, a("demandeur.alternant", true)],
    inactive: [etudiant, a("demandeur.alternant", false)],
  },
  {
    name: "unemployment start: job seekers",
    path: "individu/demandeur/date_debut_chomage",
    active: [chomeur],
    inactive: [salarie],
  },
  {
    name: "unemployment precondition: job seekers",
    path: "individu/demandeur/ass_precondition_remplie",
    active: [chomeur],
    inactive: [etudiant],
  },
  {
    name: "inability to work: not student, employee or self-employed",
    path: "individu/demandeur/inapte_travail",
    active: [a("demandeur.activite", "inactif")],
    inactive: [a("demandeur.activite", "independant")],
  },
  {
    name: "civic service: 31 or less",
    path: "individu/demandeur/service_civique",
    active: [born(32, 1)],
    inactive: [born(32)],
  },
  {
    name: "disability rate: disability declared",
    path: "individu/demandeur/taux_incapacite",
    active: [a("demandeur.handicap", true)],
    inactive: [a("demandeur.handicap", false)],
  },
  {
    name: "restriction: rate at least 0.5 and below the threshold",
    path: "individu/demandeur/aah_restriction_substantielle_durable_acces_emploi",
    active: [a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.5)],
    inactive: [a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.8)],
  },
  {
    name: "restriction: not below 0.5",
    path: "individu/demandeur/aah_restriction_substantielle_durable_acces_emploi",
    active: [a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.5)],
    inactive: [a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.3)],
  },
  {
    name: "dependent child: above 8",
    path: "individu/demandeur/enfant_a_charge",
    active: [born(9)],
    inactive: [born(9, 1)],
  },
  {
    name: "dependent child: up to 25",
    path: "individu/demandeur/enfant_a_charge",
    active: [born(26, 1)],
    inactive: [born(26)],
  },
  {
    name: "youth RSA hours: from 20",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(20), chomeur],
    inactive: [born(20, 1), chomeur],
  },
  {
    name: "youth RSA hours: under 25",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(25, 1), chomeur],
    inactive: [born(25), chomeur],
  },
  {
    name: "youth RSA hours: not a student, employee or self-employed",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(22), chomeur],
    inactive: [born(22), etudiant],
  },
  {
    name: "youth RSA hours: no unemployment-benefit precondition",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(22), chomeur, a("demandeur.ass_precondition_remplie", false)],
    inactive: [born(22), chomeur, a("demandeur.ass_precondition_remplie", true)],
  },
  {
    name: "youth RSA hours: no civic service",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(22), chomeur, a("demandeur.service_civique", false)],
    inactive: [born(22), chomeur, a("demandeur.service_civique", true)],
  },
  {
    name: "youth RSA hours: not a dependent child this year",
    path: "individu/demandeur/rsa_jeune_condition_heures_travail_remplie",
    active: [born(22), chomeur, a("demandeur.enfant_a_charge", false)],
    inactive: [born(22), chomeur, a("demandeur.enfant_a_charge", true)],
  },
  {
    name: "gir: 60 or more",
    path: "individu/demandeur/gir",
    active: [born(60)],
    inactive: [born(60, 1)],
  },
  {
    name: "social security scheme: 25 or less",
    path: "individu/demandeur/regime_securite_sociale",
    active: [born(26, 1)],
    inactive: [born(26)],
  },
  {
    name: "parents: a dependent child",
    path: "parents/_situation",
    active: [born(30), salarie, a("demandeur.enfant_a_charge", true)],
    inactive: [born(30), salarie],
  },
  {
    name: "parents: a student not in work-study",
    path: "parents/_situation",
    active: [born(30), etudiant, a("demandeur.alternant", false)],
    inactive: [born(30), etudiant, a("demandeur.alternant", true)],
  },
  {
    name: "children count for the grant: parents reachable",
    path: "famille/bourse_criteres_sociaux_nombre_enfants_a_charge",
    active: [etudiant, a("parents._situation", "en_couple")],
    inactive: [etudiant, a("parents._situation", "decedes")],
  },
  {
    name: "first-time buyer: owners",
    path: "menage/_primoAccedant",
    active: [a("menage._logementType", "proprietaire")],
    inactive: [a("menage._logementType", "locataire")],
  },
  {
    name: "rental type: tenants or unset",
    path: "menage/_locationType",
    active: [],
    inactive: [a("menage._logementType", "heberge")],
  },
  {
    name: "landlord in the family: not for a foyer",
    path: "famille/proprietaire_proche_famille",
    active: [a("menage._logementType", "locataire"), a("menage._locationType", "meuble")],
    inactive: [a("menage._logementType", "locataire"), a("menage._locationType", "foyer")],
  },
  {
    name: "student residence: foyer or unset",
    path: "menage/logement_crous",
    active: [a("menage._logementType", "locataire")],
    inactive: [a("menage._logementType", "locataire"), a("menage._locationType", "vide")],
  },
  {
    name: "rent: owners and tenants",
    path: "menage/loyer",
    active: [a("menage._logementType", "proprietaire")],
    inactive: [a("menage._logementType", "heberge")],
  },
  {
    name: "hosted: contribution to costs",
    path: "menage/participation_frais",
    active: [a("menage._logementType", "heberge")],
    inactive: [a("menage._logementType", "locataire")],
  },
  {
    name: "housing difficulty: 18 or more",
    path: "menage/_difficultes_acces_ou_frais_logement",
    active: [born(18), a("menage._logementType", "locataire")],
    inactive: [born(18, 1), a("menage._logementType", "locataire")],
  },
  {
    name: "housing difficulty: not owners",
    path: "menage/_difficultes_acces_ou_frais_logement",
    active: [born(30), a("menage._logementType", "heberge")],
    inactive: [born(30), a("menage._logementType", "proprietaire")],
  },
  {
    name: "Parisian: commune code starting with 75, not homeless",
    path: "famille/parisien",
    active: [
      a("menage._logementType", "locataire"),
      a("menage.depcom", {
        code_insee: "75056",
        code_postal: "75001",
        nom: "Paris",
        departement: "75",
        region: "11",
        epci: "200054781",
      }),
    ],
    inactive: [a("menage._logementType", "locataire"), a("menage.depcom", lyon)],
  },
  {
    name: "parents in France: student not living with them",
    path: "parents/_en_france",
    active: [etudiant, a("demandeur.habite_chez_parents", false)],
    inactive: [etudiant, a("demandeur.habite_chez_parents", true)],
  },
  {
    name: "family-home commune: parents in France",
    path: "individu/demandeur/_bourseCriteresSociauxCommuneDomicileFamilial",
    active: [etudiant, a("parents._en_france", true)],
    inactive: [etudiant, a("parents._en_france", false)],
  },
  {
    name: "months since housing entry: tenant, homeless or hosted",
    path: "menage/_nombreMoisEntreeLogement",
    active: [a("menage._logementType", "sansDomicile")],
    inactive: [a("menage._logementType", "proprietaire")],
  },
  {
    name: "grant resource base: students up to 28 plus children",
    path: "individu/demandeur/bourse_criteres_sociaux_base_ressources_parentale",
    active: [born(29, 1), etudiant],
    inactive: [born(29), etudiant],
  },
  {
    name: "parents' rfr: dependent child who is not such a student",
    path: "parents/rfr",
    active: [born(22), salarie, a("demandeur.enfant_a_charge", true)],
    inactive: [born(22), etudiant, a("demandeur.enfant_a_charge", true)],
  },
  {
    name: "marital status: partner only",
    path: "individu/conjoint/statut_marital",
    active: [couple],
    inactive: [couple],
    inactivePath: "individu/demandeur/statut_marital",
  },
  {
    name: "first name: children only",
    path: "individu/enfant_0/_firstName",
    active: [oneChild],
    inactive: [couple],
    inactivePath: "individu/conjoint/_firstName",
  },
  {
    name: "alternating custody: children only",
    path: "individu/enfant_0/garde_alternee",
    active: [oneChild],
    inactive: [oneChild],
    inactivePath: "individu/demandeur/garde_alternee",
  },
  {
    name: "activity: not children",
    path: "individu/conjoint/activite",
    active: [couple],
    inactive: [oneChild],
    inactivePath: "individu/enfant_0/activite",
  },
  {
    name: "child placed: disabled child",
    path: "individu/enfant_0/enfant_place",
    active: [oneChild, a("enfant_0.handicap", true)],
    inactive: [oneChild, a("enfant_0.handicap", false)],
  },
  {
    name: "dependent child: every child",
    path: "individu/enfant_0/enfant_a_charge",
    active: [oneChild, childBorn(30)],
    inactive: [couple, a("conjoint.date_naissance", bornYearsAgo(20))],
    inactivePath: "individu/conjoint/enfant_a_charge",
  },
  {
    name: "child schooling: from 2",
    path: "individu/enfant_0/scolarite",
    active: [oneChild, childBorn(2)],
    inactive: [oneChild, childBorn(2, 1)],
  },
  {
    name: "child schooling: up to 25",
    path: "individu/enfant_0/scolarite",
    active: [oneChild, childBorn(26, 1)],
    inactive: [oneChild, childBorn(26)],
  },
  {
    name: "pregnancy: not children",
    path: "individu/demandeur/enceinte",
    active: [oneChild],
    inactive: [oneChild],
    inactivePath: "individu/enfant_0/enceinte",
  },
  {
    name: "partner profile: in couple",
    path: "individu/conjoint/date_naissance",
    active: [couple],
    inactive: [single],
  },
  {
    name: "recent isolation: children",
    path: "famille/rsa_isolement_recent",
    active: [oneChild, single],
    inactive: [single],
  },
  {
    name: "recent isolation: not in couple",
    path: "famille/rsa_isolement_recent",
    active: [oneChild, single],
    inactive: [oneChild, couple],
  },
  {
    name: "partner incomes: in couple",
    path: "individu/conjoint/ressources/types",
    active: [couple],
    inactive: [single],
  },
  {
    name: "children-have-income question: children only",
    path: "individu/enfant_0/_hasRessources",
    active: [oneChild],
    inactive: [oneChild],
    inactivePath: "individu/demandeur/_hasRessources",
  },
  {
    name: "child incomes: only when the child had some",
    path: "individu/enfant_0/ressources/types",
    active: [oneChild, a("enfant_0._hasRessources", true)],
    inactive: [oneChild, a("enfant_0._hasRessources", false)],
  },
  {
    name: "health and social training aids: not in such a training",
    path: "individu/demandeur/_interetAidesSanitaireSocial",
    active: [etudiant, a("demandeur.groupe_specialites_formation", "groupe_230")],
    inactive: [etudiant, a("demandeur.groupe_specialites_formation", "groupe_330")],
  },
  {
    name: "leaving the academy: terminale",
    path: "individu/demandeur/sortie_academie",
    active: terminale,
    inactive: [etudiant, a("demandeur.scolarite", "lycee"), a("demandeur.annee_etude", "premiere")],
  },
  {
    name: "secondary grant: leaving the academy",
    path: "famille/bourse_lycee",
    active: [...terminale, a("demandeur.sortie_academie", true)],
    inactive: [...terminale, a("demandeur.sortie_academie", false)],
  },
  {
    name: "secondary grant: no lycée grant among the incomes",
    path: "famille/bourse_lycee",
    active: [...terminale, a("demandeur.sortie_academie", true), a("demandeur.ressources", [])],
    inactive: [
      ...terminale,
      a("demandeur.sortie_academie", true),
      a("demandeur.ressources", ["bourse_lycee"]),
    ],
  },
  {
    name: "leaving the academic region: licence 3",
    path: "individu/demandeur/sortie_region_academique",
    active: superieur("licence_3"),
    inactive: superieur("licence_2"),
  },
  {
    name: "leaving the academic region: master 1",
    path: "individu/demandeur/sortie_region_academique",
    active: superieur("master_1"),
    inactive: superieur("master_2"),
  },
  {
    name: "grant holder: leaving the academic region",
    path: "individu/demandeur/boursier",
    active: [...superieur("master_1"), a("demandeur.sortie_region_academique", true)],
    inactive: [...superieur("master_1"), a("demandeur.sortie_region_academique", false)],
  },
  {
    name: "study abroad: public or state-contracted higher education",
    path: "individu/demandeur/_interetEtudesEtranger",
    active: superieur("licence_1", "prive_sous_contrat"),
    inactive: superieur("licence_1", "prive_hors_contrat"),
  },
  {
    name: "study abroad: apprenticeship",
    path: "individu/demandeur/_interetEtudesEtranger",
    active: [
      salarie,
      a("demandeur.alternant", true),
      a("demandeur._contratAlternance", "apprenti"),
    ],
    inactive: [
      salarie,
      a("demandeur.alternant", true),
      a("demandeur._contratAlternance", "professionnalisation"),
    ],
  },
  {
    name: "study abroad duration: interested",
    path: "individu/demandeur/_dureeMoisEtudesEtranger",
    active: [...superieur("licence_1"), a("demandeur._interetEtudesEtranger", true)],
    inactive: [...superieur("licence_1"), a("demandeur._interetEtudesEtranger", false)],
  },
  {
    name: "parents' tax shares: any dependent child",
    path: "parents/nbptr",
    active: [born(22), etudiant, a("demandeur.enfant_a_charge", true)],
    inactive: [born(22), etudiant, a("demandeur.enfant_a_charge", false)],
  },
];

describe("step conditions", () => {
  it.each(cases)("$name", ({ path, active, inactive, inactivePath }) => {
    expect(isActive(path, active)).toBe(true);
    expect(isActive(inactivePath ?? path, inactive)).toBe(false);
  });

  it("asks an owner for their loan repayments and a tenant for their rent, on the same page", () => {
    const rentPage = (logementType: string) => {
      const steps = buildJourney(bundle, [a("menage._logementType", logementType)], {
        dateDeValeur: DATE,
      }).filter((step) => step.path === "/simulation/menage/loyer");
      expect(steps).toHaveLength(1);
      return steps[0]!;
    };
    const owner = rentPage("proprietaire");
    const tenant = rentPage("locataire");
    expect(owner.fields.map((field) => field.name)).toEqual(["loyer", "charges_locatives"]);
    expect(tenant.fields.map((field) => field.name)).toEqual(["loyer", "charges_locatives"]);
    expect(owner.fields[0]!.question).toMatch(/mensualités de remboursement de prêt/);
    expect(`${owner.fields[0]!.question} ${owner.fields[0]!.hint}`).not.toMatch(/loyer|bail/);
    expect(tenant.fields[0]!.question).toMatch(/loyer, hors charges/);
    expect(`${tenant.fields[0]!.hint}`).not.toMatch(/propriétaire|prêt/);
  });

  it("reads the incapacity threshold from the engine parameters", () => {
    const answers = [a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.5)];
    expect(
      isActive("individu/demandeur/aah_restriction_substantielle_durable_acces_emploi", answers, {
        aah_taux_incapacite: 0.5,
      }),
    ).toBe(false);
  });
});
