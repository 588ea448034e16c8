import { Button } from "@codegouvfr/react-dsfr/Button";
import { Link } from "react-router-dom";
import { RESULTS_PATH, findAnswer } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { optionsOf } from "../steps/formValues";
import { useBundle, useSteps } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";
import { formatAnswer } from "./formatAnswer";

/** The answers of the active steps, chapter by chapter, each with a link to change it. */
export function RecapPage() {
  usePageTitle("Récapitulatif");
  const bundle = useBundle();
  const steps = useSteps();
  const answers = SimulationContext.useSelector((state) => state.context.answers);

  const sections = bundle.chapters
    .map((chapter) => ({
      chapter,
      rows: steps
        .filter((step) => step.isActive && step.chapter === chapter.id)
        .flatMap((step) =>
          step.fields.flatMap((field) => {
            const answer = findAnswer(answers, step.entityName, step.id, field.name);
            if (!answer) return [];
            const options = optionsOf(field, bundle.enumerations);
            return [
              {
                key: `${step.path}#${field.name}`,
                path: step.path,
                question: field.question,
                value: formatAnswer(field, answer.value, options),
              },
            ];
          }),
        ),
    }))
    .filter((section) => section.rows.length > 0);

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        Récapitulatif
      </h1>
      {sections.map(({ chapter, rows }) => (
        <section key={chapter.id} className="fr-mb-4w" aria-labelledby={`recap-${chapter.id}`}>
          <h2 className="fr-h5" id={`recap-${chapter.id}`}>
            {chapter.label}
          </h2>
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
        </section>
      ))}
      <Button
        linkProps={{ to: RESULTS_PATH }}
        iconId="fr-icon-arrow-right-line"
        iconPosition="right"
      >
        Voir mes résultats
      </Button>
    </>
  );
}
