// @vitest-environment jsdom
import { Suspense, use, type ReactElement } from "react";
import type { RouteObject } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyModule } from "../../../src/app/lazy/lazyModule";
import { lazyPage } from "../../../src/app/lazy/lazyPage";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { storedSimulationIsResumable } from "../../../src/app/simulation/resumable";
import { fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { render, settle, settleUntil } from "./helpers/dom";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

describe("lazyModule", () => {
  it("loads once, then exposes the module", async () => {
    let calls = 0;
    const module = lazyModule(async () => {
      calls += 1;
      return { value: 42 };
    });
    expect(module.current).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(module.current).toEqual({ value: 42 });
    expect(calls).toBe(1);
  });

  it("keeps a failed load failed (the page offers to reload)", async () => {
    const loader = vi.fn(async () => {
      throw new Error("network");
    });
    const module = lazyModule(loader);
    await expect(module.load()).rejects.toThrow("network");
    await expect(module.load()).rejects.toThrow("network");
    expect(loader).toHaveBeenCalledTimes(1);
    expect(module.current).toBeUndefined();
  });
});

describe("lazyPage", () => {
  it("suspends until its module is loaded, then renders it synchronously", async () => {
    let release: (value: { Page: () => ReactElement }) => void = () => undefined;
    const module = lazyModule(
      () =>
        new Promise<{ Page: () => ReactElement }>((resolve) => {
          release = resolve;
        }),
    );
    const Page = lazyPage(module, (m) => m.Page);
    // Not through render(): it would preload every lazy module first.
    const pending = module.load();
    const { createRoot } = await import("react-dom/client");
    const { act } = await import("react");
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <Suspense fallback={<p role="status">Chargement…</p>}>
          <Page />
        </Suspense>,
      ),
    );
    expect(container.textContent).toBe("Chargement…");
    await act(async () => {
      release({ Page: () => <h1>Page</h1> });
      await pending;
    });
    await settleUntil(() => container.querySelector("h1") !== null);
    expect(container.querySelector("h1")?.textContent).toBe("Page");
    cleanup = async () => {
      await act(async () => root.unmount());
    };
  });
});

describe("storedSimulationIsResumable (docs/product.md §5)", () => {
  const stored = (all: unknown[]) => {
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEYS.simulation,
      JSON.stringify({ answers: { all, current: all }, dateDeValeur: "2026-11-22" }),
    );
    return storage;
  };

  it("is resumable once the applicant has a birth date", () => {
    const birthDate = {
      entityName: "individu",
      id: "demandeur",
      fieldName: "date_naissance",
      value: "2004-03-01",
    };
    expect(storedSimulationIsResumable(stored([birthDate]))).toBe(true);
    expect(storedSimulationIsResumable(stored([{ ...birthDate, id: "conjoint" }]))).toBe(false);
    expect(storedSimulationIsResumable(stored([]))).toBe(false);
  });

  it("is not resumable without a saved simulation, or with an unreadable one", () => {
    expect(storedSimulationIsResumable(new MemoryStorage())).toBe(false);
    const broken = new MemoryStorage();
    broken.setItem(STORAGE_KEYS.simulation, "{not json");
    expect(storedSimulationIsResumable(broken)).toBe(false);
  });
});

