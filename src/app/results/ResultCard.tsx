import { Badge } from "@codegouvfr/react-dsfr/Badge";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { Link } from "react-router-dom";
import type { Droit, DroitStatus, ResultsRules } from "../../domain";
import { computedLine, resultValue, settledLine } from "../../domain";
import { DecisiveConditions } from "./DecisiveConditions";
import { periodicityNote } from "./resultsModel";

interface ResultCardProps {
  droit: Droit;
  institution: string;
  /** The benefit's detail page. */
  to?: string;
  titleAs?: "h2" | "h3";
  /** The DSFR card's size: `small` on the results list, several to a screen. */
  size?: "small" | "medium";
  /** The sections of `results.yaml` for a result to verify or on application: its badge. */
  certaintySections?: ResultsRules["certainty"];
}

/** An aid the visitor may get, depending on an input they did not give: why, and where to check. */
function PossibleNote({ status }: { status: DroitStatus }) {
  return (
    <div className="fr-mt-2w">
      <p className="fr-text--sm fr-text--bold fr-mb-1v">{status.label}</p>
      <p className="fr-text--sm fr-mb-1v">{status.reason}</p>
      {status.conditions.length > 0 && (
        <ul className="fr-text--sm fr-mb-1v">
          {status.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
      )}
      <ul className="fr-links-group">
        {status.links.map((link) => (
          <li key={link.url}>
            {link.url.startsWith("/") ? (
              <Link className="fr-link fr-link--sm" to={link.url}>
                {link.label}
              </Link>
            ) : (
              <a
                className="fr-link fr-link--sm fr-icon-external-link-line fr-link--icon-right"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.label}
                <span className="fr-sr-only"> (nouvelle fenêtre)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ResultCard({
  droit,
  institution,
  to,
  titleAs = "h2",
  size = "medium",
  certaintySections,
}: ResultCardProps) {
  const amount = resultValue(droit);
  const settled = settledLine(droit);
  const computed = computedLine(droit);
  const possible = droit.status?.kind === "possible" ? droit.status : undefined;
  const certainty = droit.certainty ? certaintySections?.[droit.certainty] : undefined;
  const information = droit.links.information;
  const note = typeof droit.montant === "number" ? periodicityNote(droit.periodicity) : undefined;
  return (
    <Card
      title={droit.label}
      titleAs={titleAs}
      detail={institution}
      desc={droit.description}
      border
      size={size}
      start={
        possible ? (
          <Badge severity="info" small>
            Possible
          </Badge>
        ) : certainty ? (
          <Badge severity={droit.certainty === "on_application" ? "new" : "warning"} small>
            {certainty.badge}
          </Badge>
        ) : droit.montant === true ? (
          <Badge severity="success" small>
            Éligible
          </Badge>
        ) : undefined
      }
      end={
        amount || possible || certainty ? (
          <>
            {amount ? (
              <p className="fr-text--lg fr-text--bold fr-mb-0">
                {amount}
                {note ? <span className="fr-text--sm fr-text--regular"> ({note})</span> : null}
                {droit.legend && typeof droit.montant === "number" ? (
                  <span className="fr-text--sm fr-text--regular"> {droit.legend}</span>
                ) : null}
              </p>
            ) : null}
            {settled ? <p className="fr-text--sm fr-mb-0">{settled}</p> : null}
            {droit.paidTo ? <p className="fr-text--sm fr-mb-0">{droit.paidTo}</p> : null}
            {computed ? <p className="fr-text--sm fr-mb-0">{computed}</p> : null}
            {possible ? <PossibleNote status={possible} /> : null}
            {certainty && droit.decisive ? (
              <div className="fr-mt-1w">
                <DecisiveConditions heading={certainty.conditions} conditions={droit.decisive} />
              </div>
            ) : null}
          </>
        ) : undefined
      }
      footer={
        information || to ? (
          <ul className="fr-links-group fr-links-group--inline">
            {information && (
              <li>
                <a
                  className="fr-link fr-icon-external-link-line fr-link--icon-right"
                  href={information}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  En savoir plus
                  <span className="fr-sr-only"> sur {droit.label} (nouvelle fenêtre)</span>
                </a>
              </li>
            )}
            {to && (
              <li>
                <Link className="fr-link fr-icon-arrow-right-line fr-link--icon-right" to={to}>
                  Comment en bénéficier
                  <span className="fr-sr-only">&nbsp;: {droit.label}</span>
                </Link>
              </li>
            )}
          </ul>
        ) : undefined
      }
    />
  );
}
