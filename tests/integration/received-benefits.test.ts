/**
 * Issue 57 §2 and §3 through the real engine, as the server wires it: what is already received is
 * never promised again, and the headline is the amount the visitor will live on
 * (docs/adr/0013-settled-amounts.md). The households are written here by hand; the amounts
 * expected come from the engine computing the law's situation independently (the same household
 * with the aids declared as received) or from the published scale in the pinned engine's
 * parameter files, never from the output under test.
 *
 * Before → after (December 2026, monthly headline):
 * - a single father of two at 1,500 € net in Montpellier, the AF not ticked: 1,582.52 € (PPA
 *   738.10 € counted) → 1,024.77 € (PPA 585.09 € the first months, 180.35 € counted);
 * - a couple on the SMIC with a baby: 1,155.92 € (PPA 746.86 €) → 767.20 € (PPA 358.14 €);
 * - a disabled 29-year-old receiving the CEJ (561.68 €): RSA 573.49 € counted → not counted;
 * - a student declaring her grant (300 €): the grant found (521.20 €) counted → received;
 * - a mother receiving the RSA, the ASF found (201.78 €): 201.78 € → 94.19 €.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBundle } from "../../src/server/compose";
import { summarizeWithReceived, type Droit } from "../../src/domain";
import { expandAnswers, simulationPayload } from "../golden/golden";
import { startSimulator, type RunningSimulator } from "./helpers/simulator";

const bundle = loadBundle();
let simulator: RunningSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  simulator = await startSimulator("received-benefits");
  ({ app } = simulator);
});
afterAll(async () => {
  await simulator?.close();
});

const DATE = "2026-12-01";
const YEAR = "2025-12..2026-12";
const montpellier = {
  code_insee: "34172",
  code_postal: "34000",
  nom: "Montpellier",
  departement: "34",
  region: "76",
  epci: "243400017",
};

const common = {
  "individu.demandeur.nationalite": "fr",
  "individu.demandeur.service_civique": false,
  "individu.demandeur.enceinte": false,
  "menage._difficultes_acces_ou_frais_logement": false,
  "individu.demandeur._interetsAidesVelo": [],
  "individu.demandeur._interetBafa": false,
  "individu.demandeur._interetPermisDeConduire": false,
  "individu.demandeur._interetAidesSanitaireSocial": false,
};
const renting = (loyer: number) => ({
  "menage._logementType": "locataire",
  "menage._locationType": "vide",
  "menage.coloc": false,
  "menage.logement_chambre": false,
  "famille.proprietaire_proche_famille": false,
  "menage.loyer": loyer,
  "menage.charges_locatives": 60,
  "menage.depcom": montpellier,
  "menage._nombreMoisEntreeLogement": 50,
});
const child = (id: string, name: string, born: string, scolarite: string) => ({
  [`individu.${id}._firstName`]: name,
  [`individu.${id}.date_naissance`]: born,
  [`individu.${id}.nationalite`]: "fr",
  [`individu.${id}.garde_alternee`]: false,
  [`individu.${id}.handicap`]: false,
  [`individu.${id}.enfant_a_charge`]: true,
  [`individu.${id}.scolarite`]: scolarite,
  [`individu.${id}._hasRessources`]: false,
});

function fatherOfTwo(extra: Record<string, unknown> = {}) {
  return {
    ...common,
    ...renting(720),
    "individu.demandeur.date_naissance": "1996-07-07",
    "individu.demandeur.activite": "salarie",
    "individu.demandeur.alternant": false,
    "individu.demandeur.regime_securite_sociale": "regime_general",
    "individu.demandeur.enfant_a_charge": false,
    "individu.demandeur._agence_travail_temporaire": false,
    "individu.demandeur._nombreMoisDebutContratDeTravail": 48,
    "individu.demandeur.handicap": false,
    enfants: ["enfant_0", "enfant_1"],
    ...child("enfant_0", "Noah", "2016-04-02", "primaire"),
    ...child("enfant_1", "Inès", "2021-01-25", "maternelle"),
    "famille.en_couple": false,
    "famille.rsa_isolement_recent": false,
    "individu.demandeur.ressources": ["salaire_net"],
    "individu.demandeur.salaire_net": { [YEAR]: 1500 },
    ...extra,
  };
}

function coupleWithBaby(extra: Record<string, unknown> = {}) {
  return {
    ...common,
    ...renting(650),
    "individu.demandeur.date_naissance": "1998-02-14",
    "individu.demandeur.activite": "salarie",
    "individu.demandeur.alternant": false,
    "individu.demandeur.regime_securite_sociale": "regime_general",
    "individu.demandeur.enfant_a_charge": false,
    "individu.demandeur._agence_travail_temporaire": false,
    "individu.demandeur._nombreMoisDebutContratDeTravail": 60,
    "individu.demandeur.handicap": false,
    enfants: ["enfant_0"],
    ...child("enfant_0", "Rose", "2026-08-03", "inconnue"),
    "famille.en_couple": true,
    "individu.conjoint.date_naissance": "1999-11-21",
    "individu.conjoint.nationalite": "fr",
    "individu.conjoint.statut_marital": "marie",
    "individu.conjoint.activite": "inactif",
    "individu.conjoint.inapte_travail": false,
    "individu.conjoint.service_civique": false,
    "individu.conjoint.handicap": false,
    "individu.conjoint.enceinte": false,
    "individu.conjoint.ressources": [],
    "individu.demandeur.ressources": ["salaire_net"],
    "individu.demandeur.salaire_net": { [YEAR]: 1443.11 },
    ...extra,
  };
}

/** A disabled 29-year-old, jobseeker, living alone in Montpellier, receiving the CEJ allowance. */
function cejRecipient(extra: Record<string, unknown> = {}) {
  return {
    ...common,
    ...renting(450),
    "individu.demandeur.date_naissance": "1997-06-01",
    "individu.demandeur.activite": "chomeur",
    "individu.demandeur.date_debut_chomage": "2025-09-01",
    "individu.demandeur.ass_precondition_remplie": false,
    "individu.demandeur.inapte_travail": false,
    "individu.demandeur.handicap": true,
    "individu.demandeur.taux_incapacite": 0.5,
    "individu.demandeur.aah_restriction_substantielle_durable_acces_emploi": false,
    enfants: [],
    "famille.en_couple": false,
    "individu.demandeur.ressources": ["contrat_engagement_jeune"],
    "individu.demandeur.contrat_engagement_jeune": { "2026-06..2026-12": 561.68 },
    ...extra,
  };
}

