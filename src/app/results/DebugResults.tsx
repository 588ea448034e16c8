import { useEffect, useState } from "react";
import type { Droit } from "../../domain";
import { useBundle } from "../simulation/hooks";
import { ResultCard } from "./ResultCard";

/** `?debug=id1,id2`: the named benefits with sample values (the module loads on demand). */
export function DebugResults({ ids }: { ids: string[] }) {
  const bundle = useBundle();
  const [droits, setDroits] = useState<Droit[]>();
  const key = ids.join(",");
  useEffect(() => {
    let cancelled = false;
    void import("./debug/mockDroits").then(({ mockDroits }) => {
      if (!cancelled) setDroits(mockDroits(bundle.benefits, key.split(",")));
    });
    return () => {
      cancelled = true;
    };
  }, [bundle, key]);
  return (
    <section className="fr-mt-4w" aria-labelledby="debug-titre">
      <h2 id="debug-titre" className="fr-h5">
        Débogage&nbsp;: valeurs d’exemple
      </h2>
      {droits && droits.length === 0 && <p>Aucune aide ne correspond à ces identifiants.</p>}
      {droits && droits.length > 0 && (
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
