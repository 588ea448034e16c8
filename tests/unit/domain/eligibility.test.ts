/**
 * The condition operators of local aids, each true and false, with their French explanations;
 * geography at département, region, EPCI, commune and postcode level; profiles; unanswered rules.
 */
import { describe, expect, it } from "vitest";
import catalogueJson from "../../../src/generated/catalogue.json";
import {
  eligibilityFacts,
  eligibilityHolds,
  firstFailure,
  buildSituation,
  type Answer,
  type Bundle,
  type Catalogue,
  type EligibilityFacts,
  type EngineFacts,
  type Predicate,
} from "../../../src/domain";
import { montpellier } from "../../fixtures/situations";
import { a, bornYearsAgo, bundle, DATE } from "./fixtures";

const catalogue = catalogueJson as unknown as Catalogue;

const base: Answer[] = [
  a("demandeur.date_naissance", bornYearsAgo(20)),
  a("demandeur.activite", "etudiant"),
  a("demandeur.scolarite", "enseignement_superieur"),
  a("demandeur.annee_etude", "licence_1"),
  a("demandeur.mention_baccalaureat", "mention_tres_bien"),
  a("demandeur.alternant", false),
  a("demandeur.handicap", false),
  a("menage._logementType", "locataire"),
  a("menage._locationType", "vide"),
  a("menage.depcom", montpellier),
];

function factsOf(answers: Answer[], engine: EngineFacts = {}): EligibilityFacts {
  const situation = buildSituation(bundle, answers, DATE);
  return eligibilityFacts(bundle, catalogue, answers, situation, engine, { dateDeValeur: DATE });
}

function with_(changes: Answer[]): Answer[] {
  const key = (x: Answer) => `${x.entityName}/${x.id}/${x.fieldName}`;
  const changed = new Set(changes.map(key));
  return [...base.filter((x) => !changed.has(key(x))), ...changes];
}

/** Checks that `condition` holds for `yes` and fails for `no` with `reason`. */
function expectCondition(
  condition: Predicate,
  yes: EligibilityFacts,
  no: EligibilityFacts,
  reason: string | RegExp,
) {
  expect(eligibilityHolds(condition, yes)).toBe(true);
  expect(firstFailure(condition, yes)).toBeUndefined();
  expect(eligibilityHolds(condition, no)).toBe(false);
  const failure = firstFailure(condition, no);
  if (typeof reason === "string") expect(failure).toBe(reason);
  else expect(failure).toMatch(reason);
}

const NB = "\u00a0";

describe("age_between", () => {
  it("reserves to an age band and says the visitor's age", () => {
    expectCondition(
      { age_between: [16, 25] },
      factsOf(base),
      factsOf(with_([a("demandeur.date_naissance", bornYearsAgo(27))])),
      `Cette aide est réservée aux 16–25${NB}ans${NB}; vous avez 27${NB}ans.`,
    );
  });

  it("counts the age at the value date, birthday included", () => {
    const turnsToday = factsOf(with_([a("demandeur.date_naissance", bornYearsAgo(26))]));
    const turnsTomorrow = factsOf(with_([a("demandeur.date_naissance", bornYearsAgo(26, 1))]));
    expect(eligibilityHolds({ age_between: [null, 25] }, turnsTomorrow)).toBe(true);
    expect(firstFailure({ age_between: [null, 25] }, turnsToday)).toBe(
      `Cette aide est réservée aux personnes de 25${NB}ans ou moins${NB}; vous avez 26${NB}ans.`,
    );
    expect(firstFailure({ age_between: [30, null] }, turnsToday)).toBe(
      `Cette aide est réservée aux personnes de 30${NB}ans ou plus${NB}; vous avez 26${NB}ans.`,
    );
  });
});

