// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { placeTypesOf } from "../../../src/app/places/placeTypes";
import { routes } from "../../../src/app/routes";
import type { Benefit, Bundle } from "../../../src/domain";
import { fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, render, settle } from "./helpers/dom";

const TODAY = "2026-11-22";

const benefit = (id: string, label: string, institution: string): Benefit => ({
  id,
  label,
  description: `${label} : description.`,
  institution,
  engine: { variable: id, entity: "familles", period: "month" },
  type: "float",
  unit: "€",
  periodicity: "mensuelle",
  links: {},
});

const bundle: Bundle = {
  ...fixtureBundle,
  institutions: [
    { id: "caf", label: "CAF", type: "caf" },
    { id: "france_travail", label: "France Travail", type: "national" },
    { id: "etat", label: "État", type: "national" },
    { id: "commune_paris", label: "Ville de Paris", type: "commune" },
  ],
  benefits: [
    benefit("aide_logement", "Aide au logement", "caf"),
    benefit("are", "Allocation chômage", "france_travail"),
    benefit("pass_culture", "Pass Culture", "etat"),
    benefit("aide_paris", "Aide de Paris", "commune_paris"),
  ],
  placeTypes: {
    byInstitution: { france_travail: ["pole_emploi", "france_travail"] },
    byInstitutionType: { caf: ["caf"], commune: ["mairie"] },
    default: ["france_services"],
  },
};

