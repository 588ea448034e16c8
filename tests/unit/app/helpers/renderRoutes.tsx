import type { RouteObject } from "react-router-dom";
import { RouterProvider, createMemoryRouter } from "./memoryRouter";
import { vi } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import type { FetchLike } from "../../../../src/app/machine/api";
import type { SimulationDeps } from "../../../../src/app/machine/simulationMachine";
import { routes as appRoutes } from "../../../../src/app/routes";
import { MemoryStorage } from "../fixtures/memoryStorage";
import { render } from "./dom";

export type RenderRoutesOptions = Pick<SimulationDeps, "bundle"> &
  Partial<Omit<SimulationDeps, "bundle">> & {
    /** The app's routes by default. */
    routes?: RouteObject[];
  };

/** A server that knows nothing: every call answers 404. */
const notFound = () => vi.fn<FetchLike>(async () => new Response("{}", { status: 404 }));

/**
 * Mounts the routes at `path` in a memory router, inside the providers the app mounts, with an
 * empty session storage, a fetch answering 404, a fixed day and a silent logger unless given.
 */
export async function renderRoutes(path: string, options: RenderRoutesOptions) {
  const { routes = appRoutes, ...given } = options;
  const deps: SimulationDeps = {
    storage: new MemoryStorage(),
    fetch: notFound(),
    today: () => "2026-11-22",
    logger: { error: vi.fn() },
    ...given,
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = await render(
    <AppProviders deps={deps} services={{ fetchCommunes: async () => [] }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    router,
    deps,
    container: rendered.container,
    unmount: rendered.unmount,
    main: () => rendered.container.querySelector("main") as HTMLElement,
    path: () => router.state.location.pathname,
  };
}
