import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { useParams } from "react-router-dom";
import { accompagnement } from "../static-pages/content/accompagnement";
import { StaticPage } from "../static-pages/StaticPage";

/**
 * docs/product.md §2 `/accompagnement[/:followupId]`: where to get help from a counsellor. Reached from a
 * recap's follow-up, the page gives the follow-up number to quote.
 */
export function AccompagnementPage() {
  const { followupId } = useParams();
  return (
    <StaticPage content={accompagnement}>
      {followupId && (
        <CallOut title="Votre numéro de suivi" titleAs="h2" className="fr-mb-4w">
          <code>{followupId}</code>. Indiquez-le si vous nous écrivez au sujet de vos résultats ou
          de l’enquête de suivi.
        </CallOut>
      )}
    </StaticPage>
  );
}
