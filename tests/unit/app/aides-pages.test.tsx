// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import { ELIGIBLE_MESSAGE } from "../../../src/app/aides/AidePage";
import { OPEN_UP_TO, OPENED_PARAMETER } from "../../../src/app/aides/AidesPage";
import { filterCatalogue, groupCatalogue, publicCatalogue } from "../../../src/app/aides/catalogue";
import type { FetchLike } from "../../../src/app/machine/api";
import { STORAGE_KEYS } from "../../../src/app/machine/storage";
import { routes } from "../../../src/app/routes";
import type { Bundle, Catalogue, Commune } from "../../../src/domain";
import bundleJson from "../../../src/generated/bundle.json";
import catalogueJson from "../../../src/generated/catalogue.json";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byLabel, byText, click, render, settle, settleUntil, type } from "./helpers/dom";

const bundle = bundleJson as unknown as Bundle;
const catalogue = catalogueJson as unknown as Catalogue;
const entries = publicCatalogue(bundle, catalogue);
const groups = groupCatalogue(entries);
const TODAY = "2026-11-22";
const NBSP = "\u00A0";

const annecy: Commune = {
  code_insee: "74010",
  code_postal: "74000",
  nom: "Annecy",
  departement: "74",
  region: "84",
  epci: "200066793",
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function savedSimulation(): MemoryStorage {
  const storage = new MemoryStorage();
  const all = [
    { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
  ];
  storage.setItem(
    STORAGE_KEYS.simulation,
    JSON.stringify({
      answers: { all, current: all },
      dateDeValeur: TODAY,
      simulationToken: "jeton",
    }),
  );
  storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify("sim-1"));
  return storage;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function open(
  path: string,
  options: {
    storage?: MemoryStorage;
    fetch?: FetchLike;
    fetchCommunes?: (postcode: string) => Promise<Commune[]>;
  } = {},
) {
  const fetch = options.fetch ?? vi.fn<FetchLike>(async () => json(404, {}));
  const deps = {
    bundle,
    storage: options.storage ?? new MemoryStorage(),
    localStorage: new MemoryStorage(),
    fetch,
    today: () => TODAY,
    logger: { error: vi.fn() },
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = await render(
    <AppProviders
      deps={deps}
      services={{ fetchCommunes: options.fetchCommunes ?? (async () => []) }}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  cleanup = rendered.unmount;
  await settle(10);
  await settleUntil(() => rendered.container.querySelector("main h1") !== null);
  const main = () => rendered.container.querySelector("main") as HTMLElement;
  return { main, fetch, path: () => router.state.location.pathname, router };
}

const status = (main: HTMLElement) => main.querySelector('[role="status"]')?.textContent ?? "";

describe("/aides", () => {
  it("lists every public aid, grouped by institution type then institution", async () => {
    const { main } = await open("/aides");
    expect(document.title).toBe("Toutes les aides - Simulateur d’aides pour les jeunes");
    expect(main().querySelector("h1")?.textContent).toBe("Toutes les aides");
    const total = `${bundle.publicBenefitCount.toLocaleString("fr-FR")} aides`;
    expect(main().querySelector(".fr-text--lead")?.textContent).toContain(total);
    expect(status(main())).toBe(total);
    const headings = [...main().querySelectorAll("section h2")].map((h) => h.textContent ?? "");
    expect(headings[0]).toMatch(/^Aides nationales/);
    expect(headings.findIndex((h) => h.startsWith("Aides des régions"))).toBeLessThan(
      headings.findIndex((h) => h.startsWith("Aides des communes")),
    );
    expect(headings).toHaveLength(groups.length);
  });

  it("shows a long type's list once the visitor opens it, and keeps it open in the address", async () => {
    const { main, router } = await open("/aides");
    const long = groups.filter((group) => group.count > OPEN_UP_TO);
    const short = groups.filter((group) => group.count <= OPEN_UP_TO);
    expect(long.length).toBeGreaterThan(0);
    expect(short.length).toBeGreaterThan(0);
    const links = () => main().querySelectorAll('section a[href^="/aides/"]').length;
    const shortCount = short.reduce((sum, group) => sum + group.count, 0);
    expect(links()).toBe(shortCount);
    const buttons = [...main().querySelectorAll("section button")];
    expect(buttons.map((button) => button.getAttribute("aria-expanded"))).toEqual(
      long.map(() => "false"),
    );
    const region = long.find((group) => group.type === "region")!;
    const show = main()
      .querySelector(`section[aria-labelledby="aides-region"]`)
      ?.querySelector("button");
    expect(show?.textContent).toBe(`Afficher ces ${region.count} aides`);
    expect(show?.getAttribute("aria-describedby")).toBe("aides-region");
    await click(show);
    await settle(5);
    expect(links()).toBe(shortCount + region.count);
    expect(router.state.location.search).toBe(`?${OPENED_PARAMETER}=region`);
    const hide = byText(main(), "button", `Masquer ces ${region.count} aides`);
    expect(hide?.getAttribute("aria-expanded")).toBe("true");
    // The same button: a keyboard's focus stays on it.
    expect(hide).toBe(show);
    await click(hide);
    await settle(5);
    expect(links()).toBe(shortCount);
    expect(router.state.location.search).toBe("");
  });

  it("opens the types the address names", async () => {
    const { main } = await open(`/aides?${OPENED_PARAMETER}=region,commune,inconnu`);
    const opened = groups.filter(
      (group) => group.count <= OPEN_UP_TO || ["region", "commune"].includes(group.type),
    );
    expect(main().querySelectorAll('section a[href^="/aides/"]')).toHaveLength(
      opened.reduce((sum, group) => sum + group.count, 0),
    );
  });

  it("filters by a search, ignoring accents and case, and announces the count", async () => {
    const { main } = await open("/aides");
    await type(byLabel(main(), "Rechercher une aide"), "PERMIS de conduire");
    await settle(5);
    const expected = filterCatalogue(entries, { query: "permis de conduire" }).length;
    expect(expected).toBeGreaterThan(0);
    expect(status(main())).toBe(
      `${expected.toLocaleString("fr-FR")} aide${expected > 1 ? "s correspondent" : " correspond"} à votre recherche.`,
    );
    expect(main().querySelectorAll('section a[href^="/aides/"]')).toHaveLength(expected);
    await type(byLabel(main(), "Rechercher une aide"), "xyzxyzxyz");
    await settle(5);
    expect(status(main())).toBe("Aucune aide ne correspond à votre recherche.");
  });

  it("keeps the aids offered in the communes of a postcode", async () => {
    const fetchCommunes = vi.fn(async (postcode: string) => (postcode === "74000" ? [annecy] : []));
    const { main } = await open("/aides", { fetchCommunes });
    await type(byLabel(main(), "Code postal"), "74 000");
    await settle(5);
    expect(fetchCommunes).toHaveBeenCalledWith("74000");
    const expected = filterCatalogue(entries, { communes: [annecy] });
    expect(expected.length).toBeLessThan(entries.length);
    expect(main().querySelectorAll('section a[href^="/aides/"]')).toHaveLength(expected.length);
    expect(main().textContent).toContain(
      `Aides proposées aux habitants de la commune${NBSP}: Annecy.`,
    );
    expect(status(main())).toContain("à votre recherche");
    await type(byLabel(main(), "Code postal"), "99999");
    await settle(5);
    expect(main().textContent).toContain("Aucune commune ne correspond à ce code postal.");
    // Unfiltered again: the long types wait to be opened.
    expect(main().querySelectorAll('section a[href^="/aides/"]')).toHaveLength(
      groups
        .filter((group) => group.count <= OPEN_UP_TO)
        .reduce((sum, group) => sum + group.count, 0),
    );
  });

  it("reads the search and the postcode from the address", async () => {
    const { main } = await open("/aides?q=bafa");
    expect((byLabel(main(), "Rechercher une aide") as HTMLInputElement).value).toBe("bafa");
    const expected = filterCatalogue(entries, { query: "bafa" }).length;
    expect(main().querySelectorAll('section a[href^="/aides/"]')).toHaveLength(expected);
  });

  it("keeps the search and the postcode in the address, so that going back finds them", async () => {
    const fetchCommunes = vi.fn(async (postcode: string) => (postcode === "74000" ? [annecy] : []));
    const { main, router } = await open(`/aides?${OPENED_PARAMETER}=region`, { fetchCommunes });
    await type(byLabel(main(), "Rechercher une aide"), "vélo");
    await type(byLabel(main(), "Code postal"), "74000");
    await settle(5);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      [OPENED_PARAMETER]: "region",
      q: "vélo",
      cp: "74000",
    });
    await type(byLabel(main(), "Rechercher une aide"), "");
    await settle(5);
    expect(new URLSearchParams(router.state.location.search).has("q")).toBe(false);
  });

  it("opens an aid's page from the list", async () => {
    const { main, path } = await open("/aides");
    const link = main().querySelector<HTMLAnchorElement>('section a[href^="/aides/"]')!;
    const label = link.textContent;
    await click(link);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(path()).toMatch(/^\/aides\/./);
    expect(main().querySelector("h1")?.textContent).toBe(label);
    expect(document.activeElement).toBe(main().querySelector("h1"));
    await click(byText(main(), "a", "Toutes les aides"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(path()).toBe("/aides");
    expect(document.activeElement).toBe(main().querySelector("h1"));
  });
});

describe("/aides/:benefitId", () => {
  const aid = entries.find(
    (e) =>
      e.kind === "aid" &&
      e.aid.type === "float" &&
      e.aid.links.information !== undefined &&
      JSON.stringify(e.aid.eligibility).includes('"age_between"') &&
      JSON.stringify(e.aid.eligibility).includes('"departements"'),
  )!;

  it("shows a condition-based aid: institution, amount, description, conditions and links", async () => {
    const { main } = await open(`/aides/${aid.id}`);
    expect(document.title).toBe(`${aid.label} - Simulateur d’aides pour les jeunes`);
    expect(main().querySelector("h1")?.textContent).toBe(aid.label);
    expect(main().textContent).toContain(aid.institution.label);
    expect(main().textContent).toContain(aid.description);
    expect(main().textContent).toContain(`Montant${NBSP}:`);
    expect(main().textContent).toContain("€");
    const conditions = byText(main(), "h2", "Conditions")?.nextElementSibling;
    expect(conditions?.tagName).toBe("UL");
    expect(conditions?.textContent).toMatch(/Avoir .*ans/);
    expect(conditions?.textContent).toContain("Habiter ");
    const information = byText(main(), "a", "Plus d’informations") as HTMLAnchorElement;
    expect(information.getAttribute("href")).toBe(
      aid.kind === "aid" ? aid.aid.links.information : "",
    );
    expect(information.target).toBe("_blank");
    expect(information.textContent).toContain("(nouvelle fenêtre)");
    expect(byText(main(), "a", "Toutes les aides")?.getAttribute("href")).toBe("/aides");
  });

  it("says the simulator checks an engine benefit from the answers, and where it applies", async () => {
    const benefit = entries.find((e) => e.kind === "engine" && e.institution.territory)!;
    const { main } = await open(`/aides/${benefit.id}`);
    expect(main().querySelector("h1")?.textContent).toBe(benefit.label);
    expect(main().textContent).toContain("Le simulateur les vérifie");
    expect(byText(main(), "h2", "Conditions")?.parentElement?.textContent).toContain("Habiter ");
  });

  it("says what a bike aid's amount depends on", async () => {
    const bikeAid = entries.find((e) => e.kind === "bike")!;
    const { main } = await open(`/aides/${bikeAid.id}`);
    expect(main().querySelector("h1")?.textContent).toBe(bikeAid.label);
    expect(main().textContent).toContain(
      "Le montant dépend du type de vélo et du revenu de votre foyer fiscal par part",
    );
  });

  it("says when an aid does not exist, with a way back to the list", async () => {
    const { main } = await open("/aides/aide_qui_n_existe_pas");
    expect(main().querySelector("h1")?.textContent).toBe("Aide introuvable");
    expect(document.title).toBe("Aide introuvable - Simulateur d’aides pour les jeunes");
    expect(byText(main(), "a", "Voir la liste de toutes les aides")?.getAttribute("href")).toBe(
      "/aides",
    );
  });

  it("does not show private aids", async () => {
    const hidden = catalogue.aids.find((a) => a.private);
    if (!hidden) return;
    const { main } = await open(`/aides/${hidden.id}`);
    expect(main().querySelector("h1")?.textContent).toBe("Aide introuvable");
  });

  it("explains with the saved simulation why the visitor does not get the aid", async () => {
    const fetch = vi.fn<FetchLike>(async (url) =>
      url.includes("/eligibility/")
        ? json(200, { benefitId: aid.id, eligible: false, reason: "Vous avez 22 ans." })
        : json(404, {}),
    );
    const { main } = await open(`/aides/${aid.id}`, { storage: savedSimulation(), fetch });
    expect(fetch).toHaveBeenCalledWith(`/api/simulation/sim-1/eligibility/${aid.id}`, {
      headers: { Accept: "application/json", Authorization: "Bearer jeton" },
    });
    const callout = main().querySelector(".fr-callout");
    expect(callout?.textContent).toContain(`Pourquoi pas moi${NBSP}?`);
    expect(callout?.textContent).toContain("Vous avez 22 ans.");
  });

  it("confirms with the saved simulation that the visitor gets the aid", async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, { benefitId: aid.id, eligible: true }));
    const { main } = await open(`/aides/${aid.id}`, { storage: savedSimulation(), fetch });
    expect(main().querySelector(".fr-callout")?.textContent).toContain(ELIGIBLE_MESSAGE);
  });

  it("says nothing without a saved simulation, or when the server cannot tell", async () => {
    const fetch = vi.fn<FetchLike>(async () => json(403, {}));
    const first = await open(`/aides/${aid.id}`, { fetch });
    expect(fetch).not.toHaveBeenCalledWith(
      expect.stringContaining("/eligibility/"),
      expect.anything(),
    );
    expect(first.main().querySelector(".fr-callout")).toBeNull();
    await cleanup?.();
    const second = await open(`/aides/${aid.id}`, { storage: savedSimulation(), fetch });
    expect(fetch).toHaveBeenCalled();
    expect(second.main().querySelector(".fr-callout")).toBeNull();
  });
});
