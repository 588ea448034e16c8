// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { PATHS, fixtureBundle } from "./fixtures/bundle";
import { byText, choose, click, settle, settleUntil } from "./helpers/dom";
import { renderRoutes } from "./helpers/renderRoutes";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
  window.sessionStorage.clear();
  document.documentElement.removeAttribute("data-app-theme");
  vi.restoreAllMocks();
});

async function open(path: string) {
  const rendered = await renderRoutes(path, { bundle: fixtureBundle });
  cleanup = rendered.unmount;
  await settle();
  return rendered;
}

const skipLinks = (root: ParentNode) =>
  [...root.querySelectorAll(".fr-skiplinks a")].map((a) => a.textContent);

describe("layout outside an iframe", () => {
  it("keeps the full header and footer, with the display settings in the footer", async () => {
    const { container } = await open("/");
    const homeLink = container.querySelector<HTMLAnchorElement>(".fr-header__brand a");
    expect(homeLink?.getAttribute("target")).toBeNull();
    const footer = container.querySelector("footer")!;
    expect(byText(footer, "button", "Paramètres d")).toBeDefined();
    expect(document.querySelectorAll("#fr-theme-modal")).toHaveLength(1);
  });

  it("writes the display settings dialog with typographic apostrophes, as every other text", async () => {
    await open("/");
    const dialog = document.querySelector("#fr-theme-modal")!;
    expect(dialog.querySelector("h1")?.textContent).toContain("Paramètres d’affichage");
    expect(dialog.textContent).toContain("personnaliser l’apparence du site");
    expect(dialog.textContent).not.toContain("'");
  });
});

describe("layout in an iframe", () => {
  it("opens the header's home link in a new window and shows the short footer", async () => {
    const { container } = await open("/?iframe=true");
    const homeLink = container.querySelector<HTMLAnchorElement>(".fr-header__brand a");
    expect(homeLink?.getAttribute("target")).toBe("_blank");
    expect(homeLink?.getAttribute("rel")).toContain("noopener");
    const footer = container.querySelector("footer")!;
    expect(footer.textContent).toContain("Simulateur propulsé par la plateforme aides-jeunes");
    expect(byText(footer, "a", "Conditions générales")?.getAttribute("target")).toBe("_blank");
    expect(byText(footer, "button", "Paramètres d’affichage")).toBeDefined();
    expect(footer.querySelector(".fr-footer__brand")).toBeNull();
  });

  it("collapses the header without logo: nothing on the home page, the way back elsewhere", async () => {
    const home = await open("/?iframe=true&data-with-logo=false");
    expect(home.container.querySelector("header")).toBeNull();
    // The footer's display settings still open their dialog.
    expect(document.querySelectorAll("#fr-theme-modal")).toHaveLength(1);
    expect(skipLinks(home.container)).toEqual(["Contenu", "Pied de page"]);
    await cleanup?.();
    // A later page load in the same frame: the state comes from session storage.
    const step = await open(PATHS.birthDate);
    expect(step.container.querySelector(".fr-header__brand")).toBeNull();
    expect(
      byText(step.container, "header a", "Retour à l’accueil du simulateur")?.getAttribute("href"),
    ).toBe("/");
    expect(skipLinks(step.container)).toEqual(["Contenu", "Menu", "Pied de page"]);
    for (const link of step.container.querySelectorAll(".fr-skiplinks a")) {
      const id = link.getAttribute("href")?.slice(1) ?? "";
      expect(document.getElementById(id), id).not.toBeNull();
    }
  });

  it("applies the theme of the query and ignores an unknown one", async () => {
    await open("/?iframe&theme=metropole");
    expect(document.documentElement.getAttribute("data-app-theme")).toBe("metropole");
    await cleanup?.();
    window.sessionStorage.clear();
    document.documentElement.removeAttribute("data-app-theme");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await open("/?iframe&theme=inconnu");
    expect(warn).toHaveBeenCalled();
    expect(document.documentElement.hasAttribute("data-app-theme")).toBe(false);
  });
});

describe("/iframe integrator page", () => {
  it("builds the tag to paste from the options, with a preview of the embedding", async () => {
    const { container } = await open("/iframe");
    await settleUntil(() => container.querySelector("main h1") !== null);
    expect(container.querySelector("main h1")?.textContent).toBe(
      "Intégrer le simulateur à votre site",
    );
    const snippet = () => container.querySelector("#embed-snippet")?.textContent;
    // Partners learn that their site must be allowed to frame the simulator.
    expect(container.querySelector(".fr-callout")?.textContent).toContain("sites autorisés");
    const origin = window.location.origin;
    expect(snippet()).toBe(`<script src="${origin}/embed.js" data-from-home></script>`);
    const preview = () => container.querySelector<HTMLIFrameElement>("iframe")!;
    expect(preview().getAttribute("title")).toBe("Aperçu du simulateur intégré");
    expect(preview().getAttribute("src")).toBe(`${origin}/?iframe=true`);

    await click(byText(container, "label", "La première question"));
    await click(byText(container, "label", "Sans logo"));
    await choose(container.querySelector("select"), "bleu-clair");
    expect(snippet()).toBe(
      `<script src="${origin}/embed.js" data-with-logo="false" data-theme="bleu-clair"></script>`,
    );
    expect(preview().getAttribute("src")).toBe(
      `${origin}/simulation?iframe=true&data-with-logo=false&theme=bleu-clair`,
    );
  });
});
