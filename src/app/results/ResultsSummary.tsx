import { Link } from "react-router-dom";
import type { Droit, HeadlineSummary, ResultsSummary as Summary } from "../../domain";
import { aboutEuros, formatAmount, frenchList, totalParts } from "../../domain";
import { firstMonthsLine, reductionsLine } from "./ReceivedNotes";

interface ResultsSummaryProps {
  summary: Summary<Droit>;
  /** The largest amounts counted in the summary, in the page's order. */
  top: Droit[];
  /** How many other amounts the totals count, shown further down the page. */
  others: number;
  to: (id: string) => string;
  /**
   * The headline: the amounts once the aids claimed together are paid, net of what received aids
   * lose (src/domain/received.ts); without it, the summary's own totals.
   */
  headline?: HeadlineSummary<Droit>;
}

/** The line under the largest amounts that says the totals count more than these. */
export function othersLine(others: number): string {
  return others === 1
    ? "Et 1 autre aide comptée dans ce total, présentée plus bas."
    : `Et ${others} autres aides comptées dans ce total, présentées plus bas.`;
}

/**
 * "Ce total mensuel vaut pour les premiers mois. Ensuite, environ 1 070 € par mois en tout, une
 * fois vos autres aides de la Caf versées.": where the monthly total counts amounts of the first
 * months (a result's `settled`).
 */
export function settledTotalLine(summary: Summary<Droit>): string | undefined {
  const settled = summary.settled;
  if (!settled) return undefined;
  return `Ce total mensuel vaut pour les premiers mois. Ensuite, ${aboutEuros(settled.mensuel)}\u00a0par mois en tout, ${settled.after}.`;
}

/**
 * What the summary says of its totals. Where the visitor must choose between aids, the totals
 * count one option of each choice: the largest, or the one the schema prefers (`preferred`,
 * schema/results.yaml, when it is among the results), which is not always the largest.
 */
export function estimateLine(summary: Summary<Droit>): string {
  const choices = summary.alternatives;
  if (choices.length === 0) return "Une estimation d’après vos réponses.";
  const byPreference = choices.filter((choice) => choice.byPreference).length;
  const counts =
    byPreference === 0
      ? "celle qui vous rapporte le plus"
      : byPreference === choices.length
        ? "celle qui vous convient en général le mieux, indiquée plus bas"
        : "une seule d’entre elles, indiquée plus bas";
  return `Une estimation d’après vos réponses\u00a0: quand vous devez choisir entre des aides, elle compte ${counts}.`;
}

/**
 * What the visitor may receive in all (docs/product.md §2 "Simulation routes"): the totals of the
 * results that can be received together, and the largest amounts with a link to each one's page.
 */
export function ResultsSummary({ summary, top, others, to, headline }: ResultsSummaryProps) {
  const parts = totalParts(headline?.totals ?? summary.totals);
  if (parts.length === 0) return null;
  const settled = headline ? firstMonthsLine(headline) : settledTotalLine(summary);
  const reductions = headline && reductionsLine(headline);
  return (
    <section className="app-results-summary fr-mb-2w" aria-labelledby="resume-resultats">
      <h2 id="resume-resultats" className="fr-h5 fr-mb-1w">
        Vous pourriez recevoir jusqu’à {frenchList(parts)}
      </h2>
      {settled && <p className="fr-text--sm fr-mb-1w">{settled}</p>}
      {reductions && <p className="fr-text--sm fr-mb-1w">{reductions}</p>}
      {top.length > 0 && (
        <ul className="app-results-summary__top">
          {top.map((droit) => (
            <li key={droit.id}>
              <Link to={to(droit.id)}>{droit.label}</Link>
              <strong className="app-results-summary__amount">
                {formatAmount(
                  headline && droit.settled ? { ...droit, montant: droit.settled.montant } : droit,
                )}
              </strong>
            </li>
          ))}
        </ul>
      )}
      {top.length > 0 && others > 0 && <p className="fr-text--sm fr-mb-1w">{othersLine(others)}</p>}
      <p className="fr-text--sm fr-mb-0">{estimateLine(summary)}</p>
    </section>
  );
}

interface AlternativesProps {
  summary: Summary<Droit>;
}

/**
 * What the line of an option says of the totals, or null. The option taken is not always counted
 * whole: the RSA, taken with the prime d’activité over the CEJ, is left out when another choice of
 * the page takes the AAH over it. The line then names what the totals count, and where the rest
 * was decided, so that it never says an amount is counted when it is not.
 */
export function optionNote(summary: Summary<Droit>, choice: number, option: number): string | null {
  const alternative = summary.alternatives[choice];
  const taken = alternative?.options[option];
  if (!alternative || !taken?.chosen) return null;
  if (alternative.byPreference) return "en général le meilleur choix";
  const counted = taken.droits.filter((droit) => summary.counted.has(droit.id));
  if (counted.length === 0) return null;
  const amounts = taken.droits.filter(
    (droit) => typeof droit.montant === "number" && droit.montant > 0,
  );
  if (counted.length === amounts.length) return "compté dans le total";
  const where = taken.droits.flatMap((droit) => {
    const decidedBy = summary.leftOut.get(droit.id);
    if (decidedBy === undefined) return [];
    return `${droit.label}\u00a0: voir le choix ${decidedBy < choice ? "ci-dessus" : "ci-dessous"}`;
  });
  const only = `dans le total\u00a0: ${frenchList(counted.map((droit) => droit.label))} seulement`;
  return where.length > 0 ? `${only} (${where.join(" ; ")})` : only;
}

/** "Vous devrez choisir entre …": results that cannot be received together, with each amount. */
export function Alternatives({ summary }: AlternativesProps) {
  if (summary.alternatives.length === 0) return null;
  return (
    <>
      {summary.alternatives.map(({ exclusion, options }, choice) => (
        <div
          key={exclusion.id}
          className="fr-alert fr-alert--warning fr-alert--sm fr-mb-2w app-results-choice"
        >
          <h2 className="fr-alert__title">Vous devrez choisir entre&nbsp;:</h2>
          <ul>
            {options.map((option, i) => {
              const note = optionNote(summary, choice, i);
              return (
                <li key={i}>
                  {frenchList(
                    option.droits.map((droit) => {
                      const amount = formatAmount(droit);
                      return amount ? `${droit.label} (${amount})` : droit.label;
                    }),
                  )}
                  {note && <span className="fr-text--sm"> — {note}</span>}
                </li>
              );
            })}
          </ul>
          <p className="fr-text--sm fr-mb-0">{exclusion.reason}</p>
        </div>
      ))}
    </>
  );
}
