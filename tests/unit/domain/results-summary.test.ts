/**
 * The results summary and order (src/domain/results-summary.ts) over the real rules of
 * schema/results.yaml: exclusions counted once, totals bounded by the sum of the amounts, and
 * nothing that depends on the order the results arrived in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import type { Bundle, Droit } from "../../../src/domain";
import {
  categoryOf,
  hasKeyword,
  orderResults,
  summarizeResults,
  themeOf,
} from "../../../src/domain/results-summary";

const rules = (bundleJson as unknown as Bundle).results!;

function droit(
  id: string,
  montant: number | boolean,
  periodicity = "mensuelle",
  extra: Partial<Droit> = {},
): Droit {
  return {
    id,
    label: extra.label ?? id,
    description: "",
    institution: "caf",
    montant,
    unit: typeof montant === "number" ? "€" : "",
    periodicity,
    links: {},
    ...extra,
  };
}

describe("summarizeResults", () => {
  it("gives the monthly total once the aids claimed with the prime are paid, beside the first months'", () => {
    const settled = { montant: 314.54, after: "une fois vos autres aides de la Caf versées" };
    const mother = summarizeResults(
      [
        droit("aide_logement", 392.29),
        droit("ppa", 581.63, "mensuelle", { settled }),
        droit("asf", 201.78),
      ],
      rules,
    );
    expect(mother.totals.mensuel).toBe(1175.7);
    expect(mother.settled).toEqual({ mensuel: 908.61, after: settled.after });
    // Nothing said when no counted amount changes, nor for an amount the totals leave out.
    expect(summarizeResults([droit("aide_logement", 392.29)], rules).settled).toBeUndefined();
    const leftOut = summarizeResults(
      [
        droit("ppa", 100, "mensuelle", { settled: { montant: 0, after: "ensuite" } }),
        droit("contrat_engagement_jeune", 420.51),
      ],
      rules,
    );
    expect([...leftOut.counted]).toEqual(["contrat_engagement_jeune"]);
    expect(leftOut.settled).toBeUndefined();
  });

  it("weighs a first months' amount at what it becomes once the other aids are paid", () => {
    // The prime d'activité of the first months outweighs the CEJ, its lasting amount does not:
    // whatever the amounts, the option counted is the one worth more over a year.
    const settled = { montant: 314.54, after: "une fois vos autres aides de la Caf versées" };
    const choice = (cej: number) =>
      summarizeResults(
        [droit("ppa", 581.63, "mensuelle", { settled }), droit("contrat_engagement_jeune", cej)],
        rules,
      );
    expect([...choice(500).counted]).toEqual(["contrat_engagement_jeune"]);
    expect(choice(500).totals.mensuel).toBe(500);
    expect([...choice(300).counted]).toEqual(["ppa"]);
    expect(choice(300).settled).toEqual({ mensuel: 314.54, after: settled.after });
    for (const cej of [0.01, 150, 314.53, 314.55, 450, 581.62, 581.64, 900]) {
      const summary = choice(cej);
      const lasting = summary.counted.has("ppa") ? settled.montant : cej;
      expect(lasting).toBe(Math.max(settled.montant, cej));
    }
  });

  it("counts the CEJ or the RSA with the prime d’activité, never both (issue 16 cases)", () => {
    // A disabled 28-year-old: CEJ 561.68 €, RSA 573.49 €: the RSA is worth more.
    const disabled = summarizeResults(
      [droit("contrat_engagement_jeune", 561.68), droit("rsa", 573.49)],
      rules,
    );
    expect(disabled.totals.mensuel).toBe(573.49);
    expect([...disabled.counted]).toEqual(["rsa"]);
    expect(disabled.alternatives).toHaveLength(1);
    expect(disabled.alternatives[0]!.options.map((o) => [o.droits[0]!.id, o.chosen])).toEqual([
      ["contrat_engagement_jeune", false],
      ["rsa", true],
    ]);
    // A 24-year-old earning 600 €: CEJ 420.51 €, PPA 320.79 €: the CEJ is worth more.
    const worker = summarizeResults(
      [
        droit("ppa", 320.79),
        droit("contrat_engagement_jeune", 420.51),
        droit("aide_logement", 250),
      ],
      rules,
    );
    expect(worker.totals.mensuel).toBe(670.51);
    // RSA and PPA are one option: received together, they outweigh the CEJ together.
    const both = summarizeResults(
      [droit("contrat_engagement_jeune", 500), droit("rsa", 300), droit("ppa", 250)],
      rules,
    );
    expect(both.totals.mensuel).toBe(550);
  });

  it("counts the CEJ, not the Region's trainee pay beside it: one is for those not in training", () => {
    // A 24-year-old job seeker in Lille (walked on 2026-11-30): the summary said "jusqu’à
    // 1 246,68 € par mois", the CEJ and the Region's pay for a training he never mentioned.
    const seeker = summarizeResults(
      [
        droit("hauts_de_france_indemnites_protec_soc_formation_pro", 685, "mensuelle", {
          legend: "au maximum",
        }),
        droit("contrat_engagement_jeune", 561.68),
      ],
      rules,
    );
    expect(seeker.totals.mensuel).toBe(561.68);
    expect([...seeker.counted]).toEqual(["contrat_engagement_jeune"]);
    expect(seeker.alternatives).toHaveLength(1);
    expect(seeker.alternatives[0]!.exclusion.id).toBe("cej-stagiaire-formation");
    expect(seeker.alternatives[0]!.exclusion.reason).toContain("formation professionnelle");
  });

  it("counts the AAH or the RSA, the larger, since the RSA counts the AAH in its resources", () => {
    const summary = summarizeResults(
      [droit("aah", 1033.32), droit("rsa", 568.94), droit("contrat_engagement_jeune", 561.68)],
      rules,
    );
    expect(summary.totals.mensuel).toBe(1595);
    expect([...summary.counted].sort()).toEqual(["aah", "contrat_engagement_jeune"]);
  });

  it("takes the preferred option whatever the amounts", () => {
    const health = summarizeResults(
      [droit("css_participation_forfaitaire", 0), droit("auvergne_mutuelle_communale", true)],
      rules,
    );
    const [alternative] = health.alternatives;
    expect(alternative?.options.find((o) => o.chosen)?.droits[0]?.id).toBe(
      "css_participation_forfaitaire",
    );
  });

  it("adds monthly, yearly and one-off amounts apart, and never the advantages", () => {
    const summary = summarizeResults(
      [
        droit("aide_logement", 252.9),
        droit("cheque_energie", 150, "annuelle"),
        droit("pass_sport", 50, "ponctuelle"),
        droit("crous_repas_montant", 1, "autre", { legend: "par repas" }),
        droit("carte_sncf_eleve_apprenti_eligibilite", true, "annuelle"),
      ],
      rules,
    );
    expect(summary.totals).toEqual({ mensuel: 252.9, annuel: 150, ponctuel: 50 });
  });

  it("never adds an aid that is only possible (it depends on an input we guessed)", () => {
    const possible = {
      kind: "possible" as const,
      label: "Possible, selon votre quotient familial CAF",
      reason: "",
      conditions: [],
      links: [],
    };
    const summary = summarizeResults(
      [droit("aide_logement", 252.9), droit("caf_bafa", 215, "ponctuelle", { status: possible })],
      rules,
    );
    expect(summary.totals).toEqual({ mensuel: 252.9, annuel: 0, ponctuel: 0 });
    // Nor names it among the amounts the totals count.
    expect([...summary.counted]).toEqual(["aide_logement"]);
    expect([...summary.leftOut]).toEqual([]);
  });

  const ids = rules.exclusions.flatMap((e) => e.options.flat());
  const others = ["aide_logement", "pass_sport", "cheque_energie", "ville_lyon_x", "y"];
  const arbitraryDroits = fc
    .uniqueArray(fc.constantFrom(...ids, ...others), { minLength: 0, maxLength: 14 })
    .chain((chosen) =>
      fc.tuple(
        ...chosen.map((id) =>
          fc.record({
            id: fc.constant(id),
            montant: fc.oneof(
              fc.constant(true as const),
              fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100),
            ),
            periodicity: fc.constantFrom("mensuelle", "annuelle", "ponctuelle", "autre"),
          }),
        ),
      ),
    )
    .map((list) => list.map((d) => droit(d.id, d.montant, d.periodicity)));

  it("never adds a result to verify or decided on application, and counts the rest as without it", () => {
    const uncertain = arbitraryDroits.chain((droits) =>
      fc.tuple(
        fc.constant(droits),
        fc.array(fc.constantFrom(undefined, "to_verify" as const, "on_application" as const), {
          minLength: droits.length,
          maxLength: droits.length,
        }),
      ),
    );
    fc.assert(
      fc.property(uncertain, ([droits, certainties]) => {
        const marked = droits.map((d, i) =>
          certainties[i] ? { ...d, certainty: certainties[i], decisive: ["Une condition."] } : d,
        );
        const summary = summarizeResults(marked, rules);
        for (const d of marked) if (d.certainty) expect(summary.counted.has(d.id)).toBe(false);
        // What is certain is summed exactly as if the uncertain results were not there, whatever
        // an exclusion would have chosen among them.
        const certain = summarizeResults(
          marked.filter((d) => !d.certainty),
          rules,
        );
        expect(summary.totals).toEqual(certain.totals);
      }),
    );
  });

  it("never adds what is paid to the parents for the young person", () => {
    const summary = summarizeResults(
      [
        droit("aide_logement", 120),
        droit("bourse_lycee", 843, "annuelle", { paidTo: "Versée à vos parents" }),
      ],
      rules,
    );
    expect(summary.totals).toEqual({ mensuel: 120, annuel: 0, ponctuel: 0 });
    expect([...summary.counted]).toEqual(["aide_logement"]);
  });

  it("never counts results of two options of an exclusion", () => {
    fc.assert(
      fc.property(arbitraryDroits, (droits) => {
        const { counted } = summarizeResults(droits, rules);
        for (const exclusion of rules.exclusions) {
          const countedOptions = exclusion.options.filter((option) =>
            option.some((id) => counted.has(id)),
          );
          expect(countedOptions.length).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("totals exactly the amounts it says it counts, and never one it left out", () => {
    fc.assert(
      fc.property(arbitraryDroits, (droits) => {
        const { totals, counted, leftOut } = summarizeResults(droits, rules);
        const named = droits.filter((d) => counted.has(d.id));
        for (const d of named) {
          expect(typeof d.montant).toBe("number");
          expect(d.montant).toBeGreaterThan(0);
          expect(leftOut.has(d.id)).toBe(false);
        }
        // Each total is in its own unit (per month, per year, once): their cents add up to the
        // cents of the amounts named, whatever their periodicity.
        const total = Math.round((totals.mensuel + totals.annuel + totals.ponctuel) * 100);
        expect(total).toBe(
          named.reduce((sum, d) => sum + Math.round((d.montant as number) * 100), 0),
        );
      }),
    );
  });

  it("never totals more than the sum of every amount", () => {
    fc.assert(
      fc.property(arbitraryDroits, (droits) => {
        const { totals } = summarizeResults(droits, rules);
        const all = droits.reduce(
          (sum, d) => sum + (typeof d.montant === "number" ? Math.round(d.montant * 100) : 0),
          0,
        );
        const total = Math.round((totals.mensuel + totals.annuel + totals.ponctuel) * 100);
        expect(total).toBeLessThanOrEqual(all);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("gives the same totals, alternatives and order whatever the order of the results", () => {
    fc.assert(
      fc.property(
        arbitraryDroits.chain((droits) =>
          fc.tuple(fc.constant(droits), fc.shuffledSubarray(droits, { minLength: droits.length })),
        ),
        ([droits, shuffled]) => {
          const a = summarizeResults(droits, rules);
          const b = summarizeResults(shuffled, rules);
          expect(b.totals).toEqual(a.totals);
          expect([...b.counted].sort()).toEqual([...a.counted].sort());
          const shape = (s: typeof a) =>
            s.alternatives.map((alt) =>
              alt.options.map((o) => [o.chosen, o.droits.map((d) => d.id)]),
            );
          expect(shape(b)).toEqual(shape(a));
          expect(orderResults(shuffled, rules).map((d) => d.id)).toEqual(
            orderResults(droits, rules).map((d) => d.id),
          );
        },
      ),
    );
  });
});

describe("orderResults", () => {
  it("lists monthly amounts largest first, then yearly, one-off, then the advantages", () => {
    const ordered = orderResults(
      [
        droit("carte_sncf_eleve_apprenti_eligibilite", true, "annuelle", { label: "Abonnement" }),
        droit("pass_sport", 50, "ponctuelle"),
        droit("aide_alimentation_etudiants_eloignes", 40),
        droit("ville_lyon_bourse_jeunes_2030_agir", 5000, "ponctuelle", { legend: "au maximum" }),
        droit("aide_logement", 252.9),
        droit("bourse_criteres_sociaux", 521.2),
        droit("crous_repas_montant", 1, "autre", { legend: "par repas" }),
      ],
      rules,
    ).map((d) => d.id);
    expect(ordered).toEqual([
      "bourse_criteres_sociaux",
      "aide_logement",
      "aide_alimentation_etudiants_eloignes",
      "ville_lyon_bourse_jeunes_2030_agir",
      "pass_sport",
      "carte_sncf_eleve_apprenti_eligibilite",
      "crous_repas_montant",
    ]);
  });

  it("puts a result with a priority first in its category", () => {
    const ordered = orderResults([droit("a", 500), droit("b", 10), droit("c", true)], rules, (d) =>
      d.id === "b" || d.id === "c" ? 1 : undefined,
    ).map((d) => d.id);
    expect(ordered).toEqual(["b", "a", "c"]);
  });
});

describe("categories and themes", () => {
  it("never adds an amount whose legend says it is not money received", () => {
    expect(categoryOf(droit("x", 12, "ponctuelle", { legend: "par jour" }), rules).total).toBe(
      "none",
    );
    expect(categoryOf(droit("x", true, "mensuelle"), rules).total).toBe("none");
  });

  it("reads a keyword as a word, or a word's start with *", () => {
    expect(hasKeyword("aide territoriale aux etudiants", "ter")).toBe(false);
    expect(hasKeyword("carte ter illico", "ter")).toBe(true);
    expect(hasKeyword("aides aux enfants", "enfant")).toBe(true);
    expect(hasKeyword("bourse d’etudes", "etud*")).toBe(true);
    expect(
      themeOf(droit("x", true, "autre", { label: "Aide territoriale aux étudiants" }), rules),
    ).toBe("etudes");
    expect(themeOf(droit("aide_logement", 1), rules)).toBe("logement");
    expect(themeOf(droit("x", 1, "autre", { label: "Aide au permis B" }), rules)).toBe("transport");
  });

  it("files the Region's trainee pay under money, not transport, though its label names transport", () => {
    const pay = droit("hauts_de_france_indemnites_protec_soc_formation_pro", 685, "mensuelle", {
      label: "Rémunération, indemnités de transport et protection sociale des stagiaires",
    });
    expect(themeOf(pay, rules)).toBe("argent");
  });
});
