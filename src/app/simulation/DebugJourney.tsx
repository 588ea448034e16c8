import { Button } from "@codegouvfr/react-dsfr/Button";
import { Checkbox } from "@codegouvfr/react-dsfr/Checkbox";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useSessionStore } from "../layout/SessionState";
import { useCurrentPath, useSteps } from "./hooks";

/** docs/product.md §2 "Debug mode" (`?debug=parcours`): every step, done marks, inactive steps on demand. */
export function DebugJourney() {
  const store = useSessionStore();
  const steps = useSteps();
  const currentPath = useCurrentPath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [showInactive, setShowInactive] = useState(false);
  const shown = steps.filter((step) => showInactive || step.isActive);

  const leave = () => {
    store.setDebug(false);
    const params = new URLSearchParams(search);
    params.delete("debug");
    const query = params.toString();
    navigate(`${pathname}${query ? `?${query}` : ""}`, { replace: true });
  };

  return (
    <nav className="app-debug fr-mb-2w" aria-labelledby="debug-titre">
      <p className="fr-h6 fr-mb-1w" id="debug-titre">
        Parcours (mode debug)
      </p>
      <Checkbox
        small
        options={[
          {
            label: "Afficher les étapes inactives",
            nativeInputProps: {
              checked: showInactive,
              onChange: (event) => setShowInactive(event.target.checked),
            },
          },
        ]}
      />
      <ol className="app-debug__steps fr-text--sm">
        {shown.map((step) => {
          const label = step.path.replace("/simulation/", "");
          return (
            <li key={step.path} className={step.isActive ? undefined : "app-debug__inactive"}>
              <span aria-hidden="true">{step.answered ? "✓ " : "○ "}</span>
              {step.isActive ? (
                <Link
                  to={step.path}
                  {...(step.path === currentPath ? { "aria-current": "step" as const } : {})}
                >
                  {label}
                </Link>
              ) : (
                <span>{label}</span>
              )}
              <span className="fr-sr-only">
                {step.answered ? " (répondue)" : " (sans réponse)"}
                {step.isActive ? "" : " (inactive)"}
              </span>
            </li>
          );
        })}
      </ol>
      <Button priority="tertiary" size="small" onClick={leave}>
        Quitter le mode debug
      </Button>
    </nav>
  );
}
