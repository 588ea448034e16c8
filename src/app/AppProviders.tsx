import type { ReactNode } from "react";
import { ServicesContext, browserServices, type Services } from "./services/ServicesContext";
import { SimulationContext, type AppDeps } from "./simulation/SimulationContext";

export type { AppDeps };

interface AppProvidersProps {
  deps: AppDeps;
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
