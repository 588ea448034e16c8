// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import { bundle as generatedBundle } from "../../../src/app/bundle";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byLabel, byText, click, render, settle, typeDate } from "./helpers/dom";

const TODAY = "2026-11-22";
const results = {
  _id: "sim-1",
  droitsEligibles: [
    {
      id: "aide_logement",
      label: "Aide au logement",
      description: "Une aide pour payer le loyer.",
      institution: "caf",
      montant: 210.5,
      unit: "€",
      periodicity: "mensuelle",
      links: { information: "https://www.caf.fr/aides" },
    },
  ],
  droitsInjectes: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function validStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  const all = [
    { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    { entityName: "individu", id: "demandeur", fieldName: "activite", value: "salarie" },
  ];
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY, version: "test-1" }),
  );
  return storage;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function open(path: string, options: { storage?: MemoryStorage; fetch?: FetchLike } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const fetch =
    options.fetch ??
    vi.fn<FetchLike>(async (url) =>
      url === "/api/simulation" ? json(200, { _id: "sim-1", token: "t" }) : json(200, results),
    );
  const deps = {
    bundle: fixtureBundle,
    storage,
    fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = await render(
    <AppProviders deps={deps} services={{ fetchCommunes: async () => [] }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  cleanup = rendered.unmount;
  await settle();
  const main = () => rendered.container.querySelector("main") as HTMLElement;
  return {
    router,
    container: rendered.container,
    storage,
    fetch,
    main,
    path: () => router.state.location.pathname,
  };
}

describe("layout", () => {
  it("has skip links to the content, the menu and the footer", async () => {
    const { container } = await open("/");
    const links = [...container.querySelectorAll(".fr-skiplinks a")];
    expect(links.map((a) => a.textContent)).toEqual(["Contenu", "Menu", "Pied de page"]);
    for (const link of links) {
      const id = link.getAttribute("href")?.slice(1) ?? "";
      expect(document.getElementById(id), id).not.toBeNull();
    }
  });

  it("shows the quick link back to the simulator's home everywhere but on the home page", async () => {
    const home = await open("/");
    expect(byText(home.container, "a", "Retour à l’accueil du simulateur")).toBeUndefined();
    expect(byText(home.container, "a", "Questions fréquentes")).toBeDefined();
    await cleanup?.();
    const step = await open(PATHS.birthDate);
    expect(
      byText(step.container, "a", "Retour à l’accueil du simulateur")?.getAttribute("href"),
    ).toBe("/");
  });

  it("credits the platform in the footer with a link to the terms of use", async () => {
    const { container } = await open("/");
    const footer = container.querySelector("footer");
    expect(footer?.textContent).toContain("Simulateur propulsé par la plateforme aides-jeunes");
    expect(byText(footer!, "a", "Conditions générales d’utilisation")?.getAttribute("href")).toBe(
      "/cgu",
    );
  });

  it("redirects an unknown path to the home page", async () => {
    const { path } = await open("/nulle-part");
    expect(path()).toBe("/");
  });
});

describe("home page", () => {
  it("invites to start, with the number of aids and the time it takes", async () => {
    const { main } = await open("/");
    expect(document.title).toBe("Accueil - Simulateur d’aides pour les jeunes");
    // The public catalogue's count, computed by the generator (1 038 today).
    expect(main().textContent).toContain(
      `${generatedBundle.publicBenefitCount.toLocaleString("fr-FR")} aides`,
    );
    expect(main().textContent).toContain("7 minutes");
    expect(main().textContent).toContain("munissez-vous de vos ressources");
    expect(byText(main(), "button", "Je commence ma simulation")).toBeDefined();
    expect(byText(main(), "button", "Reprendre ma simulation")).toBeUndefined();
  });

  it("offers to resume a simulation that has a birth date", async () => {
    const { main, path } = await open("/", { storage: validStorage() });
    expect(byText(main(), "button", "Commencer une nouvelle simulation")).toBeDefined();
    await click(byText(main(), "button", "Reprendre ma simulation"));
    expect(path()).toBe(PATHS.housing);
  });

  it("starts over from the first question, clearing the stored simulation", async () => {
    const { main, path, storage } = await open("/", { storage: validStorage() });
    await click(byText(main(), "button", "Commencer une nouvelle simulation"));
    expect(path()).toBe(PATHS.birthDate);
    expect(storage.getItem(STORAGE_KEYS.simulation)).toBeNull();
  });
});

describe("simulation pages", () => {
  it("sends /simulation and any step to the first question until there is a birth date", async () => {
    const first = await open("/simulation");
    expect(first.path()).toBe(PATHS.birthDate);
    await cleanup?.();
    const deep = await open(PATHS.housing);
    expect(deep.path()).toBe(PATHS.birthDate);
    await cleanup?.();
    const results = await open(PATHS.results);
    expect(results.path()).toBe(PATHS.birthDate);
  });

  it("opens any active step of a valid simulation", async () => {
    const { path, main } = await open(PATHS.housing, { storage: validStorage() });
    expect(path()).toBe(PATHS.housing);
    expect(main().querySelector("h1")?.textContent).toBe("Êtes-vous ?");
    expect(document.title).toBe("Êtes-vous ? - Simulateur d’aides pour les jeunes");
  });

  it("shows progress, chapters and the recap button", async () => {
    const { main } = await open(PATHS.housing, { storage: validStorage() });
    const bar = main().querySelector('[role="progressbar"]');
    expect(bar?.getAttribute("aria-valuemin")).toBe("0");
    expect(bar?.getAttribute("aria-valuemax")).toBe("100");
    expect(Number(bar?.getAttribute("aria-valuenow"))).toBeGreaterThan(0);

    const chapters = [...main().querySelectorAll("nav.fr-sidemenu li a")];
    expect(chapters.map((a) => a.textContent?.replace(" (terminé)", ""))).toEqual([
      "Mon profil",
      "Mon logement",
      "Récapitulatif",
    ]);
    expect(chapters[0]?.getAttribute("href")).toBe(PATHS.birthDate);
    expect(chapters[1]?.getAttribute("aria-current")).toBe("step");
    expect(chapters[2]?.getAttribute("aria-disabled")).toBe("true");
    expect(chapters[2]?.hasAttribute("href")).toBe(false);
    expect(byText(main(), "a.fr-btn", "Récapitulatif")?.getAttribute("href")).toBe(PATHS.recap);
  });

  it("answers, moves on, focuses the new title, and goes back", async () => {
    const { path, main } = await open(PATHS.birthDate);
    expect(byText(main(), "a.fr-btn", "Récapitulatif")).toBeUndefined();
    await typeDate(main(), "Quelle est votre date de naissance ?", "2004-03-01");
    await click(byText(main(), "button", "Suivant"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(path()).toBe(PATHS.activity);
    expect(document.activeElement).toBe(main().querySelector("h1"));
    expect(byText(main(), "a.fr-btn", "Récapitulatif")).toBeDefined();
    await click(byText(main(), "button", "Retour"));
    expect(path()).toBe(PATHS.birthDate);
  });
});

describe("URL and machine", () => {
  it("follows the browser history and refuses inactive steps", async () => {
    const { router, path, main } = await open(PATHS.birthDate);
    await typeDate(main(), "Quelle est votre date de naissance ?", "2004-03-01");
    await click(byText(main(), "button", "Suivant"));
    expect(path()).toBe(PATHS.activity);
    await act(async () => router.navigate(-1));
    await settle();
    expect(path()).toBe(PATHS.birthDate);
    expect(main().querySelector("h1")?.textContent).toBe("Quelle est votre date de naissance ?");
    await act(async () => router.navigate(1));
    await settle();
    expect(main().querySelector("h1")?.textContent).toBe("Que faites-vous actuellement ?");
    await click(byLabel(main(), "Salarié ou salariée"));
    await click(byText(main(), "button", "Suivant"));
    expect(path()).toBe(PATHS.housing);
    await act(async () => router.navigate(PATHS.grant));
    await settle();
    expect(path()).toBe(PATHS.housing);
  });
});

describe("results page", () => {
  it("computes, announces the count and lists the aids", async () => {
    const { main, fetch } = await open(PATHS.results, { storage: validStorage() });
    await settle(10);
    const simulationCalls = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => !url.startsWith("/api/openfisca/"));
    expect(simulationCalls).toHaveLength(2);
    const status = main().querySelector('[role="status"]');
    expect(status?.getAttribute("aria-live")).toBe("polite");
    expect(status?.textContent).toBe("1 aide trouvée");
    const card = main().querySelector(".fr-card");
    expect(card?.textContent).toContain("Aide au logement");
    expect(card?.textContent).toContain("Caisse d’allocations familiales");
    expect(card?.textContent).toContain("210,50\u00a0€ / mois");
    expect(card?.querySelector("a")?.getAttribute("href")).toBe("https://www.caf.fr/aides");
    expect(main().querySelector('[role="progressbar"]')).toBeNull();
    expect(byText(main(), "a", "Modifier ma simulation")?.getAttribute("href")).toBe(PATHS.recap);
    expect(document.title).toBe("Mes résultats - Simulateur d’aides pour les jeunes");
  });

  it("shows the server's message and retries on demand", async () => {
    let fail = true;
    const fetch = vi.fn<FetchLike>(async (url) => {
      if (url === "/api/simulation") return json(200, { _id: "sim-1", token: "t" });
      return fail
        ? json(503, { message: "Le calcul est indisponible.", errors: [] })
        : json(200, results);
    });
    const { main } = await open(PATHS.results, { storage: validStorage(), fetch });
    await settle(10);
    expect(main().textContent).toContain("Le calcul est indisponible.");
    expect(main().querySelector(".fr-card")).toBeNull();
    fail = false;
    await click(byText(main(), "button", "Réessayer"));
    await settle(10);
    expect(main().querySelector('[role="status"]')?.textContent).toBe("1 aide trouvée");
  });

  it("says so when no aid is found", async () => {
    const fetch = vi.fn<FetchLike>(async (url) =>
      url === "/api/simulation"
        ? json(200, { _id: "sim-1", token: "t" })
        : json(200, { ...results, droitsEligibles: [] }),
    );
    const { main } = await open(PATHS.results, { storage: validStorage(), fetch });
    await settle(10);
    expect(main().querySelector('[role="status"]')?.textContent).toBe("Aucune aide trouvée");
    expect(main().textContent).toContain("vous ne pouvez pas bénéficier");
  });
});

describe("recap page", () => {
  it("lists the answers by chapter with links to change them", async () => {
    const { main } = await open(PATHS.recap, { storage: validStorage() });
    expect(main().querySelector("h1")?.textContent).toBe("Récapitulatif");
    const sections = [...main().querySelectorAll("section h2")].map((h) => h.textContent);
    expect(sections).toEqual(["Mon profil"]);
    expect(main().textContent).toContain("01/03/2004");
    expect(main().textContent).toContain("Salarié ou salariée");
    expect(byText(main(), "a", "Modifier")?.getAttribute("href")).toBe(PATHS.birthDate);
    expect(byText(main(), "button", "Retour")).toBeDefined();
  });
});
