// @vitest-environment jsdom
import { act } from "react";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bundle } from "../../../src/domain";
import { AppProviders } from "../../../src/app/AppProviders";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import {
  LATEST_SIMULATION_COOKIE,
  readLatestSimulationId,
} from "../../../src/app/simulation/latestSimulation";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byLabel, byText, click, render, settle, settleUntil, type, typeDate } from "./helpers/dom";
import { FORBIDDEN_MESSAGE, FORBIDDEN_TITLE } from "../../../src/app/simulation/ForbiddenAlert";

const TODAY = "2026-11-22";
const REDIRECT_TEXT = "Vous avez été redirigé ou redirigée sur la première page du simulateur.";
const results = { _id: "sim-1", droitsEligibles: [], droitsInjectes: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The fixture with a learn-more text on the housing question. */
const bundle: Bundle = {
  ...fixtureBundle,
  blocks: {
    ...fixtureBundle.blocks,
    logement: {
      ...fixtureBundle.blocks.logement!,
      steps: fixtureBundle.blocks.logement!.steps.map((step) =>
        step.id === "menage._logementType"
          ? {
              ...step,
              fields: step.fields.map((field) => ({
                ...field,
                help: "Un locataire paie un loyer.\n\nUne personne hébergée n’en paie pas.",
              })),
            }
          : step,
      ),
    },
  },
};

const birthDate = {
  entityName: "individu",
  id: "demandeur",
  fieldName: "date_naissance",
  value: "2004-03-01",
};
const activity = {
  entityName: "individu",
  id: "demandeur",
  fieldName: "activite",
  value: "salarie",
};

function storageWith(answers: object[], extra: Record<string, unknown> = {}): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur: TODAY, ...extra }),
  );
  return storage;
}

function defaultFetch() {
  return vi.fn<FetchLike>(async (url) => {
    if (url === "/api/simulation") return json(200, { _id: "sim-1", token: "t" });
    if (url.startsWith("/api/openfisca/parameters/"))
      return json(200, { date: TODAY, source: "fallback", parameters: {} });
    if (url === "/api/config") return json(200, { contactEmail: "contact@example.fr" });
    return json(200, results);
  });
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
  document.cookie = `${LATEST_SIMULATION_COOKIE}=; max-age=0; path=/`;
});

