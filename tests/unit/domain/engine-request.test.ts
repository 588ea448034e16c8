import { describe, expect, it } from "vitest";
import { buildEngineRequest, buildSituation, extractDroits } from "../../../src/domain";
import { lyon } from "../../fixtures/situations";
import { a, bundle, DATE, student } from "./fixtures";

describe("buildEngineRequest", () => {
  const answers = [
    ...student,
    a("menage._logementType", "locataire"),
    a("menage._locationType", "meuble"),
    a("menage.loyer", 450),
    a("menage.depcom", lyon),
    a("demandeur.ressources", ["salaire_net"]),
    a("demandeur.salaire_net", { "2026-10": 300, "2026-11": 300 }),
  ];
  const { request, outputs } = buildEngineRequest(bundle, buildSituation(bundle, answers, DATE));

  it("maps answers to engine variables at their periods", () => {
    const demandeur = request.individus.demandeur!;
    expect(demandeur.date_naissance).toEqual({ ETERNITY: "2006-03-15" });
    expect(demandeur.activite).toMatchObject({ "2026-11": "etudiant" });
    expect(demandeur.salaire_net).toMatchObject({ "2026-10": 300, "2026-11": 300 });
    expect(demandeur.enfant_a_charge).toEqual({ 2026: true });
    const menage = request.menages._!;
    expect(menage.depcom).toMatchObject({ "2026-11": "69123" });
    expect(menage.statut_occupation_logement).toMatchObject({ "2026-11": "locataire_meuble" });
    expect(menage.loyer).toMatchObject({ "2026-11": 450 });
    expect(menage.personne_de_reference).toEqual(["demandeur"]);
  });

  it("asks every benefit as null at its own period", () => {
    expect(outputs.map((o) => o.benefitId)).toEqual(bundle.benefits.map((b) => b.id));
    expect(request.familles._!.aide_logement).toMatchObject({ "2026-11": null });
    expect(request.individus.demandeur!.bourse_criteres_sociaux).toEqual({ "2026-11": null });
  });

  it("keeps only non-zero benefits from the engine response", () => {
    const response = {
      individus: {
        demandeur: {
          bourse_criteres_sociaux: { "2026-11": 350.456 },
          contrat_engagement_jeune: { "2026-11": 0 },
        },
      },
      familles: {
        _: { aide_logement: { "2026-11": 210 }, ppa: { "2026-11": 0 }, rsa: { "2026-11": 0 } },
      },
    };
    const droits = extractDroits(bundle, outputs, response);
    expect(droits.map((d) => [d.id, d.montant])).toEqual([
      ["bourse_criteres_sociaux", 350.46],
      ["aide_logement", 210],
    ]);
    expect(droits[0]?.institution).toBe("État");
  });
});
