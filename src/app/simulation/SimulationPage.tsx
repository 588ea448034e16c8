import { useLocation } from "react-router-dom";
import { StepPage } from "../steps/StepPage";
import { HelpPage } from "./HelpPage";
import { stepOfHelpPath } from "./paths";

/** Any other path under /simulation: a step, or a step's learn-more page. */
export function SimulationPage() {
  const { pathname } = useLocation();
  return stepOfHelpPath(pathname) !== undefined ? <HelpPage /> : <StepPage />;
}