/** A single mother of a 5-year-old, without a job, housed for free by a friend in Montpellier. */
function motherHoused(extra: Record<string, unknown> = {}) {
  return {
    ...common,
    "menage._logementType": "heberge",
    "menage.participation_frais": false,
    "individu.demandeur.habite_chez_parents": false,
    "menage.depcom": montpellier,
    "menage._nombreMoisEntreeLogement": 30,
    "individu.demandeur.date_naissance": "1997-05-10",
    "individu.demandeur.activite": "inactif",
    "individu.demandeur.inapte_travail": false,
    "individu.demandeur.handicap": false,
    "individu.demandeur.regime_securite_sociale": "regime_general",
    enfants: ["enfant_0"],
    ...child("enfant_0", "Léa", "2021-09-15", "maternelle"),
    "famille.en_couple": false,
    "famille.rsa_isolement_recent": false,
    "individu.demandeur.ressources": [],
    ...extra,
  };
}

/** A grant holder of 20 in licence 2 in Montpellier, renting a furnished studio. */
function student(extra: Record<string, unknown> = {}) {
  return {
    ...common,
    ...renting(480),
    "menage._locationType": "meuble",
    "individu.demandeur.date_naissance": "2006-03-15",
    "individu.demandeur.activite": "etudiant",
    "individu.demandeur.scolarite": "enseignement_superieur",
    "individu.demandeur.annee_etude": "licence_2",
    "individu.demandeur.statuts_etablissement_scolaire": "public",
    "individu.demandeur.stagiaire": false,
    "individu.demandeur.alternant": false,
    "individu.demandeur.groupe_specialites_formation": "aucun",
    "individu.demandeur.handicap": false,
    "individu.demandeur.enfant_a_charge": false,
    "individu.demandeur.regime_securite_sociale": "regime_general",
    enfants: [],
    "famille.en_couple": false,
    "parents._situation": "en_couple",
    "famille.bourse_criteres_sociaux_nombre_enfants_a_charge": 2,
    "famille.bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur": 1,
    "famille.parisien": false,
    "parents._en_france": true,
    "individu.demandeur._bourseCriteresSociauxCommuneDomicileFamilial": montpellier,
    "individu.demandeur.bourse_criteres_sociaux_base_ressources_parentale": 15000,
    "individu.demandeur.ressources": ["bourse_enseignement_sup"],
    "individu.demandeur.bourse_enseignement_sup": { "2026-09..2026-12": 300 },
    ...extra,
  };
}

