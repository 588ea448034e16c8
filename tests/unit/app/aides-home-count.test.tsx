// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProvider, createMemoryRouter } from "./helpers/memoryRouter";
import { AppProviders } from "../../../src/app/AppProviders";
import { bundle } from "../../../src/app/bundle";
import { AIDS_COUNT } from "../../../src/app/config";
import { routes } from "../../../src/app/routes";
import type { Catalogue } from "../../../src/domain";
import catalogueJson from "../../../src/generated/catalogue.json";
import { MemoryStorage } from "./fixtures/memoryStorage";
import { byText, render, settle } from "./helpers/dom";

const catalogue = catalogueJson as unknown as Catalogue;
const count = bundle.publicBenefitCount;
const formatted = count.toLocaleString("fr-FR");

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  document.body.innerHTML = "";
});

describe("the number of aids", () => {
  it("is the public catalogue's: engine benefits, public condition-based aids, bike aids", () => {
    expect(count).toBe(
      bundle.benefits.length +
        catalogue.aids.filter((aid) => !aid.private).length +
        catalogue.bikeAids.length,
    );
    expect(AIDS_COUNT).toBe(count);
    expect(count).toBeGreaterThan(1000);
  });

  it("is shown on the home page, linking to the list of aids", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ["/"] });
    const deps = {
      bundle,
      storage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
      fetch: vi.fn(async () => new Response("{}", { status: 404 })),
      today: () => "2026-11-22",
      logger: { error: vi.fn() },
    };
    const rendered = await render(
      <AppProviders deps={deps} services={{ fetchCommunes: async () => [] }}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    cleanup = rendered.unmount;
    await settle();
    const main = rendered.container.querySelector("main")!;
    const link = byText(main, "a", " aides");
    expect(link?.textContent).toBe(`${formatted} aides`);
    expect(link?.getAttribute("href")).toBe("/aides");
  });
});
