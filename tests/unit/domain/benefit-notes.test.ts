import { describe, expect, it } from "vitest";
import { withBenefitNotes, type Answer, type Droit } from "../../../src/domain";
import { a, bornYearsAgo, bundle, DATE, student } from "./fixtures";

/**
 * Issue 16: a student renting in Paris and earning 1,101.42 € a month gets the same housing aid as
 * without a job. That is the law (CCH R822-20: a student of the grant's age renting their home
 * has resources "réputées égales à un montant forfaitaire"), so the result says so: a note of
 * `aide_logement` in the schema, shown when its condition holds.
 */
const droit: Droit = {
  id: "aide_logement",
  label: "Aides personnelles au logement",
  description: "",
  institution: "Caf",
  montant: 293.82,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
};

const tenant: Answer[] = [
  a("menage._logementType", "locataire"),
  a("menage._locationType", "vide"),
  a("menage.loyer", 700),
];
const salary: Answer[] = [
  a("demandeur.ressources", ["salaire_net"]),
  a("demandeur.salaire_net", { "2026-10": 1101.42 }),
];

function allNotesOf(answers: Answer[]): string[] | undefined {
  return withBenefitNotes(bundle, [droit], answers, { dateDeValeur: DATE })[0]!.notes;
}

const SOCIAL_HOUSING = "réduction de loyer de solidarité";

/** The notes other than the social-housing one, which any tenant of a flat gets (below). */
function notesOf(answers: Answer[]): string[] | undefined {
  const notes = allNotesOf(answers)?.filter((note) => !note.includes(SOCIAL_HOUSING));
  return notes && notes.length > 0 ? notes : undefined;
}

describe("benefit notes: the student's flat-rate resources for the housing aid", () => {
  it("tells a student tenant with a salary that the salary does not change the aid", () => {
    const notes = notesOf([...student, ...tenant, ...salary]);
    expect(notes).toHaveLength(1);
    expect(notes![0]).toContain("R822-20");
    expect(notes![0]).toContain("Votre salaire ne change donc pas le montant");
  });

  it("says nothing without a salary, to a non-student, to a student living with family, or from 28", () => {
    expect(notesOf([...student, ...tenant])).toBeUndefined();
    const salaried = student.map((x) =>
      x.fieldName === "activite" ? a("demandeur.activite", "salarie") : x,
    );
    expect(notesOf([...salaried, ...tenant, ...salary])).toBeUndefined();
    expect(notesOf([...student, a("menage._logementType", "heberge"), ...salary])).toBeUndefined();
    const older = student.map((x) =>
      x.fieldName === "date_naissance" ? a("demandeur.date_naissance", bornYearsAgo(28)) : x,
    );
    expect(notesOf([...older, ...tenant, ...salary])).toBeUndefined();
    const younger = student.map((x) =>
      x.fieldName === "date_naissance" ? a("demandeur.date_naissance", bornYearsAgo(28, 1)) : x,
    );
    expect(notesOf([...younger, ...tenant, ...salary])).toHaveLength(1);
  });

  it("leaves the other benefits alone", () => {
    // (both of aide_logement's notes hold for these answers)
    expect(allNotesOf([...student, ...tenant, ...salary])).toHaveLength(2);
    const other = { ...droit, id: "rsa" };
    const [result] = withBenefitNotes(bundle, [other], [...student, ...tenant, ...salary], {
      dateDeValeur: DATE,
    });
    expect(result).toBe(other);
  });
});

/**
 * The questionnaire does not ask whether the dwelling is social housing (conventionné), and the
 * engine computes the aid of a dwelling that is not: the official cases of
 * aides_logement_fiabilisation.yaml whose dwelling is conventionné differ from ours by the
 * réduction de loyer de solidarité (tests/oracle/README.md). The result says so to every tenant of
 * a flat or a room, where the reduction may apply; not in a logement-foyer, where it does not
 * (CCH L442-2-1), nor to an owner or a person housed free.
 */
describe("benefit notes: the housing aid is computed for a dwelling that is not social housing", () => {
  const socialHousingNotes = (answers: Answer[]) =>
    (allNotesOf(answers) ?? []).filter((note) => note.includes(SOCIAL_HOUSING));
  const renting = (locationType: string) => [
    a("menage._logementType", "locataire"),
    a("menage._locationType", locationType),
    a("menage.loyer", 500),
  ];
  const jobSeeker = student.map((x) =>
    x.fieldName === "activite" ? a("demandeur.activite", "chomeur") : x,
  );

  it("tells a tenant of an unfurnished or furnished dwelling, student or not", () => {
    for (const person of [student, jobSeeker])
      for (const locationType of ["vide", "meuble"]) {
        const [note] = socialHousingNotes([...person, ...renting(locationType)]);
        expect(note).toContain("logement social");
        expect(note).toContain("elle vous versera moins que ce montant");
      }
  });

  it("says nothing in a logement-foyer, to an owner or to a person housed free", () => {
    expect(socialHousingNotes([...jobSeeker, ...renting("foyer")])).toEqual([]);
    expect(socialHousingNotes([...jobSeeker, a("menage._logementType", "proprietaire")])).toEqual(
      [],
    );
    expect(socialHousingNotes([...jobSeeker, a("menage._logementType", "heberge")])).toEqual([]);
  });
});

