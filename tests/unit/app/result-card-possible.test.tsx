// @vitest-environment jsdom
/**
 * Issue 16 §4: an aid whose eligibility depends on an input the simulator guessed reaches the
 * card as "possible", with why, the condition at stake and where to check it; an aid without a
 * status is shown as before.
 */
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ResultCard } from "../../../src/app/results/ResultCard";
import type { Droit } from "../../../src/domain";
import { render } from "./helpers/dom";

const base: Droit = {
  id: "caf_calvados_aide_bafa_generale",
  label: "Aide au BAFA pour une session de formation générale",
  description: "La CAF du Calvados verse 215 € pour la session générale du BAFA.",
  institution: "CAF du Calvados",
  montant: 215,
  unit: "€",
  periodicity: "ponctuelle",
  links: {},
};

const possible: Droit = {
  ...base,
  status: {
    kind: "possible",
    label: "Possible, selon votre quotient familial CAF",
    reason: "Cette aide dépend de votre quotient familial.",
    conditions: [
      "Avoir un quotient familial inférieur ou égal à 850\u00a0€ par mois. D’après notre estimation, le vôtre est de 1\u00a0026,98\u00a0€ par mois.",
    ],
    links: [
      { label: "Votre quotient familial dans votre espace caf.fr", url: "https://www.caf.fr/x" },
      { label: "Indiquer vos revenus déclarés", url: "/simulation/ressources/fiscales" },
    ],
  },
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function card(droit: Droit) {
  const { container, unmount } = await render(
    <MemoryRouter>
      <ResultCard droit={droit} institution={droit.institution} />
    </MemoryRouter>,
  );
  cleanup = unmount;
  return container;
}

describe("a possible aid on its card", () => {
  it("says it is possible, why, the ceiling with our estimate, and where to check", async () => {
    const container = await card(possible);
    expect(container.querySelector(".fr-badge")?.textContent).toBe("Possible");
    const text = container.textContent ?? "";
    expect(text).toContain("Possible, selon votre quotient familial CAF");
    expect(text).toContain("Cette aide dépend de votre quotient familial.");
    expect(text).toContain("850\u00a0€ par mois");
    expect(text).toContain("215");
    const links = [...container.querySelectorAll("a")];
    const external = links.find((a) => a.getAttribute("href") === "https://www.caf.fr/x");
    expect(external?.getAttribute("target")).toBe("_blank");
    expect(external?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(external?.textContent).toContain("(nouvelle fenêtre)");
    const internal = links.find(
      (a) => a.getAttribute("href") === "/simulation/ressources/fiscales",
    );
    expect(internal?.textContent).toBe("Indiquer vos revenus déclarés");
    expect(internal?.getAttribute("target")).toBeNull();
  });

  it("shows an aid without a status as before", async () => {
    const container = await card(base);
    expect(container.querySelector(".fr-badge")).toBeNull();
    expect(container.textContent).not.toContain("Possible");
  });
});