const lieu = {
  id: "caf-paris-1",
  nom: "CAF de Paris",
  adresse: { lignes: ["50 rue du Docteur Finlay"], code_postal: "75015", commune: "Paris" },
  telephone: "32 30",
  email: "accueil@caf.example",
  url: "https://www.caf.fr",
  horaires: ["Du lundi au vendredi\u00a0: de 8\u00a0h\u00a030 à 12\u00a0h\u00a000"],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function storage(withCommune: boolean): MemoryStorage {
  const memory = new MemoryStorage();
  const all = [
    { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    ...(withCommune
      ? [
          {
            entityName: "menage",
            id: "menage",
            fieldName: "depcom",
            value: {
              code_insee: "75056",
              code_postal: "75015",
              nom: "Paris",
              departement: "75",
              region: "11",
              epci: "200054781",
            },
          },
        ]
      : []),
  ];
  memory.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY, version: "test-1" }),
  );
  return memory;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function open(path: string, answer: (url: string) => Response, withCommune = true) {
  const fetch = vi.fn<FetchLike>(async (url) => answer(url));
  const deps = {
    bundle,
    storage: storage(withCommune),
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
  const placeCalls = () =>
    fetch.mock.calls.map(([url]) => url).filter((u) => u.startsWith("/api/lieux"));
  return { router, main, placeCalls };
}

describe("place types", () => {
  it("come from the institution, by id first, then by type, the default otherwise", () => {
    expect(placeTypesOf(bundle, "aide_logement")).toEqual(["caf"]);
    expect(placeTypesOf(bundle, "are")).toEqual(["pole_emploi", "france_travail"]);
    expect(placeTypesOf(bundle, "aide_paris")).toEqual(["mairie"]);
    expect(placeTypesOf(bundle, "pass_culture")).toEqual(["france_services"]);
    expect(placeTypesOf(bundle, "inconnue")).toBeUndefined();
    expect(placeTypesOf({ ...bundle, placeTypes: undefined }, "aide_logement")).toEqual([
      "france_services",
    ]);
  });
});

describe("places page", () => {
  it("lists the places near the household's commune, with a link to each place", async () => {
    const { main, placeCalls } = await open(
      "/simulation/resultats/lieux?benefit=aide_logement",
      () => json(200, { lieux: [lieu] }),
    );
    expect(placeCalls()).toEqual(["/api/lieux?depcom=75056&types=caf"]);
    expect(main().querySelector("h1")?.textContent).toBe("Lieux près de chez vous");
    expect(document.title).toBe("Lieux près de chez vous - Simulateur d’aides pour les jeunes");
    expect(main().textContent).toContain("Aide au logement");
    expect(main().querySelector("h2")?.textContent).toBe("CAF de Paris");
    expect(main().querySelector("address")?.textContent).toContain("75015 Paris");
    expect(byText(main(), "a", "Horaires et coordonnées")?.getAttribute("href")).toBe(
      "/simulation/resultats/aide_logement/caf-paris-1/informations",
    );
    expect(byText(main(), "a", "Retour aux résultats")?.getAttribute("href")).toBe(
      "/simulation/resultats",
    );
    expect(main().querySelector('[role="status"]')?.textContent).toBe("1 lieu trouvé");
  });

  it("says when no place was found", async () => {
    const { main } = await open("/simulation/resultats/lieux?benefit=aide_logement", () =>
      json(200, { lieux: [] }),
    );
    expect(main().textContent).toContain("Aucun lieu n’a été trouvé près de votre commune.");
  });

  it("shows the server's message when the directory is unavailable", async () => {
    const { main } = await open("/simulation/resultats/lieux?benefit=aide_logement", () =>
      json(503, { message: "L’annuaire est indisponible.", errors: [] }),
    );
    expect(main().querySelector(".fr-alert")?.textContent).toContain(
      "L’annuaire est indisponible.",
    );
  });

  it("asks for the commune when it is not known, and knows no unknown benefit", async () => {
    const first = await open(
      "/simulation/resultats/lieux?benefit=aide_logement",
      () => json(200, { lieux: [] }),
      false,
    );
    expect(first.main().textContent).toContain("Nous ne connaissons pas votre commune");
    expect(first.placeCalls()).toEqual([]);
    await act(async () => first.router.navigate("/simulation/resultats/lieux?benefit=inconnue"));
    await settle(5);
    expect(first.main().textContent).toContain("Cette aide ne fait pas partie de notre catalogue.");
  });
});

describe("benefit detail page", () => {
  it("links to the places near home for that benefit", async () => {
    const results = {
      _id: "sim-1",
      droitsEligibles: [
        {
          id: "aide_logement",
          label: "Aide au logement",
          description: "Aide au logement : description.",
          institution: "caf",
          montant: 200,
          unit: "€",
          periodicity: "mensuelle",
          links: {},
        },
      ],
      droitsInjectes: [],
    };
    const { main } = await open("/simulation/resultats/aide_logement", (url) =>
      url === "/api/simulation" ? json(200, { _id: "sim-1", token: "t" }) : json(200, results),
    );
    expect(main().querySelector("h1")?.textContent).toBe("Aide au logement");
    expect(byText(main(), "a", "Trouver un lieu près de chez vous")?.getAttribute("href")).toBe(
      "/simulation/resultats/lieux?benefit=aide_logement",
    );
  });
});

describe("place information page", () => {
  it("shows the address, phone, e-mail, website and opening hours", async () => {
    const { main, placeCalls } = await open(
      "/simulation/resultats/aide_logement/caf-paris-1/informations",
      () => json(200, lieu),
    );
    expect(placeCalls()).toEqual(["/api/lieux/caf-paris-1"]);
    expect(main().querySelector("h1")?.textContent).toBe("CAF de Paris");
    expect(document.title).toBe("CAF de Paris - Simulateur d’aides pour les jeunes");
    expect(byText(main(), "a", "32 30")?.getAttribute("href")).toBe("tel:3230");
    expect(byText(main(), "a", "accueil@caf.example")?.getAttribute("href")).toBe(
      "mailto:accueil@caf.example",
    );
    expect(main().querySelector('a[href="https://www.caf.fr"]')).not.toBeNull();
    expect(main().textContent).toContain("Horaires d’ouverture");
    expect(main().textContent).toContain("Du lundi au vendredi");
    expect(byText(main(), "a", "Voir les autres lieux")?.getAttribute("href")).toBe(
      "/simulation/resultats/lieux?benefit=aide_logement",
    );
    expect(byText(main(), "a", "Retour aux résultats")).not.toBeUndefined();
  });

  it("says when the place is no longer listed", async () => {
    const { main } = await open("/simulation/resultats/aide_logement/parti/informations", () =>
      json(404, { message: "Ce lieu n’existe pas.", errors: [] }),
    );
    expect(main().querySelector("h1")?.textContent).toBe("Informations sur le lieu");
    expect(main().querySelector(".fr-alert")?.textContent).toContain("n’est plus référencé");
  });
});
