import { Navigate, type RouteObject } from "react-router-dom";
import { RootLayout } from "./layout/RootLayout";
import { HomePage } from "./pages/HomePage";
import { RecapPage } from "./recap/RecapPage";
import { ResultsPage } from "./results/ResultsPage";
import { SimulationLayout } from "./simulation/SimulationLayout";
import { StepPage } from "./steps/StepPage";

/**
 * Under /simulation, the machine decides which page is shown: SimulationLayout turns the URL
 * into GOTO requests and writes the machine's path back to the URL (see useUrlProjection).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: "simulation",
        element: <SimulationLayout />,
        children: [
          { index: true, element: null },
          { path: "resultats", element: <ResultsPage /> },
          { path: "recapitulatif", element: <RecapPage /> },
          { path: "*", element: <StepPage /> },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
