import { Link } from "react-router-dom";
import { FISCAL_PATH, PATRIMOINE_PATH } from "../paths";

/** From the results: declare more to refine the amounts (docs/product.md §2 `ressources/…`). */
export function FiscalLinks() {
  return (
    <section className="fr-mt-4w" aria-labelledby="affiner-titre">
      <h2 className="fr-h5" id="affiner-titre">
        Affiner vos résultats
      </h2>
      <ul className="fr-links-group">
        <li>
          <Link className="fr-link fr-icon-arrow-right-line fr-link--icon-right" to={FISCAL_PATH}>
            Renseigner vos revenus fiscaux
          </Link>
        </li>
        <li>
          <Link
            className="fr-link fr-icon-arrow-right-line fr-link--icon-right"
            to={PATRIMOINE_PATH}
          >
            Renseigner votre patrimoine
          </Link>
        </li>
      </ul>
    </section>
  );
}