async function open(
  path: string,
  options: {
    storage?: MemoryStorage;
    fetch?: ReturnType<typeof defaultFetch>;
    bundle?: Bundle;
  } = {},
) {
  const storage = options.storage ?? new MemoryStorage();
  const fetch = options.fetch ?? defaultFetch();
  const deps = {
    bundle: options.bundle ?? bundle,
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
  await settle(8);
  const main = () => rendered.container.querySelector("main") as HTMLElement;
  const go = async (to: string) => {
    await act(async () => router.navigate(to));
    await settle(8);
  };
  return {
    router,
    storage,
    fetch,
    main,
    go,
    path: () => router.state.location.pathname,
    search: () => router.state.location.search,
  };
}

const h1 = (main: HTMLElement) => main.querySelector("h1")?.textContent;

describe("sanity check on first load (docs/product.md §5)", () => {
  it("sends a deep link without a birth date to the start, with a message and a contact link", async () => {
    const { path, main } = await open(PATHS.rent);
    expect(path()).toBe(PATHS.birthDate);
    expect(main().textContent).toContain(REDIRECT_TEXT);
    expect(main().textContent).toContain("Vous pensez que c’est une erreur\u00a0?");
    expect(byText(main(), "a", "Contactez-nous")?.getAttribute("href")).toBe(
      "mailto:contact@example.fr",
    );
  });

  it("shows the message on one page only", async () => {
    const { main } = await open(PATHS.rent);
    await typeDate(main(), "Quelle est votre date de naissance ?", "2004-03-01");
    await click(byText(main(), "button", "Suivant"));
    expect(h1(main())).toBe("Que faites-vous actuellement ?");
    expect(main().textContent).not.toContain(REDIRECT_TEXT);
  });

  it.each([PATHS.birthDate, PATHS.results, PATHS.recap, "/simulation/redirect"])(
    "lets %s through without a message",
    async (target) => {
      const { main } = await open(target);
      expect(main().textContent).not.toContain(REDIRECT_TEXT);
    },
  );

  it("lets ?debug through without a message", async () => {
    const { main } = await open(`${PATHS.rent}?debug=parcours`);
    expect(main().textContent).not.toContain(REDIRECT_TEXT);
  });

  it("does not redirect a simulation that has a birth date", async () => {
    const { path, main } = await open(PATHS.housing, { storage: storageWith([birthDate]) });
    expect(path()).toBe(PATHS.housing);
    expect(main().textContent).not.toContain(REDIRECT_TEXT);
  });

  it("sends /simulation/individu/demandeur to the birth date", async () => {
    const { path } = await open("/simulation/individu/demandeur", {
      storage: storageWith([birthDate]),
    });
    expect(path()).toBe(PATHS.birthDate);
  });
});

describe("side buttons (docs/product.md §2 Simulation layout)", () => {
  it("offers the recap on a step, 'Modifier ma simulation' on the results, 'Retour' on the recap", async () => {
    const { main, go } = await open(PATHS.housing, { storage: storageWith([birthDate, activity]) });
    expect(byText(main(), "a.fr-btn", "Récapitulatif")?.getAttribute("href")).toBe(PATHS.recap);
    await go(PATHS.results);
    expect(byText(main(), "a.fr-btn", "Modifier ma simulation")?.getAttribute("href")).toBe(
      PATHS.recap,
    );
    await go(PATHS.recap);
    expect(byText(main(), "button", "Retour")).toBeDefined();
    expect(byText(main(), "a.fr-btn", "Récapitulatif")).toBeUndefined();
  });

  it("shows none of them before the birth date", async () => {
    const { main } = await open(PATHS.birthDate);
    for (const label of ["Récapitulatif", "Modifier ma simulation", "Retour"]) {
      expect(byText(main(), ".fr-col-md-4 .fr-btn", label)).toBeUndefined();
    }
    expect(byText(main(), "a", "Revenir plus tard")).toBeUndefined();
  });
});

describe("recap page", () => {
  it("groups the answers by chapter in journey order, in French, with links to change them", async () => {
    const answers = [
      birthDate,
      activity,
      { entityName: "menage", id: "menage", fieldName: "_logementType", value: "locataire" },
      { entityName: "menage", id: "menage", fieldName: "loyer", value: 450 },
    ];
    const { main } = await open(PATHS.recap, { storage: storageWith(answers) });
    expect(document.title).toBe("Récapitulatif - Simulateur d’aides pour les jeunes");
    const sections = [...main().querySelectorAll("section")];
    expect(sections.map((s) => s.querySelector("h2")?.textContent)).toEqual([
      "Mon profil",
      "Mon logement",
    ]);
    const [profil, logement] = sections;
    const chapterLink = profil!.querySelector(".app-recap__heading a");
    expect(chapterLink?.getAttribute("href")).toBe(PATHS.birthDate);
    expect(logement!.querySelector(".app-recap__heading a")?.getAttribute("href")).toBe(
      PATHS.housing,
    );
    expect(profil!.textContent).toContain("01/03/2004");
    expect(profil!.textContent).toContain("Salarié ou salariée");
    expect(logement!.textContent).toContain("Locataire");
    expect(logement!.textContent).toContain("450,00\u00a0€");
    const rowLinks = [...logement!.querySelectorAll("dd a")].map((a) => a.getAttribute("href"));
    expect(rowLinks).toEqual([PATHS.housing, PATHS.rent]);
  });

  it("lists the declared taxable incomes and wealth", async () => {
    const storage = storageWith([birthDate, activity], {
      ressourcesFiscales: { demandeur: { salaire_imposable: 12000 } },
      patrimoine: { livret_a: 1500 },
    });
    const { main } = await open(PATHS.recap, { storage });
    const text = main().textContent ?? "";
    expect(text).toContain("Revenus fiscaux et patrimoine");
    expect(text).toContain("Salaires et revenus d’activité imposables en 2024 (vous)");
    expect(text).toMatch(/12\s000,00\s€/);
    expect(text).toContain("Livret A");
  });

  it("follows a Modifier link to the step", async () => {
    const { main, path } = await open(PATHS.recap, { storage: storageWith([birthDate, activity]) });
    await click(main().querySelector(".app-recap__heading a"));
    expect(path()).toBe(PATHS.birthDate);
    expect(h1(main())).toBe("Quelle est votre date de naissance ?");
  });
});

/** The radio button of this value in `root`. */
const radioOf = (root: ParentNode, value: string) =>
  root.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`);

describe("learn-more pages", () => {
  it("links a question that has help to its page, which shows it and leads back", async () => {
    const { main, path } = await open(PATHS.housing, { storage: storageWith([birthDate]) });
    const link = byText(main(), "a", "En savoir plus");
    expect(link?.getAttribute("href")).toBe(`${PATHS.housing}/en_savoir_plus`);
    await click(link);
    expect(path()).toBe(`${PATHS.housing}/en_savoir_plus`);
    expect(h1(main())).toBe("Êtes-vous ?");
    expect(main().textContent).toContain("Un locataire paie un loyer.");
    expect(main().querySelectorAll("section p")).toHaveLength(2);
    await click(byText(main(), "a", "Retour à la question"));
    expect(path()).toBe(PATHS.housing);
  });

  it("keeps the choice made before reading it, without saving it, on the way back", async () => {
    const storage = storageWith([birthDate]);
    const { main, path } = await open(PATHS.housing, { storage });
    const radio = (value: string) => radioOf(main(), value);
    await click(radio("heberge"));
    expect(radio("heberge")?.checked).toBe(true);
    await click(byText(main(), "a", "En savoir plus"));
    expect(path()).toBe(`${PATHS.housing}/en_savoir_plus`);
    await click(byText(main(), "a", "Retour à la question"));
    expect(path()).toBe(PATHS.housing);
    expect(radio("heberge")?.checked).toBe(true);
    // Only "Suivant" stores an answer.
    expect(storage.getItem(STORAGE_KEYS.simulation)).not.toContain("heberge");
  });

  it("keeps that choice for the way back only, not for a later visit from elsewhere", async () => {
    const { main, go } = await open(PATHS.housing, { storage: storageWith([birthDate]) });
    const radio = (value: string) => radioOf(main(), value);
    await click(radio("heberge"));
    await click(byText(main(), "a", "En savoir plus"));
    await go(PATHS.birthDate);
    await go(PATHS.housing);
    expect(radio("heberge")?.checked).toBe(false);
  });

  it("sends a step without help back to the current step", async () => {
    const { path } = await open(`${PATHS.activity}/en_savoir_plus`, {
      storage: storageWith([birthDate]),
    });
    expect(path()).not.toContain("en_savoir_plus");
  });
});

describe("revenir plus tard", () => {
  it("explains, saves on demand, sets the cookie and gives the resume link", async () => {
    const { main, go, fetch, path } = await open(PATHS.housing, {
      storage: storageWith([birthDate]),
    });
    await click(byText(main(), "a", "Revenir plus tard"));
    expect(path()).toBe("/simulation/revenir-plus-tard");
    expect(h1(main())).toBe("Revenir plus tard\u00a0?");
    expect(document.title).toBe("Revenir plus tard\u00a0? - Simulateur d’aides pour les jeunes");
    expect(main().textContent).toContain("conservées dans ce navigateur");
    await click(byText(main(), "button", "Enregistrer ma simulation"));
    expect(fetch).toHaveBeenCalledWith(
      "/api/simulation",
      expect.objectContaining({ method: "POST" }),
    );
    expect(main().textContent).toContain("Votre simulation est enregistrée.");
    expect(byText(main(), "a", "Reprendre ma simulation")?.getAttribute("href")).toBe(
      "/simulation/redirect?to=/menage/_logementType",
    );
    expect(readLatestSimulationId()).toBe("sim-1");
    await go("/simulation/revenir-plus-tard");
    await click(byText(main(), "a", "Continuer ma simulation"));
    expect(path()).toBe(PATHS.housing);
  });
});

describe("restore redirect", () => {
  it("restores the latest saved simulation and goes to the requested step", async () => {
    document.cookie = `${LATEST_SIMULATION_COOKIE}=sim-7; path=/`;
    const storage = storageWith([birthDate], { simulationToken: "tok-7" });
    storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("sim-7"));
    const fetch = defaultFetch();
    fetch.mockImplementation(async (url) => {
      if (url === "/api/simulation/sim-7") {
        const all = [birthDate, activity];
        return json(200, { _id: "sim-7", answers: { all, current: all }, dateDeValeur: TODAY });
      }
      return json(200, { parameters: {} });
    });
    const { path, main } = await open("/simulation/redirect?to=/menage/_logementType", {
      storage,
      fetch,
    });
    expect(fetch).toHaveBeenCalledWith(
      "/api/simulation/sim-7",
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: "Bearer tok-7" }),
      }),
    );
    expect(path()).toBe(PATHS.housing);
    expect(h1(main())).toBe("Êtes-vous ?");
  });

  it("goes home when there is no saved simulation", async () => {
    const { path } = await open("/simulation/redirect?to=/menage/_logementType");
    expect(path()).toBe("/");
  });

  it("says the simulation is not accessible when it cannot be read, and shows no results", async () => {
    document.cookie = `${LATEST_SIMULATION_COOKIE}=sim-7; path=/`;
    const storage = storageWith([birthDate], { simulationToken: "tok-7" });
    storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("sim-7"));
    const fetch = defaultFetch();
    fetch.mockImplementation(async () => json(403, { message: "Interdit", errors: [] }));
    const { path, main, go } = await open("/simulation/redirect?to=/resultats", {
      storage,
      fetch,
    });
    await settleUntil(() => main().textContent?.includes(FORBIDDEN_TITLE) ?? false);
    expect(path()).toBe("/simulation/redirect");
    expect(main().textContent).toContain(FORBIDDEN_MESSAGE);
    await go(PATHS.results);
    await settleUntil(() => main().textContent?.includes(FORBIDDEN_TITLE) ?? false);
    expect(main().textContent).not.toContain("Calcul en cours");
    const computed = fetch.mock.calls.filter(([url]) => String(url).includes("/results"));
    expect(computed).toEqual([]);
    await click(byText(main(), "button", "Commencer une nouvelle simulation"));
    expect(path()).toBe(PATHS.birthDate);
  });

  it("asks without a token when this tab has none, and is refused", async () => {
    document.cookie = `${LATEST_SIMULATION_COOKIE}=sim-8; path=/`;
    const fetch = defaultFetch();
    fetch.mockImplementation(async (_url, init) =>
      (init?.headers as Record<string, string> | undefined)?.Authorization
        ? json(200, {})
        : json(403, { message: "Interdit", errors: [] }),
    );
    const { main } = await open("/simulation/redirect?to=/resultats", { fetch });
    await settleUntil(() => main().textContent?.includes(FORBIDDEN_TITLE) ?? false);
    expect(fetch).toHaveBeenCalledWith(
      "/api/simulation/sim-8",
      expect.objectContaining({ headers: { Accept: "application/json" } }),
    );
  });
});

describe("debug mode", () => {
  it("lists every step with done marks, inactive ones on demand, and can be left", async () => {
    const { main, search } = await open(`${PATHS.housing}?debug=parcours`, {
      storage: storageWith([birthDate, activity]),
    });
    const list = () => [...main().querySelectorAll(".app-debug__steps li")];
    expect(list().map((li) => li.textContent)).toContain(
      "✓ individu/demandeur/date_naissance (répondue)",
    );
    expect(list().some((li) => li.textContent?.includes("boursier"))).toBe(false);
    await click(byLabel(main(), "Afficher les étapes inactives"));
    expect(list().find((li) => li.textContent?.includes("boursier"))?.textContent).toContain(
      "(inactive)",
    );
    await click(byText(main(), "button", "Quitter le mode debug"));
    expect(main().querySelector(".app-debug__steps")).toBeNull();
    expect(search()).toBe("");
  });
});

describe("taxable incomes and wealth", () => {
  it("are reached from the results", async () => {
    const { main } = await open(PATHS.results, { storage: storageWith([birthDate, activity]) });
    expect(byText(main(), "a", "Renseigner vos revenus fiscaux")?.getAttribute("href")).toBe(
      "/simulation/ressources/fiscales",
    );
    expect(byText(main(), "a", "Renseigner votre patrimoine")?.getAttribute("href")).toBe(
      "/simulation/ressources/patrimoine",
    );
  });

  it("records the fiscal year's taxable incomes and recomputes with them", async () => {
    const { main, path, storage, fetch } = await open("/simulation/ressources/fiscales", {
      storage: storageWith([birthDate, activity]),
    });
    expect(h1(main())).toBe("Les revenus imposables de votre foyer en 2024");
    expect(main().textContent).not.toContain("conjoint");
    await type(byLabel(main(), "Salaires et revenus d’activité imposables"), "12 000,50");
    await type(byLabel(main(), "Frais réels déduits"), "-3");
    await click(byText(main(), "button", "Valider"));
    expect(main().textContent).toContain("Le montant doit être positif ou nul.");
    expect(document.activeElement).toBe(byLabel(main(), "Frais réels déduits"));
    await type(byLabel(main(), "Frais réels déduits"), "");
    await click(byText(main(), "button", "Valider"));
    expect(path()).toBe(PATHS.results);
    expect(storage.json(STORAGE_KEYS.simulation)).toMatchObject({
      ressourcesFiscales: { demandeur: { salaire_imposable: 12000.5 } },
    });
    await settle(10);
    const posted = fetch.mock.calls.find(([url]) => url === "/api/simulation");
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({
      ressourcesFiscales: { demandeur: { salaire_imposable: 12000.5 } },
    });
  });

  it("records the wealth, prefilled on return", async () => {
    const { main, path, go } = await open("/simulation/ressources/patrimoine", {
      storage: storageWith([birthDate, activity]),
    });
    expect(h1(main())).toBe("Votre patrimoine");
    expect([...main().querySelectorAll("legend")].map((l) => l.textContent)).toEqual([
      "Immobilier",
      "Épargne",
    ]);
    await type(byLabel(main(), "Livret A"), "1500");
    await click(byText(main(), "button", "Valider"));
    expect(path()).toBe(PATHS.results);
    await go("/simulation/ressources/patrimoine");
    expect((byLabel(main(), "Livret A") as HTMLInputElement).value).toBe("1500");
  });
});

describe("engine parameters", () => {
  /** A question asked up to an age that the engine's parameters give (fallback 25). */
  const gated: Bundle = {
    ...bundle,
    parameters: [{ name: "age_maximal", openfisca: "x.age_maximal", fallback: 25 }],
    blocks: {
      ...bundle.blocks,
      individu: {
        ...bundle.blocks.individu!,
        steps: [
          bundle.blocks.individu!.steps[0]!,
          {
            id: "individu.alternant",
            path: "individu/{id}/alternant",
            subject: { entity: "individu", id: "self" },
            source: "test",
            when: {
              "<=": [{ age: { var: "self.date_naissance" } }, { var: "parametres.age_maximal" }],
            },
            fields: [{ name: "alternant", kind: "boolean", question: "Êtes-vous en alternance ?" }],
          },
          ...bundle.blocks.individu!.steps.slice(1),
        ],
      },
    },
  };

  it("are loaded when a simulation starts, and decide which questions are asked", async () => {
    const fetch = defaultFetch();
    fetch.mockImplementation(async (url) =>
      url.startsWith("/api/openfisca/parameters/")
        ? json(200, { date: TODAY, source: "openfisca", parameters: { age_maximal: 30 } })
        : json(200, results),
    );
    const { main, path } = await open("/", { bundle: gated, fetch });
    await click(byText(main(), "button", "Je commence ma simulation"));
    await typeDate(main(), "Quelle est votre date de naissance ?", "2000-01-01");
    await click(byText(main(), "button", "Suivant"));
    // 26 years old: asked with the engine's 30, skipped with the fallback's 25.
    expect(path()).toBe("/simulation/individu/demandeur/alternant");
    const parameterCalls = fetch.mock.calls.filter(([url]) => url.includes("/parameters/"));
    expect(parameterCalls.map(([url]) => url)).toEqual([`/api/openfisca/parameters/${TODAY}`]);
  });
});
