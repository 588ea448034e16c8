import { useParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle } from "../simulation/hooks";
import { BackToResults } from "./BackToResults";
import { ResultCard } from "./ResultCard";
import { ResultsPending } from "./ResultsStatus";
import { resultPath, useComputeOnResultsSubpage, useResults } from "./useResults";

/** `/simulation/resultats/groupe/{id}`: the members of a benefit group. */
export function GroupPage() {
  const { groupId = "" } = useParams();
  useComputeOnResultsSubpage();
  const bundle = useBundle();
  const view = useResults();
  const group = bundle.groups?.find((g) => g.id === groupId);
  usePageTitle(group?.label ?? "Groupe d’aides");
  const members = group
    ? (view.droits ?? []).filter((d) => view.infoOf(d.id)?.interestFlag === group.interestFlag)
    : [];
  const institutionLabel = (id: string) =>
    bundle.institutions.find((institution) => institution.id === id)?.label ?? id;
  return (
    <>
      <BackToResults />
      <h1 className="fr-h3" tabIndex={-1}>
        {group?.label ?? "Groupe d’aides"}
      </h1>
      {!group && <p>Ce groupe d’aides n’existe pas.</p>}
      {group && <p>{group.description}</p>}
      {group && !view.droits && <ResultsPending view={view} />}
      {group && view.droits && (
        <ul className="app-results fr-grid-row fr-grid-row--gutters">
          {members.map((droit) => (
            <li key={droit.id} className="fr-col-12">
              <ResultCard
                droit={droit}
                institution={institutionLabel(droit.institution)}
                to={resultPath(droit.id)}
                certaintySections={bundle.results?.certainty}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
