import { AidesIntro } from "./AidesIntro";

/**
 * `/aides` while its modules download: its heading and lead, which need neither the
 * questionnaire nor the catalogue, then what is coming. The pre-rendered shell paints it.
 */
export function AidesLoading() {
  return (
    <div className="fr-container fr-py-6w">
      <AidesIntro />
      <p role="status">Chargement de la liste des aides…</p>
    </div>
  );
}