describe("lives_in and lives_outside, at every level", () => {
  const lyon = {
    code_insee: "69123",
    code_postal: "69001",
    nom: "Lyon",
    departement: "69",
    region: "84",
    epci: "200046977",
  };
  const inMontpellier = factsOf(base);
  const inLyon = factsOf(with_([a("menage.depcom", lyon)]));

  it.each([
    ["departements", "34", "de l’Hérault"],
    ["regions", "76", "de la région Occitanie"],
    ["epcis", "243400017", "de l’intercommunalité Montpellier Méditerranée Métropole"],
    ["communes", "34172", "de Montpellier"],
    ["postcodes", "34000", "du code postal 34000"],
  ])("%s", (kind, code, name) => {
    expectCondition(
      { lives_in: [kind, [code]] },
      inMontpellier,
      inLyon,
      `Cette aide est réservée aux habitants ${name}${NB}; vous habitez à Lyon.`,
    );
    expectCondition(
      { lives_outside: [kind, [code]] },
      inLyon,
      inMontpellier,
      `Cette aide n’est pas proposée aux habitants ${name}${NB}; vous habitez à Montpellier.`,
    );
  });

  it("fails without a commune", () => {
    const nowhere = factsOf(base.filter((x) => x.fieldName !== "depcom"));
    expect(firstFailure({ lives_in: ["departements", ["34"]] }, nowhere)).toBe(
      `Cette aide est réservée aux habitants de l’Hérault${NB}; vous n’avez pas indiqué votre commune.`,
    );
  });
});

describe("schooling, work-study and grant holders", () => {
  it("study_year names the visitor's year", () => {
    expectCondition(
      { study_year: [["licence_1", "licence_2"]] },
      factsOf(base),
      factsOf(with_([a("demandeur.annee_etude", "master_1")])),
      `Cette aide est réservée aux élèves et étudiants en licence 1re année ou licence 2e année${NB}; vous êtes en master 1re année.`,
    );
  });

  it("study_year fails when the year was never asked", () => {
    const noYear = factsOf(base.filter((x) => x.fieldName !== "annee_etude"));
    expect(firstFailure({ study_year: [["licence_1"]] }, noYear)).toMatch(
      /vous n’avez pas indiqué d’année d’études\.$/,
    );
  });

  it("bac_mention", () => {
    expectCondition(
      { bac_mention: [["mention_tres_bien", "mention_tres_bien_felicitations_jury"]] },
      factsOf(base),
      factsOf(with_([a("demandeur.mention_baccalaureat", "mention_bien")])),
      /^Cette aide est réservée aux bacheliers ayant obtenu la mention très bien ou mention très bien avec félicitations du jury\u00a0; vous avez indiqué\u00a0: mention bien\.$/,
    );
  });

  it("work_study_contract", () => {
    expectCondition(
      { work_study_contract: [["apprenti"]] },
      factsOf(
        with_([a("demandeur.alternant", true), a("demandeur._contratAlternance", "apprenti")]),
      ),
      factsOf(base),
      `Cette aide est réservée aux personnes en contrat d’apprentissage${NB}; vous n’avez pas indiqué un tel contrat.`,
    );
  });

  it("grant_holder reads the engine, or the visitor's own answer", () => {
    expectCondition(
      { grant_holder: [] },
      factsOf(base, { boursier: true }),
      factsOf(base, { boursier: false }),
      /^Cette aide est réservée aux boursiers et boursières/,
    );
    expect(
      eligibilityHolds({ grant_holder: [] }, factsOf(with_([a("demandeur.boursier", true)]))),
    ).toBe(true);
  });
});

