import { Link } from "react-router-dom";
import type { Droit } from "../../domain";
import { formatAmount } from "../../domain";
import { DecisiveConditions } from "./DecisiveConditions";

interface CompactResultProps {
  droit: Droit;
  institution: string;
  /** The benefit's detail page: how to claim, and the official information. */
  to: string;
  titleAs?: "h3" | "h4";
  /** What decides it when the answers do not (docs/schema-format.md "Certainty"), in full. */
  decisive?: { heading: string; conditions: readonly string[] };
}

/**
 * An advantage without an amount to add up (a reduction, a pass, a loan…) in two or three lines,
 * so that a phone shows several to a screen: its name, who gives it, what it is worth when said,
 * and the way to claim it.
 */
export function CompactResult({
  droit,
  institution,
  to,
  titleAs: Title = "h3",
  decisive,
}: CompactResultProps) {
  const amount = formatAmount(droit);
  return (
    <div className="app-compact-result">
      <Title className="fr-text--md fr-text--bold fr-mb-0">{droit.label}</Title>
      <p className="fr-text--sm fr-mb-0 app-compact-result__meta">
        <span>
          {institution}
          {amount ? ` · ${amount}${droit.legend ? ` ${droit.legend}` : ""}` : ""}
        </span>
        <Link className="fr-link fr-link--sm fr-icon-arrow-right-line fr-link--icon-right" to={to}>
          Comment en bénéficier
          <span className="fr-sr-only">&nbsp;: {droit.label}</span>
        </Link>
      </p>
      {decisive && (
        <DecisiveConditions heading={decisive.heading} conditions={decisive.conditions} />
      )}
    </div>
  );
}
