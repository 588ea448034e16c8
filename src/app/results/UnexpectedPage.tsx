import { useParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle } from "../simulation/hooks";
import { BackToResults } from "./BackToResults";

/** `/simulation/resultats/inattendu/{id}`: why an amount may differ from what was expected. */
export function UnexpectedPage() {
  const { benefitId = "" } = useParams();
  usePageTitle("Montant inattendu");
  const bundle = useBundle();
  const benefit = bundle.benefits.find((b) => b.id === benefitId);
  const pages = bundle.unexpected;
  const specific = pages?.benefits[benefitId];
  return (
    <>
      <BackToResults />
      <h1 className="fr-h3" tabIndex={-1}>
        Montant inattendu{benefit ? `\u00a0: ${benefit.label}` : ""}
      </h1>
      {specific && (
        <section aria-labelledby="inattendu-specifique">
          <h2 id="inattendu-specifique" className="fr-h5">
            {specific.title}
          </h2>
          {specific.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      )}
      {pages && (
        <section aria-labelledby="inattendu-general">
          <h2 id="inattendu-general" className="fr-h5">
            {pages.generic.title}
          </h2>
          {pages.generic.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      )}
    </>
  );
}
