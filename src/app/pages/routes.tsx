import type { RouteObject } from "react-router-dom";
import type { StaticPageContent } from "../static-pages/types";

/** A static page: its component and its text load with the route, never with the home page. */
function staticPage(path: string, load: () => Promise<StaticPageContent>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ StaticPage }, content] = await Promise.all([
        import("../static-pages/StaticPage"),
        load(),
      ]);
      return { Component: () => <StaticPage content={content} /> };
    },
  };
}

/**
 * The top-level routes of spec §2 beside the simulation: static pages, identity-provider
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
  {
    path: "accompagnement/:followupId?",
    lazy: async () => ({ Component: (await import("./AccompagnementPage")).AccompagnementPage }),
  },
  {
    path: "init-ci",
    lazy: async () => ({ Component: (await import("../ab-testing/InitCiPage")).InitCiPage }),
  },
  {
    path: "callback",
    lazy: async () => ({
      Component: (await import("../france-connect/CallbackPage")).CallbackPage,
    }),
  },
  {
    path: "logout-callback",
    lazy: async () => ({
      Component: (await import("../france-connect/LogoutCallbackPage")).LogoutCallbackPage,
    }),
  },
  {
    path: "preview",
    lazy: async () => ({ Component: (await import("./PreviewPage")).PreviewPage }),
  },
  {
    path: "parcours",
    lazy: async () => ({ Component: (await import("./ParcoursPage")).ParcoursPage }),
  },
  {
    path: "preremplissage",
    lazy: async () => ({ Component: (await import("./PrefillPage")).PrefillPage }),
  },
];
