import { BrowserRouter } from "react-router-dom";
import { AppProviders, type AppDeps } from "./AppProviders";
import { AppRoutes } from "./routes";

/**
 * A declarative router: the app uses no data-router API (loaders, actions, fetchers), and this
 * one leaves that code out of the home page's download (issue 8, "Budgets").
 */
export function App({ deps }: { deps: AppDeps }) {
  return (
    <AppProviders deps={deps}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
