import { useMemo } from "react";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { AppProviders } from "./AppProviders";
import type { SimulationDeps } from "./machine/simulationMachine";
import { routes } from "./routes";

export function App({ deps }: { deps: SimulationDeps }) {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <AppProviders deps={deps}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
