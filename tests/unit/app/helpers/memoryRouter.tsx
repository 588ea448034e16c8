import { useLayoutEffect } from "react";
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from "react-router-dom";

/**
 * The app mounts a declarative router; tests mount the same routes in a memory router and read
 * the location or navigate through this handle (the shape of a data router's, for the calls
 * tests make).
 */
export interface TestRouter {
  readonly routes: RouteObject[];
  readonly initialEntries: string[];
  readonly state: { location: Location };
  navigate: NavigateFunction;
}

export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries = ["/"] }: { initialEntries?: string[] } = {},
): TestRouter {
  const router: TestRouter = {
    routes,
    initialEntries,
    state: { location: undefined as unknown as Location },
    navigate: (() => {
      throw new Error("The router is not mounted");
    }) as NavigateFunction,
  };
  return router;
}

/** Keeps the handle's location and navigate in step with the mounted router. */
function Probe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Set during render too, so that the location is known as soon as the tree has rendered.
  router.state.location = location;
  useLayoutEffect(() => {
    router.state.location = location;
    router.navigate = navigate;
  });
  return null;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { router: TestRouter }) {
  return (
    <MemoryRouter initialEntries={router.initialEntries}>
      <Probe router={router} />
      <Routes routes={router.routes} />
    </MemoryRouter>
  );
}