describe("higher_education_grant", () => {
  const grant = { higher_education_grant: [] };

  it("holds when the engine grants the grant on social criteria", () => {
    expectCondition(
      grant,
      factsOf(base, { bourseCriteresSociaux: 521.2 }),
      factsOf(base, { bourseCriteresSociaux: 0 }),
      `Cette aide est réservée aux étudiants et étudiantes boursiers sur critères sociaux${NB}; d’après vos réponses, vous n’avez pas droit à cette bourse et n’avez pas indiqué en recevoir une.`,
    );
  });

  it("holds when the visitor says they hold a grant, or declares one received", () => {
    expect(eligibilityHolds(grant, factsOf(with_([a("demandeur.boursier", true)]), {}))).toBe(true);
    const declared = (amount: number) =>
      factsOf(
        with_([
          a("demandeur.ressources", ["bourse_enseignement_sup"]),
          a("demandeur.bourse_enseignement_sup", { "2026-09": amount, "2026-10": amount }),
        ]),
        { bourseCriteresSociaux: 0 },
      );
    expect(eligibilityHolds(grant, declared(300))).toBe(true);
    expect(eligibilityHolds(grant, declared(0))).toBe(false);
  });

  it("does not hold for a lycée grant, which the engine's boursier counts", () => {
    expect(eligibilityHolds(grant, factsOf(base, { boursier: true }))).toBe(false);
  });
});

describe("engine facts", () => {
  it("family_quotient divides rfr by nbptr, per year or per month", () => {
    const facts = factsOf(base, { rfr: 24_000, nbptr: 2 });
    expect(eligibilityHolds({ family_quotient: ["<=", 12_000, "year"] }, facts)).toBe(true);
    expect(eligibilityHolds({ family_quotient: ["<", 12_000, "year"] }, facts)).toBe(false);
    expect(eligibilityHolds({ family_quotient: ["<=", 1_000, "month"] }, facts)).toBe(true);
    expect(firstFailure({ family_quotient: ["<=", 900, "month"] }, facts)).toBe(
      `Cette aide est réservée aux foyers dont le quotient familial est inférieur ou égal à 900${NB}€ par mois${NB}; le vôtre est de 1${NB}000${NB}€ par mois.`,
    );
  });

  it("rsa_recipient", () => {
    expectCondition(
      { rsa_recipient: [] },
      factsOf(base, { rsa: 500 }),
      factsOf(base, { rsa: 0 }),
      /^Cette aide est réservée aux bénéficiaires du RSA/,
    );
  });

  it("rsa_recipient reads the engine's RSA, not an activity value the schema does not have", () => {
    expect(bundle.enumerations.activite?.map((option) => option.value)).not.toContain(
      "beneficiaire_rsa",
    );
    const facts = factsOf(base, { rsa: 0 });
    const stale = { ...facts, applicant: { ...facts.applicant, activite: "beneficiaire_rsa" } };
    expect(eligibilityHolds({ rsa_recipient: [] }, stale)).toBe(false);
  });
});

