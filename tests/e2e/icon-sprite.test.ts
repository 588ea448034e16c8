/**
 * The DSFR's icons, drawn from the build's sprite (scripts/build/icon-sprite.ts), are the DSFR's
 * own: each icon the built stylesheet draws from a fragment of the sprite is drawn in Chromium
 * beside the file the DSFR's stylesheet names for the same selector, and the two must match pixel
 * for pixel. A fragment that clipped, shifted, scaled or lost an attribute of its icon fails here.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import postcss from "postcss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeSelector } from "./css-selectors";
import { CHROMIUM_ARGS, staticDir } from "./harness";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const dsfr = join(repoRoot, "node_modules/@codegouvfr/react-dsfr/dsfr");
const assets = join(staticDir, "assets");
const ORIGIN = "http://icons.test";
const MASK = /^(?:-webkit-)?mask(?:-image)?$/;
const CELL = 48;

/** Selector → what its mask names, for every mask of `css` whose address `pick` reads. */
function masks(css: string, pick: (address: string) => string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  postcss.parse(css).walkDecls(MASK, (declaration) => {
    const url = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/.exec(declaration.value);
    const address = url ? (url[1] ?? url[2] ?? url[3]) : undefined;
    const picked = address === undefined ? undefined : pick(address);
    const rule = declaration.parent;
    if (picked === undefined || rule?.type !== "rule") return;
    for (const selector of (rule as postcss.Rule).selectors)
      found.set(normalizeSelector(selector), picked);
  });
  return found;
}

/** The DSFR's icons by selector: the SVG file (or data URI) its stylesheets name. */
function dsfrIcons(): Map<string, string> {
  const sources = [join(dsfr, "dsfr.css"), join(dsfr, "utility/icons/icons.min.css")];
  return new Map(
    sources.flatMap((path) => [
      ...masks(readFileSync(path, "utf8"), (address) =>
        address.startsWith("data:") ? address : resolve(dirname(path), address),
      ),
    ]),
  );
}

/** The SVG a file or a data URI of the DSFR holds. */
function svgOf(original: string): Buffer {
  if (!original.startsWith("data:")) return readFileSync(original);
  const comma = original.indexOf(",");
  const data = original.slice(comma + 1);
  return /;base64$/.test(original.slice(0, comma))
    ? Buffer.from(data, "base64")
    : Buffer.from(decodeURIComponent(data), "utf8");
}

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

describe("the icon sprite", () => {
  it("draws each icon as the DSFR's own file does, pixel for pixel", async () => {
    const [builtCss] = readdirSync(assets).filter((name) => /^index-[\w-]+\.css$/.test(name));
    const built = readFileSync(join(assets, builtCss ?? ""), "utf8");
    const spriteFile = /\/assets\/(icons-[\w-]+\.svg)#/.exec(built)?.[1];
    expect(spriteFile, "the built stylesheet draws its icons from a sprite").toBeDefined();
    const sprite = readFileSync(join(assets, spriteFile ?? ""), "utf8");
    const fragments = masks(built, (address) => /\/icons-[\w-]+\.svg#(i\d+)$/.exec(address)?.[1]);
    const source = dsfrIcons();

    // Each fragment of the sprite, with the DSFR's file for one of the selectors drawn from it.
    const pairs = new Map<string, string>();
    for (const [selector, fragment] of fragments) {
      const original = source.get(selector);
      if (original && !pairs.has(fragment)) pairs.set(fragment, original);
    }
    const inSprite = [...sprite.matchAll(/<view id="(i\d+)"/g)].map((match) => match[1]);
    expect(inSprite.length).toBeGreaterThan(20);
    expect([...pairs.keys()].sort()).toEqual([...inSprite].sort());

    // Every original served as a file: a data URI holds quotes of both kinds.
    const files = new Map<string, Buffer>();
    const cells = [...pairs].map(([fragment, original], index) => {
      files.set(`/dsfr/${index}.svg`, svgOf(original));
      const at = (row: number) =>
        `left:${index * CELL}px;top:${row * CELL}px;width:${CELL}px;height:${CELL}px`;
      return (
        `<i style="${at(0)};mask-image:url(/assets/${spriteFile}#${fragment})"></i>` +
        `<i style="${at(1)};mask-image:url(/dsfr/${index}.svg)"></i>`
      );
    });
    const page = await browser.newPage({
      viewport: { width: pairs.size * CELL, height: 2 * CELL },
    });
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/")
        return route.fulfill({
          contentType: "text/html",
          body:
            `<!doctype html><html><head><style>body{margin:0}` +
            `i{position:absolute;background:#000;mask-size:100% 100%;mask-repeat:no-repeat}</style>` +
            `</head><body>${cells.join("")}</body></html>`,
        });
      const body =
        path === `/assets/${spriteFile}`
          ? readFileSync(join(assets, spriteFile ?? ""))
          : files.get(path);
      if (!body) return route.fulfill({ status: 404 });
      return route.fulfill({ contentType: "image/svg+xml", body });
    });
    await page.goto(`${ORIGIN}/`, { waitUntil: "networkidle" });
    const shot = PNG.sync.read(await page.screenshot());
    await page.close();

    const row = (index: number) => {
      const png = new PNG({ width: shot.width, height: CELL });
      PNG.bitblt(shot, png, 0, index * CELL, shot.width, CELL, 0, 0);
      return png;
    };
    const [fromSprite, fromDsfr] = [row(0), row(1)];
    // Both rows blank would match: the DSFR's row must draw every icon.
    const dark = (png: PNG) => png.data.filter((value, offset) => offset % 4 === 0 && value < 128);
    expect(dark(fromDsfr).length).toBeGreaterThan(pairs.size * 20);
    const different = pixelmatch(fromSprite.data, fromDsfr.data, undefined, shot.width, CELL, {
      threshold: 0,
    });
    expect(different).toBe(0);
  });
});
