import { Link, Navigate, useLocation } from "react-router-dom";
import { findStep } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { useCurrentPath, useSteps } from "./hooks";
import { stepOfHelpPath } from "./paths";

/** docs/product.md §2 `{step path}/en_savoir_plus`: the learn-more text of a step's questions. */
export function HelpPage() {
  const { pathname } = useLocation();
  const steps = useSteps();
  const currentPath = useCurrentPath();
  const stepPath = stepOfHelpPath(pathname) ?? "";
  const step = findStep(steps, stepPath);
  const fields = step?.isActive ? step.fields.filter((field) => field.help) : [];
  const [single] = fields;
  const title = fields.length === 1 && single ? single.question : (step?.title ?? "En savoir plus");
  usePageTitle(fields.length > 0 ? `En savoir plus - ${title}` : undefined);

  if (fields.length === 0) return <Navigate to={currentPath} replace />;
  return (
    <>
      <p className="fr-text--sm fr-text--bold fr-mb-1w">En savoir plus</p>
      <h1 className="fr-h3" tabIndex={-1}>
        {title}
      </h1>
      {fields.map((field) => (
        <section key={field.name} className="fr-mb-3w">
          {fields.length > 1 && <h2 className="fr-h6">{field.question}</h2>}
          {field.help?.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      <Link className="fr-link fr-icon-arrow-left-line fr-link--icon-left" to={stepPath}>
        Retour à la question
      </Link>
    </>
  );
}
