// @vitest-environment jsdom
/**
 * Issue 57 §1: a result to verify or decided on application shows its badge and the conditions
 * that decide it in full on its card (docs/schema-format.md "Certainty"), with the words of
 * schema/results.yaml; a counted result shows neither.
 */
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import { ResultCard } from "../../../src/app/results/ResultCard";
import type { Bundle, Droit } from "../../../src/domain";
import { render } from "./helpers/dom";

const sections = (bundleJson as unknown as Bundle).results!.certainty;
const decisive = [
  "Porter un projet, seul ou à plusieurs, en faveur de la transition écologique et sociale à Lyon, retenu sur dossier de candidature par un jury qui examine chaque projet et sa mise en œuvre.",
];
const base: Droit = {
  id: "ville_lyon_bourse_jeunes_2030_agir",
  label: "Bourse Jeunes Lyon 2030",
  description: "Une aide de la Ville de Lyon pour les projets des jeunes.",
  institution: "Ville de Lyon",
  montant: 5000,
  unit: "€",
  periodicity: "ponctuelle",
  links: {},
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function card(droit: Droit) {
  const { container, unmount } = await render(
    <MemoryRouter>
      <ResultCard droit={droit} institution={droit.institution} certaintySections={sections} />
    </MemoryRouter>,
  );
  cleanup = unmount;
  return container;
}

describe("a result the totals never add, on its card", () => {
  it("shows the section's badge and every decisive condition in full", async () => {
    for (const certainty of ["to_verify", "on_application"] as const) {
      const container = await card({ ...base, certainty, decisive });
      expect(container.querySelector(".fr-badge")?.textContent).toBe(sections[certainty].badge);
      const items = [...container.querySelectorAll("li")].map((li) => li.textContent);
      expect(items).toContain(decisive[0]);
      expect(container.textContent).toContain(sections[certainty].conditions);
      await cleanup?.();
      cleanup = undefined;
    }
  });

  it("shows neither for a counted result", async () => {
    const container = await card(base);
    expect(container.querySelector(".fr-badge")).toBeNull();
    expect(container.textContent).not.toContain(sections.to_verify.conditions);
  });
});
