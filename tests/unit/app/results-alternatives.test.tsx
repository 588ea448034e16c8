/**
 * The "Vous devrez choisir entre" boxes of the results (src/app/results/ResultsSummary.tsx) over
 * the real exclusions of schema/results.yaml: a line never says an amount is counted in the total
 * when the total leaves it out.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import {
  Alternatives,
  estimateLine,
  optionNote,
  settledTotalLine,
} from "../../../src/app/results/ResultsSummary";
import { summarizeResults, type Bundle, type Droit } from "../../../src/domain";

const rules = (bundleJson as unknown as Bundle).results!;

const droit = (id: string, label: string, montant: number): Droit => ({
  id,
  label,
  description: "",
  institution: "caf",
  montant,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
});

// A disabled young person out of work: the AAH outweighs the RSA, and the RSA with the prime
// d’activité outweighs the CEJ. Of that option, only the prime d’activité can be received.
const summary = summarizeResults(
  [
    droit("contrat_engagement_jeune", "Contrat d’engagement jeune", 300),
    droit("rsa", "Revenu de solidarité active", 568.94),
    droit("ppa", "Prime d’activité", 600),
    droit("aah", "Allocation aux adultes handicapés", 1033.32),
  ],
  rules,
);
const boxes = summary.alternatives.map((alternative) => alternative.exclusion.id);
const cejBox = boxes.indexOf("cej-rsa-ppa");
const aahBox = boxes.indexOf("aah-rsa");
const taken = (box: number) => summary.alternatives[box]!.options.findIndex((o) => o.chosen);

describe("the line of the option taken", () => {
  it("counts the AAH and the prime d’activité, not the RSA (1,033.32 + 600)", () => {
    expect(summary.totals.mensuel).toBe(1633.32);
    expect(cejBox).toBeGreaterThanOrEqual(0);
    expect(aahBox).toBeGreaterThanOrEqual(0);
  });

  it("names what the total counts when another choice left part of the option out", () => {
    const note = optionNote(summary, cejBox, taken(cejBox));
    expect(note).toBe(
      "dans le total\u00a0: Prime d’activité seulement (Revenu de solidarité active\u00a0: " +
        `voir le choix ${aahBox > cejBox ? "ci-dessous" : "ci-dessus"})`,
    );
    expect(note).not.toMatch(/^compté dans le total/);
  });

  it("says an option is counted when all of it is", () => {
    expect(optionNote(summary, aahBox, taken(aahBox))).toBe("compté dans le total");
  });

  it("says nothing of an option not taken", () => {
    const notTaken = summary.alternatives[cejBox]!.options.findIndex((o) => !o.chosen);
    expect(optionNote(summary, cejBox, notTaken)).toBeNull();
  });

  it("shows that line in the box", () => {
    const html = renderToStaticMarkup(<Alternatives summary={summary} />);
    expect(html).toContain("Prime d’activité seulement");
    expect(html.match(/compté dans le total/g)).toHaveLength(1);
  });
});

describe("what the summary says it counts", () => {
  it("the option that brings the most, where each choice is decided by its amounts", () => {
    expect(summary.alternatives.every((choice) => !choice.exclusion.preferred)).toBe(true);
    expect(estimateLine(summary)).toContain("elle compte celle qui vous rapporte le plus.");
  });

  it("not the one that brings the most, where the schema prefers a smaller one", () => {
    // The job seeker of Lille: the CEJ is preferred to the Region's larger trainee pay.
    const seeker = summarizeResults(
      [
        droit("contrat_engagement_jeune", "Contrat d’engagement jeune", 561.68),
        droit("hauts_de_france_indemnites_protec_soc_formation_pro", "Rémunération", 685),
      ],
      rules,
    );
    expect(seeker.totals.mensuel).toBe(561.68);
    const line = estimateLine(seeker);
    expect(line).not.toContain("rapporte le plus");
    expect(line).toContain("celle qui vous convient en général le mieux");
  });

  it("the one that brings the most, where the preferred option is not among the results", () => {
    // Two Regions' trainee pays without the CEJ: the choice falls back on the amounts.
    const trainee = summarizeResults(
      [
        droit("hauts_de_france_indemnites_protec_soc_formation_pro", "Hauts-de-France", 685),
        droit("region_occitanie_remuneration_stagiaires_formation_pro", "Occitanie", 500),
      ],
      rules,
    );
    expect(trainee.totals.mensuel).toBe(685);
    expect(estimateLine(trainee)).toContain("celle qui vous rapporte le plus");
    const box = trainee.alternatives[0]!;
    const taken = box.options.findIndex((option) => option.chosen);
    expect(optionNote(trainee, 0, taken)).toBe("compté dans le total");
  });

  it("says only that it is an estimate where there is no choice", () => {
    const alone = summarizeResults([droit("ppa", "Prime d’activité", 600)], rules);
    expect(estimateLine(alone)).toBe("Une estimation d’après vos réponses.");
  });
});

describe("what the summary says of a total of the first months", () => {
  it("gives the monthly total once the aids claimed with them are paid, in whole euros", () => {
    const after = "une fois vos autres aides de la Caf versées";
    const prime = {
      ...droit("ppa", "Prime d’activité", 581.63),
      settled: { montant: 314.54, after },
    };
    const summary = summarizeResults(
      [prime, droit("aide_logement", "Aide au logement", 392.29)],
      rules,
    );
    expect(settledTotalLine(summary)).toBe(
      "Ce total mensuel vaut pour les premiers mois. Ensuite, environ 707\u00a0€\u00a0par mois en tout, une fois vos autres aides de la Caf versées.",
    );
    expect(
      settledTotalLine(
        summarizeResults([droit("aide_logement", "Aide au logement", 392.29)], rules),
      ),
    ).toBeUndefined();
  });
});
