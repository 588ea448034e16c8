// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import type { Benefit, Bundle, Droit } from "../../../src/domain";
import { fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, click, render, settle, settleUntil } from "./helpers/dom";

const TODAY = "2026-11-22";

const benefit = (id: string, label: string, extra: Partial<Benefit> = {}): Benefit => ({
  id,
  label,
  description: `${label} : description.`,
  institution: "caf",
  engine: { variable: id, entity: "familles", period: "month" },
  type: "float",
  unit: "€",
  periodicity: "mensuelle",
  links: {},
  ...extra,
});

const bundle: Bundle = {
  ...fixtureBundle,
  benefits: [
    benefit("aide_logement", "Aide au logement", {
      priority: 1,
      dependsOn: ["ressources_fiscales"],
      links: {
        information: "https://www.caf.fr/aides",
        teleservice: "https://www.caf.fr/demande",
        form: "https://www.caf.fr/formulaire.pdf",
        instructions: "https://www.caf.fr/marche",
        teleserviceNeedsRegistration: true,
      },
    }),
    benefit("css", "Complémentaire santé solidaire", { type: "bool", unit: "" }),
  ],
  unexpected: {
    generic: { title: "Pourquoi ce montant", paragraphs: ["Les revenus N-2 comptent."] },
    benefits: { aide_logement: { title: "Étudiant aux revenus élevés", paragraphs: ["…"] } },
  },
};

const droit = (
  id: string,
  label: string,
  montant: number | boolean,
  extra: Partial<Droit> = {},
) => ({
  id,
  label,
  description: `${label} : description.`,
  institution: "caf",
  montant,
  unit: typeof montant === "number" ? "€" : "",
  periodicity: "mensuelle",
  links: {},
  ...extra,
});

const results = {
  _id: "sim-1",
  droitsEligibles: [
    droit("css", "Complémentaire santé solidaire", true),
    droit("aide_logement", "Aide au logement", 210.5, {
      links: {
        information: "https://www.caf.fr/aides",
        teleservice: "https://www.caf.fr/demande",
        form: "https://www.caf.fr/formulaire.pdf",
        instructions: "https://www.caf.fr/marche",
      },
      toCheck: ["Le logement est votre résidence principale.", "Le logement est décent."],
    }),
  ],
  droitsInjectes: [droit("af", "Allocations familiales", 150)],
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

async function open(path: string, storage: MemoryStorage = validStorage()) {
  const fetch = vi.fn<FetchLike>(async (url) =>
    url === "/api/simulation" ? json(200, { _id: "sim-1", token: "t" }) : json(200, results),
  );
  const deps = {
    bundle,
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
  await settle(10);
  const main = () => rendered.container.querySelector("main") as HTMLElement;
  return { router, main, path: () => router.state.location.pathname };
}

describe("results page", () => {
  it("orders by priority, shows booleans as eligible and the benefits already received apart", async () => {
    const { main } = await open("/simulation/resultats");
    expect(main().querySelector('[role="status"]')?.textContent).toBe("2 aides trouvées");
    const titles = [...main().querySelectorAll("ul.app-results .fr-card__title")].map(
      (t) => t.textContent,
    );
    expect(titles).toEqual(["Aide au logement", "Complémentaire santé solidaire"]);
    const cards = main().querySelectorAll("ul.app-results .fr-card");
    expect(cards[1]?.textContent).toContain("Éligible");
    const received = main().querySelector('[aria-labelledby="deja-percues"]');
    expect(received?.textContent).toContain("Les aides que vous percevez déjà");
    expect(received?.textContent).toContain("Allocations familiales");
    expect(byText(main(), "a", "Comment en bénéficier")?.getAttribute("href")).toBe(
      "/simulation/resultats/aide_logement",
    );
  });

  it("downloads the answers and results as JSON", async () => {
    const { main } = await open("/simulation/resultats");
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return "blob:x";
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    try {
      await click(byText(main(), "button", "Télécharger mes données"));
      expect(clicked).toHaveBeenCalled();
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blob!);
      });
      const data = JSON.parse(text) as {
        answers: unknown[];
        results: { droitsEligibles: unknown[] };
      };
      expect(data.answers).toHaveLength(2);
      expect(data.results.droitsEligibles).toHaveLength(2);
    } finally {
      clicked.mockRestore();
    }
  });

  it("shows the debug benefits with sample values, loaded on demand", async () => {
    const { main } = await open("/simulation/resultats?debug=css,aide_logement");
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await settle();
    const debug = main().querySelector('[aria-labelledby="debug-titre"]');
    expect(debug?.textContent).toContain("Complémentaire santé solidaire");
    expect(debug?.textContent).toMatch(/150\s€ \/ mois/);
  });

  it("shows the debug benefits without any simulation (the preview banner's link)", async () => {
    const { main, path } = await open("/simulation/resultats?debug=css", new MemoryStorage());
    await settleUntil(() => !!main().querySelector('[aria-labelledby="debug-titre"]'));
    expect(path()).toBe("/simulation/resultats");
    expect(main().textContent).toContain("Complémentaire santé solidaire");
    expect(main().textContent).not.toContain("Calcul en cours");
  });
});

describe("detail and unexpected amount pages", () => {
  it("offers two ways to claim, the N-2 warning, the unexpected amount and the way back", async () => {
    const { main, router, path } = await open("/simulation/resultats");
    await act(async () => router.navigate("/simulation/resultats/aide_logement"));
    await settle(10);
    expect(main().querySelector("h1")?.textContent).toBe("Aide au logement");
    expect(document.title).toBe("Aide au logement - Simulateur d’aides pour les jeunes");
    const actions = [...main().querySelectorAll(".fr-btns-group a.fr-btn")].map((a) =>
      a.textContent?.replace(" (nouvelle fenêtre)", ""),
    );
    expect(actions).toEqual(["Faire une demande en ligne", "Télécharger le formulaire"]);
    const toCheck = main().querySelector("section[aria-labelledby='a-verifier-titre']");
    expect(toCheck?.querySelector("h2")?.textContent).toBe("Conditions à vérifier");
    expect([...(toCheck?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual([
      "Le logement est votre résidence principale.",
      "Le logement est décent.",
    ]);
    expect(main().textContent).toContain("Vous devrez créer un compte");
    expect(byText(main(), "a", "Renseignez vos revenus fiscaux")?.getAttribute("href")).toBe(
      "/simulation/ressources/fiscales",
    );
    const unexpected = byText(main(), "a", "Montant inattendu");
    expect(unexpected?.getAttribute("href")).toBe("/simulation/resultats/inattendu/aide_logement");
    await click(unexpected);
    expect(path()).toBe("/simulation/resultats/inattendu/aide_logement");
    expect(document.title).toBe("Montant inattendu - Simulateur d’aides pour les jeunes");
    expect(main().textContent).toContain("Étudiant aux revenus élevés");
    expect(main().textContent).toContain("Les revenus N-2 comptent.");
    await click(byText(main(), "a", "Retour aux résultats"));
    expect(path()).toBe("/simulation/resultats");
  });
});
