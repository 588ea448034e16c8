import { AIDS_COUNT } from "../config";
import { aidCount } from "./aidCount";

const NBSP = "\u00A0";

/**
 * The heading and lead of `/aides`. They need neither the questionnaire nor the catalogue, so the
 * page's loading state shows them too (src/app/aides/AidesLoading.tsx): the pre-rendered shell
 * paints them, and the page, once its modules arrive, paints them again at the same place and
 * size. They are the page's largest paint.
 */
export function AidesIntro() {
  return (
    <>
      <h1 tabIndex={-1}>Toutes les aides</h1>
      <p className="fr-text--lead">
        Le simulateur connaît <strong>{aidCount(AIDS_COUNT)}</strong>
        {NBSP}: nationales, régionales, départementales, locales, des CAF et de la MSA. Chaque aide
        a sa page, avec ses conditions et les liens pour la demander.
      </p>
    </>
  );
}
