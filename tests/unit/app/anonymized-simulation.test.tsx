// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../../../src/app/machine/api";
import { fetchSimulation } from "../../../src/app/machine/persistence";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import type { Droit } from "../../../src/domain";
import { fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, settle, settleUntil } from "./helpers/dom";
import { renderRoutes } from "./helpers/renderRoutes";

const TODAY = "2026-11-22";
const RECAP_BUTTON = "Recevoir les résultats par email/SMS";
const droit: Droit = {
  id: "aide_logement",
  label: "Aide au logement",
  description: "Une aide pour payer le loyer.",
  institution: "caf",
  montant: 210.5,
  unit: "€",
  periodicity: "mensuelle",
  links: {},
};
const results = { _id: "sim-1", droitsEligibles: [droit], droitsInjectes: [] };
const all = [
  { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-01-01" },
  { entityName: "individu", id: "demandeur", fieldName: "activite", value: "salarie" },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A saved simulation with its results in session storage, as the browser keeps them. */
function savedSimulation(status?: "anonymized"): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({
      answers: { all, current: all },
      dateDeValeur: TODAY,
      version: "test-1",
      simulationToken: "t",
      ...(status ? { status } : {}),
    }),
  );
  storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("sim-1"));
  storage.setItem(STORAGE_KEYS.calculs, JSON.stringify({ resultats: results, dirty: false }));
  return storage;
}

/** The calls about simulations (the page also asks for parameters and missing benefits). */
function simulationCalls(fetch: { mock: { calls: Parameters<FetchLike>[] } }) {
  return fetch.mock.calls
    .filter(([url]) => url.startsWith("/api/simulation"))
    .map(([url, init]) => [url, init?.method ?? "GET"]);
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function openResults(
  storage: MemoryStorage,
  fetch = vi.fn<FetchLike>(async () => json(200, results)),
) {
  const rendered = await renderRoutes("/simulation/resultats", {
    bundle: fixtureBundle,
    storage,
    fetch,
    today: () => TODAY,
  });
  cleanup = rendered.unmount;
  await settle();
  await settleUntil(() => rendered.container.querySelector("main h1") !== null);
  await settle();
  return rendered.container;
}

describe("an anonymised simulation (docs/product.md §2 Simulation layout, §4)", () => {
  it("shows the chapter menu, the summary button and the e-mail button when it is not", async () => {
    const container = await openResults(savedSimulation());
    expect(container.querySelector("nav.app-chapters")).not.toBeNull();
    expect(byText(container, "button", RECAP_BUTTON)).toBeDefined();
    expect(container.textContent).toContain("Modifier ma simulation");
  });

  it("hides the chapter menu, the summary button and the e-mail button", async () => {
    const container = await openResults(savedSimulation("anonymized"));
    expect(container.textContent).toContain("Aide au logement");
    expect(container.querySelector("nav.app-chapters")).toBeNull();
    expect(byText(container, "button", RECAP_BUTTON)).toBeUndefined();
    expect(container.textContent).not.toContain("Modifier ma simulation");
  });

  it("retrieves the results of an anonymised simulation instead of saving it again", async () => {
    const storage = savedSimulation("anonymized");
    storage.removeItem(STORAGE_KEYS.calculs);
    const fetch = vi.fn<FetchLike>(async () => json(200, results));
    const container = await openResults(storage, fetch);
    await settleUntil(() => container.textContent?.includes("Aide au logement") === true);
    expect(simulationCalls(fetch)).toEqual([["/api/simulation/sim-1/results", "GET"]]);
    expect(container.textContent).toContain("Aide au logement");
    expect(byText(container, "button", RECAP_BUTTON)).toBeUndefined();
  });

  it("shows the server's message when its results are gone", async () => {
    const storage = savedSimulation("anonymized");
    storage.removeItem(STORAGE_KEYS.calculs);
    const gone =
      "Cette simulation a été anonymisée\u00a0: ses résultats ne sont plus disponibles. Vous pouvez faire une nouvelle simulation.";
    const fetch = vi.fn<FetchLike>(async () => json(410, { message: gone, errors: [] }));
    const container = await openResults(storage, fetch);
    await settleUntil(() => container.textContent?.includes(gone) === true);
    expect(container.textContent).toContain(gone);
    expect(simulationCalls(fetch)).toEqual([["/api/simulation/sim-1/results", "GET"]]);
  });

  it("reads the status the server gives back", async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(200, { answers: { all, current: all }, dateDeValeur: TODAY, status: "anonymized" }),
    );
    expect(await fetchSimulation(fetch, "sim-1", "t")).toMatchObject({ status: "anonymized" });
    fetch.mockImplementation(async () =>
      json(200, { answers: { all, current: all }, dateDeValeur: TODAY, status: "new" }),
    );
    expect(await fetchSimulation(fetch, "sim-1", "t")).not.toHaveProperty("status");
  });
});
