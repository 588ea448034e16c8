import { createHash } from "node:crypto";
import postcss from "postcss";

/**
 * The DSFR's icons drawn from one SVG file rather than from one data URI each (issue 18 §4,
 * "Fast pages"; docs/adr/0010's addendum of 2026-11-30).
 *
 * The DSFR draws an icon as a mask (`mask-image: url(icon.svg)`), which the build inlines as a
 * data URI. Chromium makes a whole SVG document for every distinct image a style uses, on the
 * main thread, during the style computation that precedes the first paint: on a step page its
 * ten icons took 32 of the first style computation's 38 ms (measured on 2026-11-30), a task
 * Lighthouse's simulation counts as blocking. Icons of one file, each named by a `<view>`
 * fragment (`icons.svg#i3`), share one document: 28.6 → 2.8 ms of style for the same ten.
 *
 * Only masks are moved, and only the icons a fragment can stand for exactly: a single `<svg>`
 * with a view box, and nothing that names another element or a
 * resource (`id`, `href`, `url(`, `<style>`). The others, the Marianne logo among them, stay
 * data URIs. The selectors and every other declaration are unchanged.
 */

const MASK_PROPERTY = /^(?:-webkit-)?mask(?:-image)?$/i;
const SVG_DATA_URI =
  /url\(\s*(?:"(data:image\/svg\+xml[^"]*)"|'(data:image\/svg\+xml[^']*)'|(data:image\/svg\+xml[^)"'\s]*))\s*\)/gi;
const SVG_DOCUMENT = /^\s*(?:<\?xml[^>]*\?>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/i;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** What a fragment of the sprite could not stand for: references, styles, nested documents. */
const NOT_SPRITABLE = /\bid\s*=|href\s*=|url\(|<style|<svg\b|<!|<\?/i;
/** The root's attributes the sprite sets itself. */
const PLACEMENT = new Set(["xmlns", "width", "height", "viewbox", "x", "y", "version"]);
/** Room between two icons, in the sprite's units, so that no edge bleeds into the next. */
const GAP = 8;

interface Icon {
  attributes: string;
  content: string;
  viewBox: [number, number, number, number];
}

/** The SVG a data URI holds, or undefined when it cannot be read. */
export function decodeSvgDataUri(uri: string): string | undefined {
  const comma = uri.indexOf(",");
  if (comma < 0) return undefined;
  const header = uri.slice(0, comma);
  const data = uri.slice(comma + 1);
  try {
    return /;base64$/i.test(header)
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeURIComponent(data);
  } catch {
    return undefined;
  }
}

/** The icon an SVG document draws, when a fragment of the sprite can stand for it exactly. */
export function spritableIcon(svg: string): Icon | undefined {
  const match = SVG_DOCUMENT.exec(svg);
  if (!match) return undefined;
  const [, rootAttributes = "", content = ""] = match;
  if (NOT_SPRITABLE.test(rootAttributes) || NOT_SPRITABLE.test(content)) return undefined;
  const attributes = [...rootAttributes.matchAll(ATTRIBUTE)].map(
    ([whole, name = "", ...value]) => ({
      whole,
      name: name.toLowerCase(),
      value: value[0] ?? value[1] ?? "",
    }),
  );
  const viewBox = readViewBox(attributes.find(({ name }) => name === "viewbox")?.value ?? "");
  if (!viewBox) return undefined;
  const kept = attributes
    .filter(({ name }) => !PLACEMENT.has(name) && !name.startsWith("xmlns:"))
    .map(({ whole }) => whole)
    .join(" ");
  return { attributes: kept, content, viewBox };
}

function readViewBox(declared: string): Icon["viewBox"] | undefined {
  // Without a view box, Chromium draws an SVG image at its own size, then scales the picture:
  // a fragment of the sprite, which has one, would be drawn sharper than the original.
  const numbers = declared
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return undefined;
  const [x, y, width, height] = numbers as [number, number, number, number];
  if (width <= 0 || height <= 0) return undefined;
  return [x, y, width, height];
}

/** One SVG document holding every icon, the n-th under the fragment `#i<n>`. */
function spriteDocument(icons: readonly Icon[]): string {
  let top = 0;
  const parts = icons.map((icon, index) => {
    const [, , width, height] = icon.viewBox;
    const placed =
      `<view id="i${index}" viewBox="0 ${top} ${width} ${height}"/>` +
      `<svg x="0" y="${top}" width="${width}" height="${height}" viewBox="${icon.viewBox.join(" ")}"` +
      `${icon.attributes ? ` ${icon.attributes}` : ""}>${icon.content}</svg>`;
    top += height + GAP;
    return placed;
  });
  const width = Math.max(1, ...icons.map((icon) => icon.viewBox[2]));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${Math.max(1, top)}">` +
    `${parts.join("")}</svg>`
  );
}

export interface SpritedStylesheets {
  /** Each stylesheet, its masks pointing at the sprite. */
  stylesheets: string[];
  /** The sprite's file name under `assetsDir`, and its document; none when no icon moved. */
  sprite?: { fileName: string; source: string };
  icons: number;
}

/**
 * The stylesheets with their icon masks drawn from one sprite, `/<assetsDir>/icons-<hash>.svg`
 * (an absolute address: the pre-rendered pages inline these rules into documents at any path).
 */
export function spriteIcons(
  stylesheets: readonly string[],
  assetsDir = "assets",
): SpritedStylesheets {
  const indexOf = new Map<string, number>();
  const icons: Icon[] = [];
  const roots = stylesheets.map((css) => postcss.parse(css));
  for (const root of roots) {
    root.walkDecls(MASK_PROPERTY, (declaration) => {
      for (const uri of dataUris(declaration.value)) {
        if (indexOf.has(uri)) continue;
        const svg = decodeSvgDataUri(uri);
        const icon = svg === undefined ? undefined : spritableIcon(svg);
        if (!icon) continue;
        indexOf.set(uri, icons.length);
        icons.push(icon);
      }
    });
  }
  if (icons.length === 0) return { stylesheets: [...stylesheets], icons: 0 };
  const source = spriteDocument(icons);
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  const fileName = `${assetsDir}/icons-${hash}.svg`;
  for (const root of roots) {
    root.walkDecls(MASK_PROPERTY, (declaration) => {
      declaration.value = declaration.value.replace(SVG_DATA_URI, (...match: string[]) => {
        const index = indexOf.get(uriOf(match));
        return index === undefined ? (match[0] as string) : `url(/${fileName}#i${index})`;
      });
    });
  }
  return {
    stylesheets: roots.map((root) => root.toResult().css),
    sprite: { fileName, source },
    icons: icons.length,
  };
}

function dataUris(value: string): string[] {
  return [...value.matchAll(SVG_DATA_URI)].map(uriOf);
}

/** The data URI of a match of SVG_DATA_URI, whichever way it is quoted. */
function uriOf(match: readonly (string | undefined)[]): string {
  return (match[1] ?? match[2] ?? match[3]) as string;
}
