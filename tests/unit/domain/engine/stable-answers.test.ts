import { describe, expect, it } from "vitest";
import { mappingsByEntity } from "../../../../src/domain/engine/inputs";
import {
  copyStableAnswers,
  LOOKBACK_MONTHS,
  stableVariables,
} from "../../../../src/domain/engine/rules/stable-answers";
import type { EngineRequest } from "../../../../src/domain";
import { a, bundle, student } from "../fixtures";
import { lyon, requestFor } from "./helpers";

describe("rule: stable answers over the last 3 months", () => {
  it("copies the variables the schema marks stable: last_3_months, and only those", () => {
    const stable = stableVariables(mappingsByEntity(bundle));
    // The classification the TypeScript lists held before it moved to the schema.
    expect([...stable].sort()).toEqual(
      [
        ...["nationalite", "statut_marital", "activite", "scolarite", "annee_etude"],
        ...["statuts_etablissement_scolaire", "stagiaire", "alternant", "apprenti"],
        // date_debut_chomage left the list: the engine defines it by eternity, not by month.
        ...["groupe_specialites_formation", "service_civique"],
        ...["contrat_de_travail_debut", "peec_employeur", "ass_precondition_remplie"],
        ...["inapte_travail", "handicap", "taux_incapacite"],
        ...["aah_restriction_substantielle_durable_acces_emploi", "garde_alternee"],
        ...["enfant_place", "enceinte", "rsa_jeune_condition_heures_travail_remplie", "gir"],
        ...["regime_securite_sociale", "habite_chez_parents", "rsa_isolement_recent"],
        ...["proprietaire_proche_famille", "parisien", "depcom", "statut_occupation_logement"],
        ...["loyer", "charges_locatives", "coloc", "logement_chambre", "logement_crous"],
        ...["etat_logement_foyer", "participation_frais", "date_entree_logement"],
      ].sort(),
    );
    for (const currentOnly of [
      "bourse_criteres_sociaux_base_ressources_parentale",
      "bourse_criteres_sociaux_nombre_enfants_a_charge",
      "boursier",
      "tns_autres_revenus_type_activite",
    ]) {
      expect(stable.has(currentOnly)).toBe(false);
    }
  });

  it("copies the current month's value to the 3 months before, keeping values already there", () => {
    expect(LOOKBACK_MONTHS).toBe(3);
    const request: EngineRequest = {
      individus: {
        x: {
          activite: { "2026-11": "etudiant", "2026-09": "actif" },
          bourse_criteres_sociaux_base_ressources_parentale: { "2026-11": 24000 },
          handicap: { "2026-10": true },
        },
      },
      familles: { _: { parents: ["x"], rsa_isolement_recent: { "2026-11": true } } },
      foyers_fiscaux: {},
      menages: { _: { personne_de_reference: ["x"], loyer: { "2026-11": 450 } } },
    };
    copyStableAnswers(request, "2026-11-22", stableVariables(mappingsByEntity(bundle)));
    expect(request.individus.x).toEqual({
      activite: {
        "2026-11": "etudiant",
        "2026-10": "etudiant",
        "2026-09": "actif",
        "2026-08": "etudiant",
      },
      bourse_criteres_sociaux_base_ressources_parentale: { "2026-11": 24000 },
      // Nothing at the current month: nothing to copy.
      handicap: { "2026-10": true },
    });
    expect(request.familles._?.rsa_isolement_recent).toEqual({
      "2026-11": true,
      "2026-10": true,
      "2026-09": true,
      "2026-08": true,
    });
    expect(request.menages._?.personne_de_reference).toEqual(["x"]);
    expect(request.menages._?.loyer).toEqual({
      "2026-11": 450,
      "2026-10": 450,
      "2026-09": 450,
      "2026-08": 450,
    });
  });

  it("applies to the whole request, across a year boundary", () => {
    const { request } = requestFor(
      [
        ...student,
        a("menage._logementType", "locataire"),
        a("menage._locationType", "vide"),
        a("menage.loyer", 500),
        a("menage.depcom", lyon),
      ],
      { date: "2027-02-10" },
    );
    const months = ["2027-02", "2027-01", "2026-12", "2026-11"];
    const at = (value: unknown) => Object.fromEntries(months.map((month) => [month, value]));
    expect(request.menages._?.depcom).toEqual(at("69123"));
    expect(request.menages._?.statut_occupation_logement).toEqual(at("locataire_vide"));
    expect(request.individus.demandeur?.activite).toEqual(at("etudiant"));
    expect(request.individus.demandeur?.date_naissance).toEqual({ ETERNITY: "2006-03-15" });
    expect(request.individus.demandeur?.enfant_a_charge).toEqual({ 2027: true });
  });
});
