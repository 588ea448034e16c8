/**
 * What the results page says of the aids already received (src/app/results/ReceivedNotes.tsx,
 * docs/adr/0013-settled-amounts.md): the aids found that a received one excludes, the headline
 * once the other aids are paid, and what a received aid loses to the aids found.
 */
import { MemoryRouter } from "react-router-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import {
  firstMonthsLine,
  ReceivedAlternatives,
  reducedBy,
  reductionsLine,
} from "../../../src/app/results/ReceivedNotes";
import { ResultsSummary } from "../../../src/app/results/ResultsSummary";
import { ResultCard } from "../../../src/app/results/ResultCard";
import { summarizeWithReceived, type Bundle, type Droit } from "../../../src/domain";

const bundle = bundleJson as unknown as Bundle;
const rules = bundle.results!;
const AFTER = "une fois vos autres aides de la Caf versées";

const droit = (id: string, label: string, montant: number, extra: Partial<Droit> = {}): Droit => ({
  id,
  label,
  description: "",
  institution: "caf",
  montant,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
  ...extra,
});

describe("the aids found beside the aids received", () => {
  it("shows the RSA found for a CEJ recipient as replacing it, with the reason", () => {
    const headline = summarizeWithReceived(
      [droit("aide_logement", "Aide au logement", 304.84), droit("rsa", "RSA", 573.49)],
      [droit("contrat_engagement_jeune", "Contrat d’engagement jeune", 561.68)],
      rules,
      reducedBy(bundle.benefits),
    );
    const html = renderToStaticMarkup(<ReceivedAlternatives headline={headline} />);
    expect(html).toContain("Vous percevez déjà Contrat d’engagement jeune (561,68\u00a0€ / mois)");
    expect(html).toContain("RSA (573,49\u00a0€ / mois)");
    expect(html).toContain("n’est pas comptée dans le total");
    expect(html).toContain("R5131-24");
    const summary = renderToStaticMarkup(
      <MemoryRouter>
        <ResultsSummary
          summary={headline.summary}
          headline={headline}
          top={[]}
          others={0}
          to={(id) => id}
        />
      </MemoryRouter>,
    );
    expect(summary).toContain("jusqu’à 304,84\u00a0€\u00a0par mois");
  });

  it("leads with the total once the other aids are paid, the first months' as a detail", () => {
    const ppa = droit("ppa", "Prime d’activité", 585.09, {
      settled: { montant: 180.35, after: AFTER },
    });
    const headline = summarizeWithReceived(
      [droit("aide_logement", "Aide au logement", 287.84), ppa, droit("af", "AF", 153.01)],
      [],
      rules,
      reducedBy(bundle.benefits),
    );
    expect(firstMonthsLine(headline)).toBe(
      `Ce total mensuel est celui qui vous restera ${AFTER}\u00a0; les premiers mois, jusqu’à 1\u202f025,94\u00a0€\u00a0par mois.`,
    );
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ResultsSummary
          summary={headline.summary}
          headline={headline}
          top={[ppa]}
          others={2}
          to={(id) => id}
        />
      </MemoryRouter>,
    );
    expect(html).toContain("jusqu’à 621,20\u00a0€\u00a0par mois");
    // The prime is named at what it becomes.
    expect(html).toContain("180,35\u00a0€ / mois");
    expect(html).not.toContain("585,09");
  });

  it("says what an RSA received loses to the ASF found", () => {
    const headline = summarizeWithReceived(
      [droit("asf", "ASF", 201.78)],
      [droit("rsa", "RSA", 821.13, { settled: { montant: 713.54, after: AFTER } })],
      rules,
      reducedBy(bundle.benefits),
    );
    expect(headline.totals.mensuel).toBe(94.19);
    expect(reductionsLine(headline)).toBe(
      "Ce total compte la baisse de ce que vous percevez déjà, une fois ces aides versées\u00a0: RSA, environ 108\u00a0€ de moins par mois.",
    );
  });

  it("shows the engine's amount of a received aid beside the declared one", () => {
    const html = renderToStaticMarkup(
      <ResultCard
        droit={droit("bourse_criteres_sociaux", "Bourse", 300, { computed: 521.2 })}
        institution="État"
      />,
    );
    expect(html).toContain("D’après nos calculs, ce serait plutôt 521,20\u00a0€ / mois");
  });
});
