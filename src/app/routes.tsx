import { Navigate, useParams, type RouteObject } from "react-router-dom";
import { RootLayout } from "./layout/RootLayout";
import { HomePage } from "./pages/HomePage";
import { PlacePage } from "./places/PlacePage";
import { PlacesPage } from "./places/PlacesPage";
import { RedirectionPage } from "./pages/RedirectionPage";
import { pageRoutes } from "./pages/routes";
import { RecapPage } from "./recap/RecapPage";
import { RecapEmailPage } from "./recap-email/RecapEmailPage";
import { BenefitPage } from "./results/BenefitPage";
import { GroupPage } from "./results/GroupPage";
import { ResultsPage } from "./results/ResultsPage";
import { ResultsSubpage } from "./results/ResultsSubpage";
import { UnexpectedPage } from "./results/UnexpectedPage";
import { FiscalPage } from "./simulation/fiscal/FiscalPage";
import { PatrimoinePage } from "./simulation/fiscal/PatrimoinePage";
import { RestorePage } from "./simulation/RestorePage";
import { SaveLaterPage } from "./simulation/SaveLaterPage";
import { SimulationLayout } from "./simulation/SimulationLayout";
import { SimulationPage } from "./simulation/SimulationPage";

/** Spec §2: `individu/{id}` goes to that person's birth date. */
function PersonRedirect() {
  const { id = "demandeur" } = useParams();
  return <Navigate to={`/simulation/individu/${id}/date_naissance`} replace />;
}

/**
 * Under /simulation, the machine decides which step is shown: SimulationLayout turns the URL
 * into GOTO requests and writes the machine's path back to the URL (see useUrlProjection).
 * The other pages (save for later, restore, learn more, taxable incomes, wealth) are shown by
 * their URL alone.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "redirection", element: <RedirectionPage /> },
      // The integrator page (snippet generator and preview of the embedding).
      {
        path: "iframe",
        lazy: async () => ({ Component: (await import("./iframe/IframePage")).IframePage }),
      },
      // Usage statistics and their charts load on demand.
      {
        path: "stats",
        lazy: async () => ({ Component: (await import("./stats/StatsPage")).StatsPage }),
      },
      // The follow-up survey (link of the recap e-mail) loads on demand.
      {
        path: "suivi",
        lazy: async () => ({ Component: (await import("./suivi/SuiviPage")).SuiviPage }),
      },
      // The recap form as a page, beside the simulation layout: the machine stays on the results.
      { path: "simulation/resultats/recapitulatif_email", element: <RecapEmailPage /> },
      // The catalogue pages and their data load on demand, never with the home page.
      {
        path: "aides",
        lazy: async () => ({ Component: (await import("./aides/AidesPage")).AidesPage }),
      },
      {
        path: "aides/:benefitId",
        lazy: async () => ({ Component: (await import("./aides/AidePage")).AidePage }),
      },
      // Pages under the results, beside the simulation layout (see ResultsSubpage).
      {
        path: "simulation/resultats/groupe/:groupId",
        element: (
          <ResultsSubpage>
            <GroupPage />
          </ResultsSubpage>
        ),
      },
      {
        path: "simulation/resultats/inattendu/:benefitId",
        element: (
          <ResultsSubpage>
            <UnexpectedPage />
          </ResultsSubpage>
        ),
      },
      {
        path: "simulation/resultats/lieux",
        element: (
          <ResultsSubpage>
            <PlacesPage />
          </ResultsSubpage>
        ),
      },
      {
        path: "simulation/resultats/:benefitId/:lieuId/informations",
        element: (
          <ResultsSubpage>
            <PlacePage />
          </ResultsSubpage>
        ),
      },
      {
        path: "simulation/resultats/:benefitId",
        element: (
          <ResultsSubpage>
            <BenefitPage />
          </ResultsSubpage>
        ),
      },
      {
        path: "simulation",
        element: <SimulationLayout />,
        children: [
          { index: true, element: null },
          { path: "resultats", element: <ResultsPage /> },
          { path: "recapitulatif", element: <RecapPage /> },
          { path: "revenir-plus-tard", element: <SaveLaterPage /> },
          { path: "redirect", element: <RestorePage /> },
          { path: "ressources/fiscales", element: <FiscalPage /> },
          { path: "ressources/patrimoine", element: <PatrimoinePage /> },
          { path: "individu/:id", element: <PersonRedirect /> },
          { path: "*", element: <SimulationPage /> },
        ],
      },
      // Static pages, identity-provider returns, /init-ci, preview, journey, prefill, help.
      ...pageRoutes,
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
