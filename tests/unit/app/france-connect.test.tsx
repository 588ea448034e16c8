// @vitest-environment jsdom
import { type RouteObject } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireEnv } from "../../../src/app/config";
import { CallbackPage } from "../../../src/app/france-connect/CallbackPage";
import { FranceConnectPanel } from "../../../src/app/france-connect/FranceConnectPanel";
import { LogoutCallbackPage } from "../../../src/app/france-connect/LogoutCallbackPage";
import {
  FRANCE_CONNECT_DISABLED,
  FRANCE_CONNECT_ERROR_MESSAGE,
  franceConnectSettings,
  hasFranceConnectCookie,
  type FranceConnectSettings,
} from "../../../src/app/france-connect/settings";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, settle, settleUntil } from "./helpers/dom";
import { renderRoutes } from "./helpers/renderRoutes";

const TODAY = "2026-11-22";
const ON: FranceConnectSettings = { enabled: true, apiPath: "/api/france-connect" };

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

function storageWithBirthDate(): MemoryStorage {
  const storage = new MemoryStorage();
  const all = [
    { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
  ];
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY }),
  );
  return storage;
}

async function mount(
  routeList: RouteObject[],
  path: string,
  storage: MemoryStorage = new MemoryStorage(),
) {
  const rendered = await renderRoutes(path, {
    routes: routeList,
    bundle: fixtureBundle,
    storage,
    localStorage: new MemoryStorage(),
    today: () => TODAY,
  });
  cleanup = rendered.unmount;
  await settle();
  return rendered;
}

const panelAt = (path: string, settings: FranceConnectSettings, cookie = "") =>
  mount(
    [{ path: "*", element: <FranceConnectPanel settings={settings} cookieJar={{ cookie }} /> }],
    path,
  );

describe("FranceConnect settings", () => {
  it("is off by default and when the flag is anything but true", () => {
    expect(franceConnectSettings({})).toEqual(FRANCE_CONNECT_DISABLED);
    expect(franceConnectSettings({ VITE_FRANCE_CONNECT_ENABLED: "1" }).enabled).toBe(false);
  });

  it("needs the provider's API path once turned on", () => {
    expect(() => franceConnectSettings({ VITE_FRANCE_CONNECT_ENABLED: "true" })).toThrow(
      "Variable VITE_FRANCE_CONNECT_API_PATH is not defined",
    );
    expect(
      franceConnectSettings({
        VITE_FRANCE_CONNECT_ENABLED: "true",
        VITE_FRANCE_CONNECT_API_PATH: "/api/france-connect/",
      }),
    ).toEqual(ON);
  });

  it("raises 'Variable {name} is not defined' for a missing or empty variable", () => {
    expect(() => requireEnv("VITE_X", {})).toThrow("Variable VITE_X is not defined");
    expect(() => requireEnv("VITE_X", { VITE_X: " " })).toThrow("Variable VITE_X is not defined");
    expect(requireEnv("VITE_X", { VITE_X: "valeur" })).toBe("valeur");
  });

  it("reads the provider cookie by its exact name", () => {
    expect(hasFranceConnectCookie({ cookie: "a=1; france_connect=1" })).toBe(true);
    expect(hasFranceConnectCookie({ cookie: "france_connect_old=1; lastestSimulation=x" })).toBe(
      false,
    );
  });
});

describe("FranceConnect in the simulation layout", () => {
  const loginButton = (root: ParentNode) => root.querySelector(".fr-connect");

  it("shows the login button with the flag on and france-connect-enabled=true only", async () => {
    const on = await panelAt("/simulation?france-connect-enabled=true", ON);
    expect(loginButton(on.container)?.closest("a")?.getAttribute("href")).toBe(
      "/api/france-connect/login",
    );
    await cleanup?.();
    const noQuery = await panelAt("/simulation", ON);
    expect(loginButton(noQuery.container)).toBeNull();
    await cleanup?.();
    const flagOff = await panelAt(
      "/simulation?france-connect-enabled=true",
      FRANCE_CONNECT_DISABLED,
    );
    expect(loginButton(flagOff.container)).toBeNull();
  });

  it("says the provider failed on error=france_connect_error", async () => {
    const { container } = await panelAt("/simulation?error=france_connect_error", ON);
    expect(container.textContent).toBe(FRANCE_CONNECT_ERROR_MESSAGE);
    expect(FRANCE_CONNECT_ERROR_MESSAGE.replace(/\u00a0/g, " ")).toBe(
      "Connection FranceConnect : Une erreur est survenue !",
    );
  });

  it("offers the logout link instead of the button when the provider cookie exists", async () => {
    const { container } = await panelAt(
      "/simulation?france-connect-enabled=true",
      ON,
      "france_connect=1",
    );
    expect(loginButton(container)).toBeNull();
    expect(byText(container, "a", "Se déconnecter")?.getAttribute("href")).toBe(
      "/api/france-connect/logout",
    );
  });

  it("is part of the simulation pages", async () => {
    const { container } = await mount(routes, `${PATHS.birthDate}?error=france_connect_error`);
    await settleUntil(() => !!container.querySelector("main h1"));
    expect(container.querySelector("main")?.textContent).toContain(FRANCE_CONNECT_ERROR_MESSAGE);
  });
});

describe("identity-provider returns", () => {
  it("/logout-callback hands the whole path and query to the provider's API", async () => {
    const leave = vi.fn();
    await mount(
      [{ path: "/logout-callback", element: <LogoutCallbackPage settings={ON} leave={leave} /> }],
      "/logout-callback?state=abc#x",
    );
    expect(leave).toHaveBeenCalledWith("/api/france-connect/logout-callback?state=abc#x");
  });

  it("/logout-callback and /callback go home when the flag is off", async () => {
    const logout = await mount(routes, "/logout-callback?state=abc");
    await settleUntil(() => logout.router.state.location.pathname === "/");
    expect(logout.router.state.location.pathname).toBe("/");
    await cleanup?.();
    const callback = await mount(routes, "/callback");
    await settleUntil(() => callback.router.state.location.pathname === "/");
    expect(callback.router.state.location.pathname).toBe("/");
  });

  const callbackRoutes: RouteObject[] = [
    { path: "/callback", element: <CallbackPage settings={ON} /> },
    { path: "*", element: <p>ailleurs</p> },
  ];

  it("/callback resumes the simulation, or goes home without one", async () => {
    const resumed = await mount(callbackRoutes, "/callback", storageWithBirthDate());
    expect(resumed.router.state.location.pathname).toBe(PATHS.activity);
    await cleanup?.();
    const none = await mount(callbackRoutes, "/callback");
    expect(none.router.state.location.pathname).toBe("/");
  });

  it("/callback carries the provider's error to the simulation", async () => {
    const { router } = await mount(callbackRoutes, "/callback?error=france_connect_error");
    expect(router.state.location.pathname).toBe(PATHS.birthDate);
    expect(router.state.location.search).toBe("?error=france_connect_error");
  });
});
