// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MISSING_BENEFITS_PATH,
  MISSING_BENEFIT_MESSAGE,
} from "../../../src/app/layout/MissingBenefitsMessage";
import { isTransit } from "../../../src/app/layout/usePageViews";
import type { FetchLike } from "../../../src/app/machine/api";
import {
  STORAGE_KEYS,
  StorageParseError,
  loadPersistedState,
  parseStorageItem,
} from "../../../src/app/machine/storage";
import { prefillTarget } from "../../../src/app/pages/PrefillPage";
import type { Benefit, Bundle } from "../../../src/domain";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, click, settle, settleUntil } from "./helpers/dom";
import { renderRoutes } from "./helpers/renderRoutes";

const TODAY = "2026-11-22";
const EMAIL = "contact@simulateur.example";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const benefit = (id: string, label: string): Benefit => ({
  id,
  label,
  description: `${label}\u00a0: description.`,
  institution: "caf",
  engine: { variable: id, entity: "familles", period: "month" },
  type: "float",
  unit: "€",
  periodicity: "mensuelle",
  links: {},
});

const bundle: Bundle = {
  ...fixtureBundle,
  benefits: [
    benefit("aide_logement", "Aide au logement"),
    benefit("crous_logement", "Logement Crous"),
  ],
};

function defaultFetch(missing: unknown = []): FetchLike {
  return vi.fn<FetchLike>(async (url) => {
    if (url === "/api/config") return json(200, { contactEmail: EMAIL });
    if (url === MISSING_BENEFITS_PATH) return json(200, missing);
    return json(404, { message: "inconnu" });
  });
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

async function open(path: string, options: { fetch?: FetchLike; storage?: MemoryStorage } = {}) {
  const fetch = options.fetch ?? defaultFetch();
  const rendered = await renderRoutes(path, {
    bundle,
    storage: options.storage ?? new MemoryStorage(),
    localStorage: new MemoryStorage(),
    fetch,
    today: () => TODAY,
  });
  const { router, main } = rendered;
  cleanup = rendered.unmount;
  const h1 = () => main()?.querySelector("h1")?.textContent ?? "";
  await settleUntil(() => h1() !== "" || router.state.location.pathname !== path.split(/[?#]/)[0]);
  await settle();
  return { router, container: rendered.container, main, h1, fetch };
}

describe("static pages", () => {
  it.each([
    [
      "/accessibilite",
      "Déclaration d’accessibilité",
      ["non conforme", "RGAA", "axe-core", "clavier", "Défenseur des droits", EMAIL],
    ],
    ["/contact", "Nous contacter", [EMAIL]],
    ["/cgu", "Conditions générales d’utilisation", ["estimation indicative", "décision"]],
    ["/mentions-legales", "Mentions légales", ["Éditeur", "OpenFisca", "aides-jeunes"]],
    [
      "/confidentialite",
      "Politique de confidentialité",
      [
        "lastestSimulation",
        "resultats",
        "ABTesting",
        "scheme",
        "iframe",
        "7 jours",
        "31 jours",
        "Do Not Track",
        "CNIL",
      ],
    ],
    ["/faq", "Questions fréquentes", ["Dois-je créer un compte\u00a0?", "7 minutes"]],
    [
      "/accompagnement",
      "Être accompagné dans vos démarches",
      ["France services", "missions locales"],
    ],
  ])("%s shows its h1 and its content", async (path, title, texts) => {
    const { h1, main } = await open(path);
    expect(h1()).toBe(title);
    expect(document.title).toContain(title);
    for (const text of texts) expect(main().textContent).toContain(text);
  });

  it("links the contact address as mailto on the contact page", async () => {
    const { main } = await open("/contact");
    expect(byText(main(), "a", EMAIL)?.getAttribute("href")).toBe(`mailto:${EMAIL}`);
  });

  it("opens internal links in the app and external ones in a new window", async () => {
    const { main } = await open("/accessibilite");
    const recourse = byText(main(), "a", "Défenseur des droits");
    expect(recourse?.getAttribute("target")).toBe("_blank");
    expect(recourse?.getAttribute("rel")).toContain("noopener");
    const { main: faq } = await open("/faq");
    expect(byText(faq(), "a", "politique de confidentialité")?.getAttribute("href")).toBe(
      "/confidentialite",
    );
  });

  it("gives the follow-up number on /accompagnement/:id", async () => {
    const { h1, main } = await open("/accompagnement/suivi-42");
    expect(h1()).toBe("Être accompagné dans vos démarches");
    expect(main().textContent).toContain("Votre numéro de suivi");
    expect(main().textContent).toContain("suivi-42");
  });

  it("links every static page from the footer", async () => {
    const { container } = await open("/");
    const footer = container.querySelector("footer")!;
    const hrefs = [...footer.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    for (const path of [
      "/accessibilite",
      "/mentions-legales",
      "/cgu",
      "/confidentialite",
      "/faq",
      "/contact",
    ]) {
      expect(hrefs).toContain(path);
    }
  });
});

describe("other routes", () => {
  it("redirects an unknown path to /", async () => {
    const { router } = await open("/page-qui-n-existe-pas");
    expect(router.state.location.pathname).toBe("/");
  });

  it("/preview links each engine benefit to its card with sample values", async () => {
    const { h1, main } = await open("/preview");
    expect(h1()).toBe("Prévisualiser des aides");
    expect(byText(main(), "a", "Logement Crous")?.getAttribute("href")).toBe(
      "/preview?debug=crous_logement",
    );
    expect(main().querySelector(".fr-card")).toBeNull();
  });

  it("/preview?debug= shows the cards without a simulation, and links to the results", async () => {
    const { main } = await open("/preview?debug=crous_logement");
    await settleUntil(() => main().textContent?.includes("valeurs d’exemple") ?? false);
    await settleUntil(() => !!main().querySelector("h3"));
    expect(main().querySelector("h3")?.textContent).toContain("Logement Crous");
    expect(byText(main(), "a", "sous les résultats de ma simulation")?.getAttribute("href")).toBe(
      "/simulation/resultats?debug=crous_logement",
    );
  });

  it("/parcours lists the steps with their done marks and debug links", async () => {
    const storage = new MemoryStorage();
    const all = [
      { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    ];
    storage.setItem(
      STORAGE_KEYS.simulation,
      JSON.stringify({ answers: { all, current: all }, dateDeValeur: TODAY }),
    );
    const { h1, main } = await open("/parcours", { storage });
    expect(h1()).toBe("Parcours du simulateur");
    const birth = byText(main(), "li", "individu/demandeur/date_naissance");
    expect(birth?.textContent).toContain("✓");
    expect(birth?.textContent).toContain("(répondue)");
    expect(birth?.querySelector("a")?.getAttribute("href")).toBe(
      `${PATHS.birthDate}?debug=parcours`,
    );
    expect(byText(main(), "li", "individu/demandeur/activite")?.textContent).toContain(
      "(sans réponse)",
    );
  });

  it("/preremplissage explains itself without a simulation named", async () => {
    const { h1, main } = await open("/preremplissage");
    expect(h1()).toBe("Simulation préremplie");
    expect(main().textContent).toContain("POST /api/simulation");
  });

  it("/preremplissage?id=…#token=… opens the partner's simulation where it stops", async () => {
    const all = [
      { entityName: "individu", id: "demandeur", fieldName: "date_naissance", value: "2004-03-01" },
    ];
    const fetch = vi.fn<FetchLike>(async (url, init) => {
      if (url === "/api/simulation/sim-7") {
        const auth = new Headers(init?.headers).get("Authorization");
        return auth === "Bearer tok-7"
          ? json(200, { _id: "sim-7", answers: { all, current: all }, dateDeValeur: TODAY })
          : json(403, { message: "interdit" });
      }
      return json(200, []);
    });
    const { router } = await open("/preremplissage?id=sim-7#token=tok-7", { fetch });
    await settleUntil(() => router.state.location.pathname === PATHS.activity);
    expect(router.state.location.pathname).toBe(PATHS.activity);
  });

  it("does not count /init-ci and the identity provider's returns as page views", () => {
    for (const path of ["/init-ci", "/callback", "/logout-callback"]) {
      expect(isTransit(path, PATHS.birthDate), path).toBe(true);
    }
    expect(isTransit("/faq", PATHS.birthDate)).toBe(false);
  });

  it("reads the prefill target from the query and the hash", () => {
    expect(prefillTarget("?id=a", "#token=b")).toEqual({ simulationId: "a", token: "b" });
    expect(prefillTarget("?id=a", "")).toBeUndefined();
  });
});

describe("messages (docs/product.md §8)", () => {
  it("warns editors of benefits the engine cannot compute yet, names them in a tooltip, and can be closed", async () => {
    const { main } = await open(`${PATHS.birthDate}?debug=parcours`, {
      fetch: defaultFetch(["crous_logement", "aide_inconnue"]),
    });
    await settleUntil(() => main().textContent?.includes("nouvelle aide") ?? false);
    expect(main().textContent).toContain(MISSING_BENEFIT_MESSAGE);
    const tooltip = main().querySelector('[role="tooltip"]');
    expect(tooltip?.textContent).toBe("Aides concernées\u00a0: Logement Crous, aide_inconnue");
    const owner = main().querySelector(`[aria-describedby="${tooltip?.id}"]`);
    expect(owner?.tagName).toBe("BUTTON");
    await click(byText(main(), "button", "Masquer le message"));
    expect(main().textContent).not.toContain(MISSING_BENEFIT_MESSAGE);
  });

  it("says nothing to visitors, who can do nothing about it (the server leaves such benefits out)", async () => {
    const fetch = defaultFetch(["crous_logement"]);
    const { main } = await open(PATHS.birthDate, { fetch });
    await settle();
    expect(main().textContent).not.toContain("nouvelle aide");
    expect(fetch).not.toHaveBeenCalledWith(MISSING_BENEFITS_PATH, expect.anything());
  });

  it("says nothing, even to editors, when every benefit is computable or the engine is not ready", async () => {
    const { main } = await open(`${PATHS.birthDate}?debug=parcours`, { fetch: defaultFetch([]) });
    expect(main().textContent).not.toContain("nouvelle aide");
    const down = await open(`${PATHS.birthDate}?debug=parcours`, {
      fetch: vi.fn<FetchLike>(async () => json(503, { message: "indisponible" })),
    });
    await act(async () => {});
    expect(down.main().textContent).not.toContain("nouvelle aide");
  });

  it("raises 'Failed to parse {storage} storage item {key}' on an unparsable value", () => {
    expect(() => parseStorageItem("session", "simulation", "{")).toThrow(
      new StorageParseError("session", "simulation"),
    );
    expect(() => parseStorageItem("local", "ABTesting", "nope")).toThrow(
      "Failed to parse local storage item ABTesting",
    );
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.simulation, "{");
    const logger = { error: vi.fn() };
    expect(loadPersistedState(storage, logger)).toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith("Failed to parse session storage item simulation");
  });
});
