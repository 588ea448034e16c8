import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { lazyModule } from "../lazy/lazyModule";
import { lazyPage, pageOnDemand } from "../lazy/lazyPage";
import type { StaticPageContent } from "../static-pages/types";

/** A static page: its component and its text load with the route, never with the home page. */
function staticPage(path: string, load: () => Promise<StaticPageContent>): RouteObject {
  const Page = lazyPage(
    lazyModule(() => Promise.all([import("../static-pages/StaticPage"), load()])),
    ([{ StaticPage }, content]) =>
      function StaticPageOfRoute() {
        return <StaticPage content={content} />;
      },
  );
  return { path, element: <Page /> };
}

/** A page of its own module, loaded with its route. */
function lazyRoute<M>(path: string, load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Page = pageOnDemand(load, pick);
  return { path, element: <Page /> };
}

/**
 * The top-level routes of docs/product.md §2 beside the simulation: static pages, identity-provider
 * returns, `/init-ci`, the editors' and partners' pages. All load on demand.
 */
export const pageRoutes: RouteObject[] = [
  staticPage(
    "accessibilite",
    async () => (await import("../static-pages/content/accessibilite")).accessibilite,
  ),
  staticPage("contact", async () => (await import("../static-pages/content/contact")).contact),
  staticPage("cgu", async () => (await import("../static-pages/content/cgu")).cgu),
  staticPage(
    "mentions-legales",
    async () => (await import("../static-pages/content/mentionsLegales")).mentionsLegales,
  ),
  staticPage(
    "confidentialite",
    async () => (await import("../static-pages/content/confidentialite")).confidentialite,
  ),
  staticPage("faq", async () => (await import("../static-pages/content/faq")).faq),
  lazyRoute(
    "accompagnement/:followupId?",
    () => import("./AccompagnementPage"),
    (m) => m.AccompagnementPage,
  ),
  lazyRoute(
    "init-ci",
    () => import("../ab-testing/InitCiPage"),
    (m) => m.InitCiPage,
  ),
  lazyRoute(
    "callback",
    () => import("../france-connect/CallbackPage"),
    (m) => m.CallbackPage,
  ),
  lazyRoute(
    "logout-callback",
    () => import("../france-connect/LogoutCallbackPage"),
    (m) => m.LogoutCallbackPage,
  ),
  lazyRoute(
    "preview",
    () => import("./PreviewPage"),
    (m) => m.PreviewPage,
  ),
  lazyRoute(
    "parcours",
    () => import("./ParcoursPage"),
    (m) => m.ParcoursPage,
  ),
  lazyRoute(
    "preremplissage",
    () => import("./PrefillPage"),
    (m) => m.PrefillPage,
  ),
];
