import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useSessionStore } from "../layout/SessionState";
import { SIMULATION_PATH } from "../machine/simulationPath";

export const REDIRECT_MESSAGE =
  "Vous avez été redirigé ou redirigée sur la première page du simulateur. Vous pensez que c’est une erreur\u00a0?";

/** docs/product.md §4 "Redirection": sets a message saying why, then goes to the first question. */
export function RedirectionPage() {
  const store = useSessionStore();
  const navigate = useNavigate();
  useEffect(() => {
    store.setMessage(REDIRECT_MESSAGE, { contact: true });
    navigate(SIMULATION_PATH, { replace: true });
  }, [navigate, store]);
  return null;
}