describe("household and personal situations", () => {
  it("social_security counts an unasked scheme as the general one (the trap of unreachable aids)", () => {
    const unasked = factsOf(base);
    expect(eligibilityHolds({ social_security: [["regime_general"]] }, unasked)).toBe(true);
    expectCondition(
      { social_security: [["regime_general", "autre"]] },
      unasked,
      factsOf(with_([a("demandeur.regime_securite_sociale", "regime_agricole")])),
      `Cette aide est réservée aux personnes affiliées au régime général ou autre régime ou je ne sais pas${NB}; vous avez indiqué${NB}: régime agricole (MSA).`,
    );
  });

  it("social_security assumes the scheme the schema's derived table gives, not code", () => {
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "_regimeSecuriteSociale" ? { ...rule, otherwise: "autre" } : rule,
      ),
    };
    const situation = buildSituation(edited, base, DATE);
    const unasked = eligibilityFacts(
      edited,
      catalogue,
      base,
      situation,
      {},
      { dateDeValeur: DATE },
    );
    expect(eligibilityHolds({ social_security: [["regime_general"]] }, unasked)).toBe(false);
    expect(eligibilityHolds({ social_security: [["autre"]] }, unasked)).toBe(true);
  });

  it("housing_status reads the derived occupation status", () => {
    expectCondition(
      { housing_status: [["locataire_vide", "locataire_meuble"]] },
      factsOf(base),
      factsOf(with_([a("menage._logementType", "sansDomicile")])),
      /^Cette aide est réservée aux personnes dont la situation de logement est/,
    );
  });

  it("health_social_training", () => {
    expectCondition(
      { health_social_training: [] },
      factsOf(with_([a("demandeur.groupe_specialites_formation", "groupe_330")])),
      factsOf(base),
      /formation sanitaire ou sociale/,
    );
  });

  it("housing_difficulties", () => {
    expectCondition(
      { housing_difficulties: [] },
      factsOf(with_([a("menage._difficultes_acces_ou_frais_logement", true)])),
      factsOf(base),
      /difficultés pour accéder à un logement/,
    );
  });

  it("temp_agency", () => {
    expectCondition(
      { temp_agency: [] },
      factsOf(with_([a("demandeur._agence_travail_temporaire", true)])),
      factsOf(base),
      /intérimaires/,
    );
  });

  it("disability_rate", () => {
    expectCondition(
      { disability_rate: [">=", 0.5] },
      factsOf(with_([a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.8)])),
      factsOf(with_([a("demandeur.handicap", true), a("demandeur.taux_incapacite", 0.3)])),
      `Cette aide est réservée aux personnes dont le taux d’incapacité est supérieur ou égal à 50${NB}%${NB}; le vôtre est de 30${NB}%.`,
    );
  });

  it("children_in_age_band", () => {
    const parent = with_([
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0.date_naissance", bornYearsAgo(12)),
    ]);
    expectCondition(
      { children_in_age_band: [1, 11, 25] },
      factsOf(parent),
      factsOf(base),
      /^Cette aide est réservée aux parents d’un enfant de 11 à 25\u00a0ans/,
    );
  });
});

describe("profiles and interests", () => {
  const lyceen = factsOf(with_([a("demandeur.scolarite", "lycee")]));

  it("an OR of profiles lists them when the visitor has none", () => {
    const rule: Predicate = {
      or: [{ profile: "lyceen" }, { and: [{ profile: "apprenti" }] }],
    };
    expectCondition(
      rule,
      lyceen,
      factsOf(base),
      `Cette aide est réservée aux lycéens et lycéennes, élèves en CAP compris ou apprentis et apprenties${NB}; d’après vos réponses, ce n’est pas votre situation.`,
    );
  });

  it("a matched profile explains its own failing condition", () => {
    const rule: Predicate = {
      or: [
        { and: [{ profile: "enseignement_superieur" }, { study_year: [["master_1"]] }] },
        { profile: "lyceen" },
      ],
    };
    expect(firstFailure(rule, factsOf(base))).toMatch(
      /^Cette aide est réservée aux élèves et étudiants en master 1re année/,
    );
  });

  it("a profile defined by aid conditions (RSA recipient) reads the engine", () => {
    expect(factsOf(base, { rsa: 300 }).profiles.beneficiaire_rsa).toBe(true);
    expect(factsOf(base, { rsa: 0 }).profiles.beneficiaire_rsa).toBe(false);
  });

  it("interest quotes the question the visitor did not answer yes to", () => {
    expectCondition(
      { interest: "_interetBafa" },
      factsOf(with_([a("demandeur._interetBafa", true)])),
      factsOf(with_([a("demandeur._interetBafa", false)])),
      `Cette aide concerne un projet que vous n’avez pas indiqué (question «${NB}Souhaitez-vous passer le BAFA ou le BAFD${NB}?${NB}»).`,
    );
  });

  it("the first failing condition of an aid is reported, in order", () => {
    const aid = catalogue.aids.find((x) => x.id === "aide_bafa_generale_caf_haute_savoie")!;
    const facts = factsOf(with_([a("demandeur._interetBafa", true)]));
    expect(firstFailure(aid.eligibility, facts)).toBe(
      `Cette aide est réservée aux habitants de la Haute-Savoie${NB}; vous habitez à Montpellier.`,
    );
  });
});
