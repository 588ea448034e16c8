import { useFormContext, type UseFormReturn } from "react-hook-form";
import { Link, useInRouterContext, useLocation } from "react-router-dom";
import type { ResolvedField } from "../../domain";
import type { FormValues } from "../steps/formValues";
import { keepDraft } from "../steps/stepDrafts";
import { helpPath } from "./paths";

function HelpPageLink({ field }: { field: ResolvedField }) {
  // The step shown is the one at the URL.
  const { pathname } = useLocation();
  // The step's form (none outside a step), whose unsaved choice is kept for the way back
  // (src/app/steps/stepDrafts.ts).
  const form = useFormContext<FormValues>() as UseFormReturn<FormValues> | null;
  return (
    <p className="fr-mt-1w fr-mb-0">
      <Link
        className="fr-link fr-link--sm fr-icon-information-line fr-link--icon-left"
        to={helpPath(pathname)}
        onClick={() => {
          if (form) keepDraft(pathname, form.getValues());
        }}
      >
        En savoir plus
        <span className="fr-sr-only"> sur «&nbsp;{field.question}&nbsp;»</span>
      </Link>
    </p>
  );
}

/**
 * A question's learn-more text (docs/product.md §2 `{step path}/en_savoir_plus`): a link to its page, or,
 * outside the app's router (a form shown alone), the text itself in a disclosure.
 */
export function FieldHelp({ field }: { field: ResolvedField }) {
  const inRouter = useInRouterContext();
  if (!field.help) return null;
  if (inRouter) return <HelpPageLink field={field} />;
  return (
    <details className="app-help fr-mt-1w">
      <summary>En savoir plus</summary>
      <p className="fr-text--sm fr-mt-1w">{field.help}</p>
    </details>
  );
}
