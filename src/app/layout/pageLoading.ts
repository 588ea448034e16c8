import type { ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";

/**
 * What a route declares for the layout (`handle` of its route object): the loading state shown
 * in the page's place while its modules download, when the page can say more than
 * "Chargement…" (src/app/layout/RootLayout.tsx). The layout's single Suspense boundary shows it,
 * so that the page is focused and counted only once it has rendered.
 */
export interface PageHandle {
  loading?: ComponentType;
  /**
   * What the page needs before the browser hydrates the server's rendering of it
   * (src/app/main.tsx), so that its first render is the server's: React would otherwise render
   * the page's own loading state over it.
   */
  beforeHydration?: (params: Readonly<Record<string, string | undefined>>) => Promise<unknown>;
}

/** The loading state declared by the deepest route matching `pathname`, if any. */
export function declaredLoading(
  routes: RouteObject[],
  pathname: string,
): ComponentType | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map((match) => (match.route.handle as PageHandle | undefined)?.loading)
    .findLast((loading) => loading !== undefined);
}

/** What the routes matching `pathname` need before hydrating the server's rendering. */
export function beforeHydration(routes: RouteObject[], pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) =>
      (match.route.handle as PageHandle | undefined)?.beforeHydration?.(match.params),
    ),
  );
}
