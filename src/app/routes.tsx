import { Navigate, useParams, useRoutes, type RouteObject } from "react-router-dom";
import { AidesLoading } from "./aides/AidesLoading";
import { lazyPage, pageOnDemand } from "./lazy/lazyPage";
import { resultsPageModule } from "./results/resultsPageModule";
import { declaredLoading, type PageHandle } from "./layout/pageLoading";
import { RootLayout } from "./layout/RootLayout";
import { HomePage } from "./pages/HomePage";
import { RedirectionPage } from "./pages/RedirectionPage";
import { pageRoutes } from "./pages/routes";
import { ResultsSubpage } from "./results/ResultsSubpage";

// Issue 8 ("Budgets"): besides the layout and the home page, every page loads on demand. The
// simulation's pages bring the machine and the questionnaire with them.
const IframePage = pageOnDemand(
  () => import("./iframe/IframePage"),
  (m) => m.IframePage,
);
// Usage statistics and their charts.
const StatsPage = pageOnDemand(
  () => import("./stats/StatsPage"),
  (m) => m.StatsPage,
);
// The follow-up survey (link of the recap e-mail).
const SuiviPage = pageOnDemand(
  () => import("./suivi/SuiviPage"),
  (m) => m.SuiviPage,
);
// The catalogue pages and their data.
const AidesPage = pageOnDemand(
  () => import("./aides/AidesPage"),
  (m) => m.AidesPage,
);
const AidePage = pageOnDemand(
  () => import("./aides/AidePage"),
  (m) => m.AidePage,
);
const RecapEmailPage = pageOnDemand(
  () => import("./recap-email/RecapEmailPage"),
  (m) => m.RecapEmailPage,
);
const PlacePage = pageOnDemand(
  () => import("./places/PlacePage"),
  (m) => m.PlacePage,
);
const PlacesPage = pageOnDemand(
  () => import("./places/PlacesPage"),
  (m) => m.PlacesPage,
);
const RecapPage = pageOnDemand(
  () => import("./recap/RecapPage"),
  (m) => m.RecapPage,
);
const BenefitPage = pageOnDemand(
  () => import("./results/BenefitPage"),
  (m) => m.BenefitPage,
);
const GroupPage = pageOnDemand(
  () => import("./results/GroupPage"),
  (m) => m.GroupPage,
);
const ResultsPage = lazyPage(resultsPageModule, (m) => m.ResultsPage);
const UnexpectedPage = pageOnDemand(
  () => import("./results/UnexpectedPage"),
  (m) => m.UnexpectedPage,
);
const FiscalPage = pageOnDemand(
  () => import("./simulation/fiscal/FiscalPage"),
  (m) => m.FiscalPage,
);
const PatrimoinePage = pageOnDemand(
  () => import("./simulation/fiscal/PatrimoinePage"),
  (m) => m.PatrimoinePage,
);
const RestorePage = pageOnDemand(
  () => import("./simulation/RestorePage"),
  (m) => m.RestorePage,
);
const SaveLaterPage = pageOnDemand(
  () => import("./simulation/SaveLaterPage"),
  (m) => m.SaveLaterPage,
);
const SimulationLayout = pageOnDemand(
  () => import("./simulation/SimulationLayout"),
  (m) => m.SimulationLayout,
);
const SimulationPage = pageOnDemand(
  () => import("./simulation/SimulationPage"),
  (m) => m.SimulationPage,
);

/** docs/product.md §2: `individu/{id}` goes to that person's birth date. */
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
    element: <RootLayout loadingOf={(pathname) => declaredLoading(routes, pathname)} />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "redirection", element: <RedirectionPage /> },
      // The integrator page (snippet generator and preview of the embedding).
      { path: "iframe", element: <IframePage /> },
      { path: "stats", element: <StatsPage /> },
      { path: "suivi", element: <SuiviPage /> },
      // The recap form as a page, beside the simulation layout: the machine stays on the results.
      { path: "simulation/resultats/recapitulatif_email", element: <RecapEmailPage /> },
      {
        path: "aides",
        element: <AidesPage />,
        handle: { loading: AidesLoading } satisfies PageHandle,
      },
      {
        path: "aides/:benefitId",
        element: <AidePage />,
        // The server renders an aid's page (src/server/aid-page.ts) from the catalogue.
        handle: {
          beforeHydration: ({ benefitId = "" }) =>
            import("./aides/loadCatalogue").then(({ loadCatalogueFor }) =>
              loadCatalogueFor(benefitId),
            ),
        } satisfies PageHandle,
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

/** The app's pages, in the router given by the caller (a browser router, or a memory one). */
export function AppRoutes() {
  return useRoutes(routes);
}
