import type { ReactNode } from "react";
import type { SimulationDeps } from "./machine/simulationMachine";
import { ServicesContext, browserServices, type Services } from "./services/ServicesContext";
import { SimulationContext } from "./simulation/SimulationContext";

interface AppProvidersProps {
  deps: SimulationDeps;
  services?: Services;
  children: ReactNode;
}

export function AppProviders({ deps, services = browserServices, children }: AppProvidersProps) {
  return (
    <ServicesContext.Provider value={services}>
      <SimulationContext.Provider deps={deps}>{children}</SimulationContext.Provider>
    </ServicesContext.Provider>
  );
}
