import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { SimulationContext } from "../simulation/SimulationContext";
import { forceBafaMerged } from "./abTesting";

/** docs/product.md §2 `/init-ci`: fixes the BAFA variant to the merged layout, then goes to the home page. */
export function InitCiPage() {
  const deps = SimulationContext.useSelector((state) => state.context.deps);
  const navigate = useNavigate();
  useEffect(() => {
    forceBafaMerged(deps.localStorage, deps.logger);
    navigate("/", { replace: true });
  }, [deps, navigate]);
  return null;
}
