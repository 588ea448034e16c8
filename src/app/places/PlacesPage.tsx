import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Link, useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { BackToResults } from "../results/BackToResults";
import { useBundle } from "../simulation/hooks";
import { fetchPlaces, placePath } from "./api";
import { PlaceAddress } from "./PlaceAddress";
import { placeTypesOf } from "./placeTypes";
import { useAppFetch, useHouseholdCommune, useLoaded } from "./usePlaces";

const TITLE = "Lieux près de chez vous";

/** `/simulation/resultats/lieux?benefit={id}`: where to get help for a benefit near home. */
export function PlacesPage() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const benefitId = params.get("benefit") ?? "";
  const bundle = useBundle();
  const fetchFn = useAppFetch();
  const benefit = bundle.benefits.find((b) => b.id === benefitId);
  const types = benefit ? placeTypesOf(bundle, benefit.id) : undefined;
  const commune = useHouseholdCommune();
  const key = types && commune ? `${commune.code}|${types.join(",")}` : undefined;
  const places = useLoaded(key, () => fetchPlaces(fetchFn, commune?.code ?? "", types ?? []));

  return (
    <>
      <BackToResults />
      <h1 className="fr-h3" tabIndex={-1}>
        {TITLE}
      </h1>
      {benefit && (
        <p>
          Les lieux qui peuvent vous renseigner sur l’aide «&nbsp;{benefit.label}&nbsp;»
          {commune?.nom ? ` près de ${commune.nom}` : ""}.
        </p>
      )}
      {!benefit && <p>Cette aide ne fait pas partie de notre catalogue.</p>}
      {benefit && !commune && (
        <p>
          Nous ne connaissons pas votre commune&nbsp;: indiquez-la dans la simulation pour trouver
          les lieux près de chez vous.
        </p>
      )}
      <div role="status" aria-live="polite">
        {places.state === "loading" && <p>Recherche des lieux…</p>}
        {places.state === "done" &&
          (places.value.length === 0 ? (
            <p>Aucun lieu n’a été trouvé près de votre commune.</p>
          ) : (
            <p className="fr-sr-only">
              {places.value.length === 1 ? "1 lieu trouvé" : `${places.value.length} lieux trouvés`}
            </p>
          ))}
      </div>
      {places.state === "error" && (
        <Alert severity="error" small className="fr-mb-3w" description={places.message} />
      )}
      {places.state === "done" && places.value.length > 0 && (
        <ul className="app-places fr-raw-list">
          {places.value.map((lieu) => (
            <li key={lieu.id} className="fr-mb-3w">
              <h2 className="fr-h6 fr-mb-1w">{lieu.nom}</h2>
              <PlaceAddress lieu={lieu} />
              <Link className="fr-link" to={placePath(benefitId, lieu.id)}>
                Horaires et coordonnées
                <span className="fr-sr-only"> de {lieu.nom}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
