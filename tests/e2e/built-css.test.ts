/**
 * The built stylesheet applies the DSFR's selectors unchanged: every selector in
 * `dist/app/assets/*.css` is one of the stylesheets the app imports (the DSFR, its icons,
 * react-dsfr's component styles, ours), up to what a minifier may rewrite without changing what it
 * matches. A build step that rewrote a selector (a lost `.fr-btns-group--sm:not(…)` prefix would
 * squeeze every icon button to its icon) fails here.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import postcss from "postcss";
import { isUnusable, ProducibleClasses } from "../../scripts/build/unused-css";
import { normalizeSelector, selectorsNotInSources, selectorsOf } from "./css-selectors";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const assets = join(process.env.E2E_STATIC_DIR || join(repoRoot, "dist/app"), "assets");
const reactDsfr = join(repoRoot, "node_modules/@codegouvfr/react-dsfr");

function read(path: string): string {
  return readFileSync(path, "utf8");
}

function cssIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".css"))
    .map((name) => read(join(dir, name)));
}

/** What `src/app/main.tsx` imports (main.css: the icons and the DSFR), and component styles. */
function sources(): string[] {
  return [
    read(join(reactDsfr, "dsfr/dsfr.css")),
    read(join(reactDsfr, "dsfr/utility/icons/icons.min.css")),
    ...cssIn(join(reactDsfr, "assets")),
    read(join(repoRoot, "src/app/styles.css")),
  ];
}

const ICON_BUTTON = normalizeSelector('.fr-btn[class*=" fr-icon-"]');

describe("built stylesheet", () => {
  it("has only selectors of the stylesheets it is built from", () => {
    if (!existsSync(assets)) throw new Error(`${assets} is missing: run npm run build first`);
    const built = cssIn(assets).join("\n");
    const selectors = [...selectorsOf(built)];
    // The DSFR's icon button rules are there, each with its context (group, size) intact.
    expect(selectors.filter((s) => s.includes(ICON_BUTTON)).length).toBeGreaterThan(20);
    expect(selectorsNotInSources(built, sources())).toEqual([]);
  });

  it("inlines in the pre-rendered pages only selectors of those stylesheets", () => {
    // scripts/prerender.ts: the rules of each page's first paint, taken whole from the build.
    const pages = join(assets, "../prerendered");
    const documents = readdirSync(pages).filter((name) => /^[^.]+\.html$/.test(name));
    const inlined = documents
      .map((name) => /<style data-critical-style>([\s\S]*?)<\/style>/.exec(read(join(pages, name))))
      .filter((match) => match !== null)
      .map((match) => match[1] ?? "");
    // The home page and the static pages.
    expect(inlined.length).toBeGreaterThanOrEqual(7);
    for (const css of inlined) {
      expect(selectorsOf(css).size).toBeGreaterThan(100);
      expect(selectorsNotInSources(css, sources())).toEqual([]);
    }
  });

  it("would see a DSFR rule that lost its group prefix", () => {
    const dsfr = read(join(reactDsfr, "dsfr/dsfr.css"));
    const rewritten =
      '.fr-btns-group--sm .fr-btn[class*=" fr-icon-"]{max-width:2rem}.fr-btn[class*=" fr-icon-"]{max-width:2rem;overflow:hidden}';
    expect(selectorsNotInSources(rewritten, [dsfr])).toEqual([
      normalizeSelector('.fr-btns-group--sm .fr-btn[class*=" fr-icon-"]'),
      ICON_BUTTON,
    ]);
    // A minifier's rewriting is no change.
    expect(
      selectorsNotInSources(
        ".fr-table>table tbody tr:nth-child(2n),.fr-toggle label:before,.fr-btn--icon-left[class^=fr-icon-]{color:red}",
        [dsfr],
      ),
    ).toEqual([]);
  });

  it("leaves out the rules whose selectors all need a class no built file produces", () => {
    // scripts/build/unused-css.ts; the stylesheet the DSFR ships holds thousands of them.
    const builtFiles = readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .map((name) => read(join(assets, name)));
    const producible = new ProducibleClasses([...builtFiles, read(join(assets, "../index.html"))]);
    const unusable = (css: string) => {
      const selectors: string[] = [];
      postcss.parse(css).walkRules((rule) => {
        if (isUnusable(rule, producible)) selectors.push(rule.selector);
      });
      return selectors;
    };
    expect(unusable(read(join(reactDsfr, "dsfr/dsfr.css"))).length).toBeGreaterThan(1000);
    expect(unusable(cssIn(assets).join("\n"))).toEqual([]);
  });
});
