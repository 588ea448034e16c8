import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { SimulationContext } from "./SimulationContext";

/**
 * The URL is a projection of the machine's `currentPath`:
 * - a location change (link, typed URL, history) is a request, sent as GOTO; when the machine
 *   refuses it or resolves it elsewhere, the URL is replaced by the machine's path;
 * - when the machine moves by itself (NEXT, BACK, RESUME), a history entry is pushed.
 */
export function useUrlProjection(): void {
  const actor = SimulationContext.useActorRef();
  const currentPath = SimulationContext.useSelector((state) => state.context.currentPath);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const handledPathname = useRef<string | null>(null);

  useEffect(() => {
    if (handledPathname.current !== pathname) {
      handledPathname.current = pathname;
      if (actor.getSnapshot().context.currentPath !== pathname) {
        actor.send({ type: "GOTO", path: pathname });
      }
      const accepted = actor.getSnapshot().context.currentPath;
      if (accepted !== pathname) navigate(accepted, { replace: true });
      return;
    }
    const target = actor.getSnapshot().context.currentPath;
    if (target !== pathname) navigate(target);
  }, [actor, currentPath, navigate, pathname]);
}