describe("SimulationContext with the machine not loaded yet", () => {
  it("loads the machine and the questionnaire for the first page that needs the actor", async () => {
    // A fresh copy of the app's modules: the machine's module is not loaded in it.
    vi.resetModules();
    const { SimulationContext } = await import("../../../src/app/simulation/SimulationContext");
    const loadBundle = vi.fn(async () => fixtureBundle);
    function Optional() {
      const path = SimulationContext.useOptionalSelector((state) => state.context.currentPath);
      return <p data-testid="optional">{path ?? "sans machine"}</p>;
    }
    function Needs() {
      const path = SimulationContext.useSelector((state) => state.context.currentPath);
      return <p data-testid="needs">{path}</p>;
    }
    const deps = {
      loadBundle,
      storage: new MemoryStorage(),
      fetch: vi.fn(async () => new Response("{}", { status: 404 })),
      today: () => "2026-11-22",
    };
    const rendered = await render(
      <SimulationContext.Provider deps={deps}>
        <Optional />
        <Suspense fallback={<p role="status">Chargement…</p>}>
          <Needs />
        </Suspense>
      </SimulationContext.Provider>,
    );
    cleanup = rendered.unmount;
    const text = (id: string) =>
      rendered.container.querySelector(`[data-testid="${id}"]`)?.textContent;
    await settleUntil(() => text("needs") !== undefined);
    await settle();
    expect(loadBundle).toHaveBeenCalledTimes(1);
    expect(text("needs")).toBeTruthy();
    // The layout's reader follows once the machine exists.
    expect(text("optional")).toBe(text("needs"));
  });

  it("never loads the machine for readers that do not need it", async () => {
    vi.resetModules();
    const { SimulationContext } = await import("../../../src/app/simulation/SimulationContext");
    const loadBundle = vi.fn(async () => fixtureBundle);
    function Optional() {
      const path = SimulationContext.useOptionalSelector((state) => state.context.currentPath);
      return <p data-testid="optional">{path ?? "sans machine"}</p>;
    }
    const rendered = await render(
      <SimulationContext.Provider
        deps={{
          loadBundle,
          storage: new MemoryStorage(),
          fetch: vi.fn(async () => new Response("{}", { status: 404 })),
          today: () => "2026-11-22",
        }}
      >
        <Optional />
      </SimulationContext.Provider>,
    );
    cleanup = rendered.unmount;
    await settle();
    expect(loadBundle).not.toHaveBeenCalled();
    expect(rendered.container.textContent).toBe("sans machine");
  });
});

describe("a page whose code cannot be downloaded", () => {
  it("says so in the page's place, header and footer kept", async () => {
    const { RootLayout } = await import("../../../src/app/layout/RootLayout");
    const { renderRoutes } = await import("./helpers/renderRoutes");
    const Broken = lazyPage(
      lazyModule<{ Page: () => ReactElement }>(async () => {
        throw new Error("Failed to fetch dynamically imported module");
      }),
      (m) => m.Page,
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const rendered = await renderRoutes("/", {
      bundle: fixtureBundle,
      routes: [{ element: <RootLayout />, children: [{ index: true, element: <Broken /> }] }],
    });
    cleanup = rendered.unmount;
    await settleUntil(() => rendered.main().querySelector("[role=alert]") !== null);
    expect(rendered.main().querySelector("h1")?.textContent).toBe("Une erreur est survenue");
    expect(rendered.main().querySelector("[role=alert]")?.textContent).toContain(
      "rechargez la page",
    );
    expect(rendered.container.querySelector("header")).not.toBeNull();
    error.mockRestore();
  });
});

describe("a page whose code is still downloading", () => {
  async function renderPending(path: string) {
    const { RootLayout } = await import("../../../src/app/layout/RootLayout");
    const { declaredLoading } = await import("../../../src/app/layout/pageLoading");
    const { renderRoutes } = await import("./helpers/renderRoutes");
    // A page whose module never arrives (not a lazyModule, which render() would wait for).
    const download = new Promise<never>(() => undefined);
    const Pending = () => use(download);
    const Declared = () => <p role="status">Chargement de la liste</p>;
    const routes: RouteObject[] = [
      {
        element: <RootLayout loadingOf={(pathname) => declaredLoading(routes, pathname)} />,
        children: [
          { path: "liste", element: <Pending />, handle: { loading: Declared } },
          { path: "autre", element: <Pending /> },
        ],
      },
    ];
    const rendered = await renderRoutes(path, { bundle: fixtureBundle, routes });
    cleanup = rendered.unmount;
    await settleUntil(() => rendered.main().querySelector("[role=status]") !== null);
    return rendered.main().querySelector("[role=status]")?.textContent;
  }

  it("shows in its place the loading state its route declares", async () => {
    expect(await renderPending("/liste")).toBe("Chargement de la liste");
  });

  it("says it is loading where its route declares nothing", async () => {
    expect(await renderPending("/autre")).toBe("Chargement…");
  });
});
