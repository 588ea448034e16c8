import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { ForbiddenAlert, useFetching, useForbidden } from "../simulation/ForbiddenAlert";
import { SimulationContext } from "../simulation/SimulationContext";

/** The partner's simulation: `?id=` and, in the hash so that it never reaches any server log, `#token=`. */
export function prefillTarget(
  search: string,
  hash: string,
): { simulationId: string; token: string } | undefined {
  const simulationId = new URLSearchParams(search).get("id");
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return simulationId && token ? { simulationId, token } : undefined;
}

function PrefillHelp() {
  return (
    <>
      <p className="fr-text--lead">
        Un partenaire qui connaît déjà une partie de la situation d’une personne peut lui ouvrir une
        simulation préremplie&nbsp;: elle n’a plus qu’à vérifier et compléter ses réponses.
      </p>
      <h2 className="fr-h4">Comment faire</h2>
      <ol>
        <li>
          Enregistrez les réponses connues avec <code>POST /api/simulation</code> (format décrit
          dans la documentation du simulateur)&nbsp;; la réponse donne l’identifiant{" "}
          <code>_id</code> et le jeton <code>token</code> de la simulation.
        </li>
        <li>
          Envoyez la personne vers <code>/preremplissage?id=…#token=…</code>&nbsp;: le jeton reste
          dans le navigateur, il n’est transmis qu’au simulateur.
        </li>
        <li>
          Le simulateur ouvre la simulation et reprend à la première question sans réponse. Les
          coordonnées (nom, adresse électronique, téléphone) ne sont jamais préremplies.
        </li>
      </ol>
    </>
  );
}

/**
 * docs/product.md §2 `/preremplissage`: opens a simulation a partner saved beforehand through the API, then
 * resumes it at its first unanswered question. Without a simulation named, explains how.
 */
export function PrefillPage() {
  usePageTitle("Simulation préremplie");
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const target = prefillTarget(`?${params.toString()}`, hash);
  const fetching = useFetching();
  const forbidden = useForbidden();
  const started = useRef(false);
  // The load this page started has begun once `fetching` was seen on.
  const loadSeen = useRef(false);
  if (fetching) loadSeen.current = true;
  const simulationId = target?.simulationId;
  const token = target?.token;

  useEffect(() => {
    if (started.current || !simulationId || !token) return;
    started.current = true;
    actor.send({ type: "LOAD", simulationId, token });
  }, [actor, simulationId, token]);

  useEffect(() => {
    if (!loadSeen.current || fetching || forbidden) return;
    actor.send({ type: "RESUME" });
    navigate(actor.getSnapshot().context.currentPath, { replace: true });
  }, [actor, fetching, forbidden, navigate]);

  return (
    <div className="fr-container fr-py-6w">
      <h1 tabIndex={-1}>Simulation préremplie</h1>
      {!target ? (
        <PrefillHelp />
      ) : forbidden ? (
        <ForbiddenAlert />
      ) : (
        <p role="status">Ouverture de votre simulation…</p>
      )}
    </div>
  );
}
