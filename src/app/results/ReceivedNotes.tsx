import type { Droit, HeadlineSummary } from "../../domain";
import { aboutEuros, formatAmount, formatEuros, frenchList } from "../../domain";

/**
 * "Ce total mensuel est celui qui vous restera une fois vos autres aides de la Caf versées ; les
 * premiers mois, jusqu’à 1 430 € par mois.": the headline counts each amount once the aids
 * claimed with it are paid (docs/adr/0013-settled-amounts.md), the first months' total is a
 * detail.
 */
export function firstMonthsLine(headline: HeadlineSummary<Droit>): string | undefined {
  const first = headline.firstMonths;
  if (!first) return undefined;
  return `Ce total mensuel est celui qui vous restera ${first.after}\u00a0; les premiers mois, jusqu’à ${formatEuros(first.mensuel)}\u00a0par mois.`;
}

/**
 * "Ce total compte la baisse de ce que vous percevez déjà, une fois ces aides versées : Revenu de
 * solidarité active (RSA), environ 108 € de moins par mois.": a received aid lowered by aids
 * found (`reduces` in schema/benefits/).
 */
export function reductionsLine(headline: HeadlineSummary<Droit>): string | undefined {
  if (headline.reductions.length === 0) return undefined;
  const parts = headline.reductions.map(
    ({ received, montant }) => `${received.label}, ${aboutEuros(montant)} de moins par mois`,
  );
  return `Ce total compte la baisse de ce que vous percevez déjà, une fois ces aides versées\u00a0: ${frenchList(parts)}.`;
}

function withAmount(droit: Droit): string {
  const amount = formatAmount(droit);
  return amount ? `${droit.label} (${amount})` : droit.label;
}

/**
 * Aids found that an aid already received excludes (schema/results.yaml `exclusions`): shown as
 * what the visitor would receive instead, never added, with the exclusion's reason.
 */
export function ReceivedAlternatives({ headline }: { headline: HeadlineSummary<Droit> }) {
  if (headline.alternatives.length === 0) return null;
  return (
    <>
      {headline.alternatives.map(({ exclusion, received, found }) => (
        <div
          key={exclusion.id}
          className="fr-alert fr-alert--info fr-alert--sm fr-mb-2w app-results-choice"
        >
          <h2 className="fr-alert__title">
            Vous percevez déjà {frenchList(received.map(withAmount))}
          </h2>
          <p className="fr-text--sm fr-mb-1v">
            {found.length === 1
              ? "Cette aide le remplacerait, elle ne s’y ajouterait pas\u00a0; elle n’est pas comptée dans le total\u00a0:"
              : "Ces aides le remplaceraient, elles ne s’y ajouteraient pas\u00a0; elles ne sont pas comptées dans le total\u00a0:"}
          </p>
          <ul>
            {found.map((droit) => (
              <li key={droit.id}>{withAmount(droit)}</li>
            ))}
          </ul>
          <p className="fr-text--sm fr-mb-0">{exclusion.reason}</p>
        </div>
      ))}
    </>
  );
}

/** The benefits each one lowers once paid (`reduces` in schema/benefits/), by id. */
export function reducedBy(
  benefits: readonly { id: string; reduces?: { benefits: string[] } }[],
): (id: string) => readonly string[] {
  const index = new Map(benefits.map((benefit) => [benefit.id, benefit.reduces?.benefits ?? []]));
  return (id) => index.get(id) ?? [];
}
