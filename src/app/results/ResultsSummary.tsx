import { Link } from "react-router-dom";
import type { Droit, ResultsSummary as Summary } from "../../domain";
import { formatAmount, frenchList, totalParts } from "../../domain";

interface ResultsSummaryProps {
  summary: Summary<Droit>;
  /** The largest amounts counted in the summary, in the page's order. */
  top: Droit[];
  /** How many other amounts the totals count, shown further down the page. */
  others: number;
  to: (id: string) => string;
}

/** The line under the largest amounts that says the totals count more than these. */
export function othersLine(others: number): string {
  return others === 1
    ? "Et 1 autre aide comptée dans ce total, présentée plus bas."
    : `Et ${others} autres aides comptées dans ce total, présentées plus bas.`;
}

/**
 * What the visitor may receive in all (docs/product.md §2 "Simulation routes"): the totals of the
 * results that can be received together, and the largest amounts with a link to each one's page.
 */
export function ResultsSummary({ summary, top, others, to }: ResultsSummaryProps) {
  const parts = totalParts(summary.totals);
  if (parts.length === 0) return null;
  return (
    <section className="app-results-summary fr-mb-2w" aria-labelledby="resume-resultats">
      <h2 id="resume-resultats" className="fr-h5 fr-mb-1w">
        Vous pourriez recevoir jusqu’à {frenchList(parts)}
      </h2>
      {top.length > 0 && (
        <ul className="app-results-summary__top">
          {top.map((droit) => (
            <li key={droit.id}>
              <Link to={to(droit.id)}>{droit.label}</Link>
              <strong className="app-results-summary__amount">{formatAmount(droit)}</strong>
            </li>
          ))}
        </ul>
      )}
      {top.length > 0 && others > 0 && <p className="fr-text--sm fr-mb-1w">{othersLine(others)}</p>}
      <p className="fr-text--sm fr-mb-0">
        {summary.alternatives.length > 0
          ? "Une estimation d’après vos réponses : quand vous devez choisir entre des aides, elle compte celle qui vous rapporte le plus."
          : "Une estimation d’après vos réponses."}
      </p>
    </section>
  );
}

interface AlternativesProps {
  summary: Summary<Droit>;
}

/** "Vous devrez choisir entre …": results that cannot be received together, with each amount. */
export function Alternatives({ summary }: AlternativesProps) {
  if (summary.alternatives.length === 0) return null;
  return (
    <>
      {summary.alternatives.map(({ exclusion, options }) => (
        <div
          key={exclusion.id}
          className="fr-alert fr-alert--warning fr-alert--sm fr-mb-2w app-results-choice"
        >
          <h2 className="fr-alert__title">Vous devrez choisir entre&nbsp;:</h2>
          <ul>
            {options.map((option, i) => (
              <li key={i}>
                {frenchList(
                  option.droits.map((droit) => {
                    const amount = formatAmount(droit);
                    return amount ? `${droit.label} (${amount})` : droit.label;
                  }),
                )}
                {option.chosen && exclusion.preferred ? (
                  <span className="fr-text--sm"> — en général le meilleur choix</span>
                ) : option.chosen &&
                  option.droits.some(
                    (droit) => summary.counted.has(droit.id) && typeof droit.montant === "number",
                  ) ? (
                  <span className="fr-text--sm"> — compté dans le total</span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="fr-text--sm fr-mb-0">{exclusion.reason}</p>
        </div>
      ))}
    </>
  );
}