async function results(answers: Record<string, unknown>) {
  const created = await app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: simulationPayload({
      description: "x",
      dateDeValeur: DATE,
      answers: expandAnswers(
        Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined)),
        "x",
      ),
    } as never),
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const { _id, token } = created.json<{ _id: string; token: string }>();
  const response = await app.inject({
    url: `/api/simulation/${_id}/results`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ droitsEligibles: Droit[]; droitsInjectes: Droit[] }>();
}

type Results = { droitsEligibles: Droit[]; droitsInjectes: Droit[] };

const reduces = (id: string) =>
  bundle.benefits.find((benefit) => benefit.id === id)?.reduces?.benefits ?? [];
const headlineOf = (r: Results) =>
  summarizeWithReceived(r.droitsEligibles, r.droitsInjectes, bundle.results, reduces);
const amountOf = (droits: Droit[], id: string) => {
  const montant = droits.find((droit) => droit.id === id)?.montant;
  if (typeof montant !== "number") throw new Error(`no amount for ${id}`);
  return montant;
};

/** A parameter of the pinned engine, at its latest value (the published scale). */
function engineParameter(path: string): number {
  const lib = readdirSync(".venv/lib").find((dir) => dir.startsWith("python"))!;
  const file = join(".venv/lib", lib, "site-packages/openfisca_france/parameters", `${path}.yaml`);
  const { values } = parse(readFileSync(file, "utf8")) as {
    values: Record<string, { value: number }>;
  };
  return Object.entries(values)
    .sort(([a], [b]) => a.localeCompare(b))
    .at(-1)![1].value;
}
const bmaf = () => engineParameter("prestations_sociales/prestations_familiales/bmaf/bmaf");

describe("§3: the headline is the amount the visitor will live on", () => {
  it("counts a father's family allowances, not ticked, in his prime d'activité", async () => {
    const father = await results(fatherOfTwo());
    const found = father.droitsEligibles;
    // Two children: 32 % of the BMAF (article D521-1 du code de la sécurité sociale).
    expect(amountOf(found, "af")).toBeCloseTo(Math.round(0.32 * bmaf() * 100) / 100, 2);
    // The same household declaring them received: the engine's prime of the first months.
    const declared = await results(
      fatherOfTwo({
        "individu.demandeur.ressources": ["salaire_net", "af"],
        "individu.demandeur.af": { [YEAR]: amountOf(found, "af") },
      }),
    );
    expect(amountOf(found, "ppa")).toBeCloseTo(amountOf(declared.droitsEligibles, "ppa"), 2);
    expect(amountOf(found, "ppa")).toBeCloseTo(585.09, 2);
    // Once his housing aid, AF and ASF are paid: the household declaring all three.
    const paid = await results(
      fatherOfTwo({
        "individu.demandeur.ressources": ["salaire_net", "af", "asf", "aide_logement"],
        "individu.demandeur.af": { [YEAR]: amountOf(found, "af") },
        "individu.demandeur.asf": { [YEAR]: amountOf(found, "asf") },
        "individu.demandeur.aide_logement": { [YEAR]: amountOf(found, "aide_logement") },
      }),
    );
    const settledPpa = amountOf(paid.droitsEligibles, "ppa");
    const ppa = found.find((droit) => droit.id === "ppa")!;
    expect(ppa.settled?.montant).toBeCloseTo(settledPpa, 2);
    const headline = headlineOf(father);
    const expected =
      amountOf(found, "aide_logement") +
      settledPpa +
      amountOf(found, "af") +
      amountOf(found, "asf");
    expect(headline.totals.mensuel).toBeCloseTo(expected, 2);
    expect(headline.totals.mensuel).toBeCloseTo(1024.77, 2);
    expect(headline.firstMonths?.mensuel).toBeCloseTo(
      expected - settledPpa + amountOf(found, "ppa"),
      2,
    );
  });

  it("counts a couple's prime d'activité once their PAJE and housing aid are paid", async () => {
    const couple = await results(coupleWithBaby());
    const found = couple.droitsEligibles;
    const paid = await results(
      coupleWithBaby({
        "individu.demandeur.ressources": ["salaire_net", "paje_base", "aide_logement"],
        "individu.demandeur.paje_base": { "2026-08..2026-12": amountOf(found, "paje_base") },
        "individu.demandeur.aide_logement": { [YEAR]: amountOf(found, "aide_logement") },
      }),
    );
    const settledPpa = amountOf(paid.droitsEligibles, "ppa");
    expect(found.find((droit) => droit.id === "ppa")?.settled?.montant).toBeCloseTo(settledPpa, 2);
    const headline = headlineOf(couple);
    expect(headline.totals.mensuel).toBeCloseTo(
      amountOf(found, "aide_logement") + amountOf(found, "paje_base") + settledPpa,
      2,
    );
    expect(headline.totals.mensuel).toBeCloseTo(767.2, 2);
  });
});

