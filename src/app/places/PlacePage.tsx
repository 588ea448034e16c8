import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Link, useParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { BackToResults } from "../results/BackToResults";
import { fetchPlace, placesPath } from "./api";
import { PlaceAddress } from "./PlaceAddress";
import { useAppFetch, useLoaded } from "./usePlaces";

const DEFAULT_TITLE = "Informations sur le lieu";

/** `/simulation/resultats/{benefitId}/{lieu_id}/informations`: a place's details. */
export function PlacePage() {
  const { benefitId = "", lieuId = "" } = useParams();
  const fetchFn = useAppFetch();
  const place = useLoaded(lieuId || undefined, () => fetchPlace(fetchFn, lieuId));
  const lieu = place.state === "done" ? place.value : undefined;
  usePageTitle(lieu ? lieu.nom : DEFAULT_TITLE);

  return (
    <>
      <BackToResults />
      <h1 className="fr-h3" tabIndex={-1}>
        {lieu ? lieu.nom : DEFAULT_TITLE}
      </h1>
      <div role="status" aria-live="polite">
        {place.state === "loading" && <p>Chargement des informations…</p>}
      </div>
      {place.state === "error" && (
        <Alert
          severity="error"
          small
          className="fr-mb-3w"
          description={
            place.status === 404 ? "Ce lieu n’est plus référencé dans l’annuaire." : place.message
          }
        />
      )}
      {lieu && (
        <dl className="app-place">
          <dt className="fr-text--bold">Adresse</dt>
          <dd className="fr-mb-2w fr-ml-0">
            <PlaceAddress lieu={lieu} />
          </dd>
          {lieu.telephone && (
            <>
              <dt className="fr-text--bold">Téléphone</dt>
              <dd className="fr-mb-2w fr-ml-0">
                <a href={`tel:${lieu.telephone.replace(/\s/g, "")}`}>{lieu.telephone}</a>
              </dd>
            </>
          )}
          {lieu.email && (
            <>
              <dt className="fr-text--bold">Adresse électronique</dt>
              <dd className="fr-mb-2w fr-ml-0">
                <a href={`mailto:${lieu.email}`}>{lieu.email}</a>
              </dd>
            </>
          )}
          {lieu.url && (
            <>
              <dt className="fr-text--bold">Site internet</dt>
              <dd className="fr-mb-2w fr-ml-0">
                <a href={lieu.url} target="_blank" rel="noopener noreferrer">
                  {lieu.url}
                  <span className="fr-sr-only"> (nouvelle fenêtre)</span>
                </a>
              </dd>
            </>
          )}
          {lieu.horaires && lieu.horaires.length > 0 && (
            <>
              <dt className="fr-text--bold">Horaires d’ouverture</dt>
              <dd className="fr-mb-2w fr-ml-0">
                <ul>
                  {lieu.horaires.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      )}
      {benefitId && (
        <p>
          <Link
            className="fr-link fr-icon-arrow-left-line fr-link--icon-left"
            to={placesPath(benefitId)}
          >
            Voir les autres lieux
          </Link>
        </p>
      )}
      <p className="fr-text--xs">
        Source&nbsp;: Annuaire de l’administration, Service-Public.fr (DILA).
      </p>
    </>
  );
}
