import { Card } from "@codegouvfr/react-dsfr/Card";
import type { Droit } from "../../domain";
import { resultValue } from "./formatAmount";

interface ResultCardProps {
  droit: Droit;
  institution: string;
}

export function ResultCard({ droit, institution }: ResultCardProps) {
  const amount = resultValue(droit);
  const information = droit.links.information;
  return (
    <Card
      title={droit.label}
      titleAs="h2"
      detail={institution}
      desc={droit.description}
      border
      end={
        amount ? (
          <p className="fr-text--lg fr-text--bold fr-mb-0">
            {amount}
            {droit.legend && typeof droit.montant === "number" ? (
              <span className="fr-text--sm fr-text--regular"> {droit.legend}</span>
            ) : null}
          </p>
        ) : undefined
      }
      footer={
        information ? (
          <a
            className="fr-link fr-icon-external-link-line fr-link--icon-right"
            href={information}
            target="_blank"
            rel="noopener noreferrer"
          >
            En savoir plus
            <span className="fr-sr-only"> sur {droit.label} (nouvelle fenêtre)</span>
          </a>
        ) : undefined
      }
    />
  );
}
