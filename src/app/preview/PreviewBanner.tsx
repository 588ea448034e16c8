import { Notice } from "@codegouvfr/react-dsfr/Notice";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import {
  previewBenefitNames,
  previewEnvOf,
  previewResultsLink,
  type FetchFn,
  type PreviewEnv,
} from "./previewBenefits";

interface PreviewBannerProps {
  env?: PreviewEnv;
  fetch?: FetchFn;
}

// One function for every render: the lookup runs again only when its inputs change.
const browserFetch: FetchFn = (input, init) => window.fetch(input, init);

/** The demo banner of a preview deployment, with the benefits its pull request changes. */
export function PreviewBanner({
  env = previewEnvOf(import.meta.env),
  fetch: fetchFn = browserFetch,
}: PreviewBannerProps) {
  const [names, setNames] = useState<string[]>([]);
  const { buildContext, branch, codeHostApiUrl, repository } = env;
  useEffect(() => {
    let active = true;
    void previewBenefitNames({ buildContext, branch, codeHostApiUrl, repository }, fetchFn).then(
      (found) => active && setNames(found),
    );
    return () => {
      active = false;
    };
  }, [buildContext, branch, codeHostApiUrl, repository, fetchFn]);

  return (
    <Notice
      title="Version de démonstration"
      description={
        <>
          Cette version sert à relire des modifications avant leur mise en ligne
          {names.length > 0 && (
            <>
              {"\u00a0: "}
              <Link to={previewResultsLink(names)}>
                voir les résultats des aides modifiées ({names.join(", ")})
              </Link>
            </>
          )}
          .
        </>
      }
    />
  );
}