/**
 * Mobili-Jeune: the engine does not model its time limit (a claim at most 6 months after the
 * training starts, `mobili_jeune_eligibilite`'s "Conditions non modélisées"): an apprentice whose
 * contract started longer ago than that is told to check.
 */
describe("the Mobili-Jeune note", () => {
  const mobiliJeune: Droit = {
    ...droit,
    id: "mobili_jeune",
    label: "Aide Mobili-Jeune",
    montant: 100,
  };
  const notesOfMobiliJeune = (answers: Answer[]) =>
    withBenefitNotes(bundle, [mobiliJeune], answers, { dateDeValeur: DATE })[0]!.notes ?? [];
  const apprentice = (months?: number): Answer[] => [
    a("demandeur.date_naissance", bornYearsAgo(19)),
    a("demandeur.activite", "etudiant"),
    a("demandeur.alternant", true),
    ...(months === undefined ? [] : [a("demandeur._nombreMoisDebutContratDeTravail", months)]),
    ...tenant,
  ];

  it("tells an apprentice whose contract started more than 6 months ago to check", () => {
    expect(notesOfMobiliJeune(apprentice(14)).join(" ")).toContain("au plus tard 6\u00A0mois");
  });

  it("says nothing within 6 months of the contract's start, or when it was not asked", () => {
    expect(notesOfMobiliJeune(apprentice(6))).toEqual([]);
    expect(notesOfMobiliJeune(apprentice(2))).toEqual([]);
    expect(notesOfMobiliJeune(apprentice())).toEqual([]);
  });
});

/**
 * The prime d'activité of a month averages those of the 3 months before, each with the housing aid
 * and family benefits received then (docs/engine-notes.md, "No past entitlement"): claimed at the
 * same time, they are not yet in those months, so the amount shown is the first quarter's, and
 * the prime falls once they are paid. A tenant who does not declare a housing aid received, or a
 * parent who declares no family benefit, is told so.
 */
describe("the prime d'activité's first-quarter note", () => {
  const ppa: Droit = { ...droit, id: "ppa", label: "Prime d’activité", montant: 581.63 };
  const notesOfPpa = (answers: Answer[]) =>
    withBenefitNotes(bundle, [ppa], answers, { dateDeValeur: DATE })[0]!.notes ?? [];
  const worker: Answer[] = [
    a("demandeur.date_naissance", bornYearsAgo(23)),
    a("demandeur.activite", "salarie"),
  ];
  const received = (...types: string[]): Answer[] => [
    a("demandeur.ressources", ["salaire_net", ...types]),
  ];
  const child: Answer[] = [a("enfants.enfants", ["enfant_0"])];
  const housedFree = a("menage._logementType", "heberge");

  it("tells a tenant who does not receive the housing aid yet", () => {
    const [note] = notesOfPpa([...worker, ...tenant, ...received()]);
    expect(note).toContain("Ce montant est celui des premiers mois.");
    expect(note).toContain("la prime pourra baisser");
  });

  it("tells a parent who receives no family benefit yet, whatever the dwelling", () => {
    expect(notesOfPpa([...worker, housedFree, ...child, ...received()])).toHaveLength(1);
    expect(
      notesOfPpa([...worker, housedFree, ...child, ...received(), a("conjoint.ressources", [])]),
    ).toHaveLength(1);
  });

  it("says nothing when what the prime would count is already received, or cannot be claimed", () => {
    expect(notesOfPpa([...worker, ...tenant, ...received("aide_logement")])).toEqual([]);
    expect(notesOfPpa([...worker, housedFree, ...received()])).toEqual([]);
    for (const familyBenefit of ["af", "cf", "asf", "paje_base"]) {
      expect(notesOfPpa([...worker, housedFree, ...child, ...received(familyBenefit)])).toEqual([]);
      expect(
        notesOfPpa([
          ...worker,
          housedFree,
          ...child,
          ...received(),
          a("conjoint.ressources", [familyBenefit]),
        ]),
      ).toEqual([]);
    }
  });
});
