import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { placesPath } from "../places/api";
import { useBundle } from "../simulation/hooks";
import { FISCAL_PATH, PATRIMOINE_PATH } from "../simulation/paths";
import { BackToResults } from "./BackToResults";
import { resultValue, settledLine, type CertaintySection } from "../../domain";
import { postBenefitEvents } from "../stats/useBenefitStatistics";
import { claimActions } from "./resultsModel";
import { ResultsPending } from "./ResultsStatus";
import { unexpectedPath, useComputeOnResultsSubpage, useResults } from "./useResults";

/** `/simulation/resultats/{id}`: what the benefit is and how to claim it. */
export function BenefitPage() {
  const { benefitId = "" } = useParams();
  useComputeOnResultsSubpage();
  const bundle = useBundle();
  const view = useResults();
  const droit = [...(view.droits ?? []), ...(view.injectes ?? [])].find((d) => d.id === benefitId);
  usePageTitle(droit ? droit.label : "Détail de l’aide");
  const info = view.infoOf(benefitId);
  const institution = droit
    ? (bundle.institutions.find((i) => i.id === droit.institution)?.label ?? droit.institution)
    : "";
  const actions = droit ? claimActions(droit.links, info?.teleserviceNeedsRegistration) : [];
  const amount = droit ? resultValue(droit) : undefined;
  const settled = droit ? settledLine(droit) : undefined;
  const index = view.droits?.findIndex((d) => d.id === benefitId) ?? -1;
  const position = index >= 0 ? { index: index + 1, total: view.droits!.length } : undefined;
  const shownId = droit?.id;
  const positionKey = position ? `${position.index}/${position.total}` : "";
  const simulationId = view.simulationId;
  // Statistics (docs/product.md §3 "Benefit event"): this benefit's details were shown.
  useEffect(() => {
    if (!shownId) return;
    const [at, of] = positionKey.split("/").map(Number);
    void postBenefitEvents(
      [shownId],
      "showDetails",
      simulationId,
      at ? { index: at, total: of! } : undefined,
    );
  }, [shownId, positionKey, simulationId]);

  return (
    <>
      <BackToResults />
      <h1 className="fr-h3" tabIndex={-1}>
        {droit ? droit.label : "Détail de l’aide"}
      </h1>
      {!view.droits && <ResultsPending view={view} />}
      {view.droits && !droit && <p>Cette aide ne fait pas partie de vos résultats.</p>}
      {droit && (
        <>
          <p className="fr-text--sm fr-mb-1w">{institution}</p>
          {amount && (
            <p className={`fr-text--lg fr-text--bold${settled ? " fr-mb-1w" : ""}`}>
              {amount}
              {droit.legend && typeof droit.montant === "number" ? ` ${droit.legend}` : ""}
            </p>
          )}
          {settled && <p>{settled}</p>}
          {droit.paidTo && <p>{droit.paidTo}</p>}
          <p>{droit.description}</p>
          {droit.certainty && droit.decisive && bundle.results?.certainty && (
            <DecisiveSection
              section={bundle.results.certainty[droit.certainty]}
              decisive={droit.decisive}
            />
          )}
          {droit.notes?.map((note) => (
            <Alert key={note} severity="info" small className="fr-mb-3w" description={note} />
          ))}
          {droit.toCheck && droit.toCheck.length > 0 && (
            <section aria-labelledby="a-verifier-titre" className="fr-mb-3w">
              <h2 id="a-verifier-titre" className="fr-h5">
                Conditions à vérifier
              </h2>
              <p>
                Le simulateur ne tient pas compte de ces conditions&nbsp;: vérifiez que vous les
                remplissez.
              </p>
              <ul>
                {droit.toCheck.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            </section>
          )}
          {info?.dependsOn?.includes("ressources_fiscales") && (
            <Alert
              severity="info"
              small
              className="fr-mb-3w"
              description={
                <>
                  Le montant de cette aide peut dépendre des revenus déclarés par votre foyer il y a
                  deux ans. <Link to={FISCAL_PATH}>Renseignez vos revenus fiscaux</Link> pour
                  l’affiner.
                </>
              }
            />
          )}
          {info?.dependsOn?.includes("patrimoine") && (
            <Alert
              severity="info"
              small
              className="fr-mb-3w"
              description={
                <>
                  Le montant de cette aide dépend de votre patrimoine.{" "}
                  <Link to={PATRIMOINE_PATH}>Renseignez votre patrimoine</Link> pour l’affiner.
                </>
              }
            />
          )}
          {actions.length > 0 && (
            <section aria-labelledby="demande-titre" className="fr-mb-3w">
              <h2 id="demande-titre" className="fr-h5">
                Comment en bénéficier
              </h2>
              <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--lg">
                {actions.map((action, i) => (
                  <li key={action.kind}>
                    <a
                      className={`fr-btn${i > 0 ? " fr-btn--secondary" : ""}`}
                      href={action.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() =>
                        void postBenefitEvents([droit.id], action.kind, simulationId, position)
                      }
                    >
                      {action.label}
                      <span className="fr-sr-only"> (nouvelle fenêtre)</span>
                    </a>
                    {action.note && <p className="fr-text--sm fr-mt-1w">{action.note}</p>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <ul className="fr-links-group">
            {droit.links.information && (
              <li>
                <a
                  className="fr-link fr-icon-external-link-line fr-link--icon-right"
                  href={droit.links.information}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Plus d’informations
                  <span className="fr-sr-only"> sur {droit.label} (nouvelle fenêtre)</span>
                </a>
              </li>
            )}
            <li>
              <Link className="fr-link" to={placesPath(droit.id)}>
                Trouver un lieu près de chez vous
              </Link>
            </li>
            {typeof droit.montant === "number" && (
              <li>
                <Link className="fr-link" to={unexpectedPath(droit.id)}>
                  Montant inattendu&nbsp;?
                </Link>
              </li>
            )}
          </ul>
        </>
      )}
    </>
  );
}

/** What decides a result the totals never add, in full (docs/schema-format.md, "Certainty"). */
function DecisiveSection({
  section,
  decisive,
}: {
  section: CertaintySection;
  decisive: readonly string[];
}) {
  return (
    <section aria-labelledby="decisif-titre" className="fr-mb-3w">
      <h2 id="decisif-titre" className="fr-h5">
        {section.conditions}
      </h2>
      <p>{section.intro}</p>
      <ul>
        {decisive.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
    </section>
  );
}
