import { Link } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle, useSteps } from "../simulation/hooks";

function stepStatus(step: { isActive: boolean; answered: boolean }): string {
  if (!step.isActive) return "inactive";
  return step.answered ? "répondue" : "sans réponse";
}

/**
 * docs/product.md §2 `/parcours`, the journey for debugging: every step of the current simulation by
 * chapter, inactive ones included, with its done mark; each link opens the step in debug mode
 * (`?debug=parcours`, which also lifts the first-load sanity check).
 */
export function ParcoursPage() {
  usePageTitle("Parcours du simulateur");
  const bundle = useBundle();
  const steps = useSteps();
  const answered = steps.filter((step) => step.isActive && step.answered).length;
  const active = steps.filter((step) => step.isActive).length;
  return (
    <div className="fr-container fr-py-6w">
      <h1 tabIndex={-1}>Parcours du simulateur</h1>
      <p>
        Les étapes du questionnaire pour la simulation en cours, y compris celles que vos réponses
        rendent inactives. {answered} étape{answered > 1 ? "s" : ""} répondue
        {answered > 1 ? "s" : ""} sur {active} active{active > 1 ? "s" : ""}.
      </p>
      {bundle.chapters
        .filter((chapter) => steps.some((step) => step.chapter === chapter.id))
        .map((chapter) => (
          <section key={chapter.id} className="fr-mb-3w">
            <h2 className="fr-h5">{chapter.label}</h2>
            <ol className="app-debug__steps fr-text--sm">
              {steps
                .filter((step) => step.chapter === chapter.id)
                .map((step) => (
                  <li key={step.path} className={step.isActive ? undefined : "app-debug__inactive"}>
                    <span aria-hidden="true">{step.answered ? "✓ " : "○ "}</span>
                    <Link to={`${step.path}?debug=parcours`}>
                      {step.path.replace("/simulation/", "")}
                    </Link>
                    <span className="fr-sr-only"> ({stepStatus(step)})</span>
                    {!step.isActive && <span aria-hidden="true"> (inactive)</span>}
                  </li>
                ))}
            </ol>
          </section>
        ))}
    </div>
  );
}
