// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import type { Answer, Bundle } from "../../../src/domain";
import bundleJson from "../../../src/generated/bundle.json";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, click, render, settle } from "./helpers/dom";

const bundle = bundleJson as unknown as Bundle;
const TODAY = "2026-11-22";
const individu = (fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id: "demandeur",
  fieldName,
  value,
});
const applicant = [
  individu("date_naissance", "1990-05-01"),
  individu("nationalite", "fr"),
  individu("activite", "salarie"),
  individu("_agence_travail_temporaire", false),
  individu("_nombreMoisDebutContratDeTravail", 24),
  individu("service_civique", false),
  individu("handicap", false),
  individu("enceinte", false),
];

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function open(path: string, all: Answer[] = applicant) {
  const storage = new MemoryStorage();
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY }),
  );
  const fetch = vi.fn<FetchLike>(async () => new Response("{}", { status: 404 }));
  const deps = {
    bundle,
    storage,
    localStorage: new MemoryStorage(),
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
  return {
    main: () => rendered.container.querySelector("main") as HTMLElement,
    path: () => router.state.location.pathname,
  };
}

describe("children list page", () => {
  it("lists no child, adds one and opens its first question", async () => {
    const { main, path } = await open("/simulation/enfants");
    expect(path()).toBe("/simulation/enfants");
    expect(main().querySelector("h1")?.textContent).toBe("Vos enfants à charge");
    expect(main().textContent).toContain("Vous n’avez ajouté aucun enfant.");
    await click(byText(main(), "button", "Ajouter un enfant"));
    expect(path()).toBe("/simulation/individu/enfant_0/_firstName");
    expect(main().querySelector("h1")?.textContent).toBe(
      "Quel est le prénom de votre enfant\u00a0?",
    );
  });

  it("shows each child with buttons to edit or remove them", async () => {
    const withChildren = [
      ...applicant,
      {
        entityName: "enfants",
        id: "enfants",
        fieldName: "enfants",
        value: ["enfant_0", "enfant_1"],
      },
      { entityName: "individu", id: "enfant_0", fieldName: "_firstName", value: "Léa" },
      { entityName: "individu", id: "enfant_0", fieldName: "enfant_a_charge", value: true },
      { entityName: "individu", id: "enfant_1", fieldName: "enfant_a_charge", value: true },
    ] as Answer[];
    const { main, path } = await open("/simulation/enfants", withChildren);
    const items = [...main().querySelectorAll("ul[aria-label='Vos enfants'] > li")];
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "Léa",
      "Votre 2e enfant",
    ]);
    expect(byText(main(), "button", "Supprimer")?.textContent).toBe("Supprimer Léa");
    await click(byText(main(), "button", "Supprimer votre 2e enfant"));
    expect(main().querySelectorAll("ul[aria-label='Vos enfants'] > li")).toHaveLength(1);
    expect(main().querySelector("[role='status']")?.textContent).toBe(
      "Votre 2e enfant a été retiré de la liste.",
    );
    expect(document.activeElement?.textContent).toBe("Ajouter un enfant");
    await click(byText(main(), "button", "Modifier les réponses sur Léa"));
    expect(path()).toBe("/simulation/individu/enfant_0/_firstName");
  });

  it("moves on to the couple question", async () => {
    const { main, path } = await open("/simulation/enfants");
    await click(byText(main(), "button", "Suivant"));
    expect(path()).toBe("/simulation/famille/en_couple");
  });
});

describe("income types page", () => {
  it("groups the types under their category", async () => {
    const all = [
      ...applicant,
      { entityName: "enfants", id: "enfants", fieldName: "enfants", value: [] },
      { entityName: "famille", id: "famille", fieldName: "en_couple", value: false },
      { entityName: "menage", id: "menage", fieldName: "_logementType", value: "heberge" },
    ] as Answer[];
    const { main, path } = await open("/simulation/individu/demandeur/ressources/types", all);
    expect(path()).toBe("/simulation/individu/demandeur/ressources/types");
    const legends = [...main().querySelectorAll("fieldset fieldset legend")].map((l) =>
      l.textContent?.trim(),
    );
    expect(legends).toEqual(bundle.incomeCategories.map((c) => c.label));
    const boxes = main().querySelectorAll("input[type='checkbox']");
    expect(boxes.length).toBeGreaterThan(30);
  });
});
