import { useMemo } from "react";
import { useBundle } from "../simulation/hooks";
import { mockDroits } from "./debug/mockDroits";
import { ResultCard } from "./ResultCard";

/**
 * `?debug=id1,id2`: the named benefits with sample values, rendered in the same pass as the page
 * (the sample values, a kilobyte, come with the page's module rather than one request later).
 */
export function DebugResults({ ids }: { ids: string[] }) {
  const bundle = useBundle();
  const key = ids.join(",");
  const droits = useMemo(() => mockDroits(bundle.benefits, key.split(",")), [bundle, key]);
  return (
    <section className="fr-mt-4w" aria-labelledby="debug-titre">
      <h2 id="debug-titre" className="fr-h5">
        Débogage&nbsp;: valeurs d’exemple
      </h2>
      {droits.length === 0 && <p>Aucune aide ne correspond à ces identifiants.</p>}
      {droits.length > 0 && (
        <ul className="fr-grid-row fr-grid-row--gutters">
          {droits.map((droit) => (
            <li key={droit.id} className="fr-col-12">
              <ResultCard droit={droit} institution={droit.institution} titleAs="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
