import { Button } from "@codegouvfr/react-dsfr/Button";
import { Link } from "react-router-dom";
import { RESULTS_PATH } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle, useSteps } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";
import { fiscalRows } from "./fiscalRows";
import { recapSections, type RecapRow } from "./sections";

export const RECAP_TITLE = "Récapitulatif";

function RecapList({ rows }: { rows: RecapRow[] }) {
  return (
    <dl className="app-recap">
      {rows.map((row) => (
        <div key={row.key} className="app-recap__row">
          <dt>{row.question}</dt>
          <dd>
            <span className="fr-text--bold">{row.value}</span>{" "}
            <Link className="fr-link fr-link--sm" to={row.path}>
              Modifier
              <span className="fr-sr-only"> la réponse à «&nbsp;{row.question}&nbsp;»</span>
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SectionHeading({ id, label, to }: { id: string; label: string; to: string }) {
  return (
    <div className="app-recap__heading">
      <h2 className="fr-h5 fr-mb-0" id={id}>
        {label}
      </h2>
      <Link className="fr-link fr-icon-edit-line fr-link--icon-left" to={to}>
        Modifier
        <span className="fr-sr-only"> «&nbsp;{label}&nbsp;» depuis sa première question</span>
      </Link>
    </div>
  );
}

/** docs/product.md §2 `recapitulatif`: the answers chapter by chapter, each with a way to change them. */
export function RecapPage() {
  usePageTitle(RECAP_TITLE);
  const bundle = useBundle();
  const steps = useSteps();
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const dateDeValeur = SimulationContext.useSelector((state) => state.context.dateDeValeur);
  const ressourcesFiscales = SimulationContext.useSelector(
    (state) => state.context.ressourcesFiscales,
  );
  const patrimoine = SimulationContext.useSelector((state) => state.context.patrimoine);
  const sections = recapSections(bundle, steps, answers);
  const declared = fiscalRows(ressourcesFiscales, patrimoine, dateDeValeur);

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        {RECAP_TITLE}
      </h1>
      {sections.map((section) => (
        <section key={section.id} className="fr-mb-4w" aria-labelledby={`recap-${section.id}`}>
          <SectionHeading id={`recap-${section.id}`} label={section.label} to={section.firstPath} />
          <RecapList rows={section.rows} />
        </section>
      ))}
      {declared.length > 0 && (
        <section className="fr-mb-4w" aria-labelledby="recap-declarations">
          <h2 className="fr-h5" id="recap-declarations">
            Revenus fiscaux et patrimoine
          </h2>
          <RecapList rows={declared} />
        </section>
      )}
      <Button
        linkProps={{ to: RESULTS_PATH }}
        iconId="fr-icon-arrow-right-line"
        iconPosition="right"
        size="large"
      >
        Voir mes résultats
      </Button>
    </>
  );
}