describe("§2: what is already received is never promised again", () => {
  it("shows the RSA found for a CEJ recipient as an alternative, never counted", async () => {
    const cej = await results(cejRecipient());
    expect(cej.droitsInjectes.map((droit) => [droit.id, droit.montant])).toEqual([
      ["contrat_engagement_jeune", 561.68],
    ]);
    expect(cej.droitsEligibles.map((droit) => droit.id)).toContain("rsa");
    const headline = headlineOf(cej);
    expect(headline.summary.counted.has("rsa")).toBe(false);
    const choice = headline.alternatives.find(({ exclusion }) => exclusion.id === "cej-rsa-ppa");
    expect(choice?.found.map((droit) => droit.id)).toEqual(["rsa"]);
    expect(choice?.exclusion.reason).toContain("R5131-24");
    // The monthly headline: the housing aid and the other monthly aids found, not the RSA.
    const monthly = cej.droitsEligibles
      .filter((droit) => headline.summary.counted.has(droit.id))
      .filter((droit) => droit.periodicity === "mensuelle")
      .reduce((sum, droit) => sum + (droit.montant as number), 0);
    expect(headline.totals.mensuel).toBeCloseTo(monthly, 2);
    expect(monthly).toBeGreaterThanOrEqual(amountOf(cej.droitsEligibles, "aide_logement"));
  });

  it("takes the grant declared as « Bourse de l'enseignement supérieur » as received", async () => {
    const declared = await results(student());
    const alone = await results(
      student({
        "individu.demandeur.ressources": [],
        "individu.demandeur.bourse_enseignement_sup": undefined,
      }),
    );
    const computed = amountOf(alone.droitsEligibles, "bourse_criteres_sociaux");
    expect(declared.droitsEligibles.map((droit) => droit.id)).not.toContain(
      "bourse_criteres_sociaux",
    );
    expect(declared.droitsInjectes).toEqual([
      expect.objectContaining({ id: "bourse_criteres_sociaux", montant: 300, computed }),
    ]);
    expect(headlineOf(declared).summary.counted.has("bourse_criteres_sociaux")).toBe(false);
  });

  it("counts the ASF of an RSA recipient net of what her RSA loses", async () => {
    // The RSA the engine gives her with the ASF found this month, which it counts at a flat
    // rate per child (article R262-10-1 du code de l'action sociale et des familles).
    const plain = await results(motherHoused());
    const asf = amountOf(plain.droitsEligibles, "asf");
    const rsaWithAsf = amountOf(plain.droitsEligibles, "rsa");
    const forfait =
      Math.round(
        engineParameter(
          "prestations_sociales/solidarite_insertion/minima_sociaux/rsa/rsa_maj/forfait_asf/taux2",
        ) *
          bmaf() *
          100,
      ) / 100;
    // The same household with the ASF declared received: the engine's RSA is the same.
    const withAsf = await results(
      motherHoused({
        "individu.demandeur.ressources": ["asf"],
        "individu.demandeur.asf": { [YEAR]: asf },
      }),
    );
    expect(amountOf(withAsf.droitsEligibles, "rsa")).toBeCloseTo(rsaWithAsf, 2);
    // She receives the RSA of before the ASF, and declares it.
    const declared = Math.round((rsaWithAsf + forfait) * 100) / 100;
    const recipient = await results(
      motherHoused({
        "individu.demandeur.ressources": ["rsa"],
        "individu.demandeur.rsa": { [YEAR]: declared },
      }),
    );
    const rsa = recipient.droitsInjectes.find((droit) => droit.id === "rsa");
    expect(rsa?.montant).toBe(declared);
    expect(rsa?.settled?.montant).toBeCloseTo(rsaWithAsf, 2);
    const headline = headlineOf(recipient);
    expect(headline.reductions.map((r) => [r.received.id, r.montant])).toEqual([["rsa", forfait]]);
    expect(headline.totals.mensuel).toBeCloseTo(asf - forfait, 2);
    // The ASF's card says why.
    const notes = recipient.droitsEligibles.find((droit) => droit.id === "asf")?.notes ?? [];
    expect(notes.join(" ")).toContain("ressources du RSA");
  });
});
