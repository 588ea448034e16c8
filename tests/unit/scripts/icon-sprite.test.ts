import { JSDOM } from "jsdom";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { decodeSvgDataUri, spritableIcon, spriteIcons } from "../../../scripts/build/icon-sprite";

const svgUri = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
const ARROW = `<svg width='24' height='24' viewBox='0 0 24 24' fill='none' xmlns='http://www.w3.org/2000/svg'><path d='M7 11H20V13H7Z' fill='black'/></svg>`;
const CLOSE = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='2 2 20 16'><path d='m12 10 5-5 1 1-5 5 5 5-1 1-5-5-5 5-1-1 5-5-5-5 1-1z'/></svg>`;
const SIZED_ONLY = `<svg xmlns='http://www.w3.org/2000/svg' width='40' height='24'><rect width='40' height='24'/></svg>`;
/** The Marianne logo's kind: a part that names another one. */
const LOGO = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 44 18'><defs><path id='n' d='M0 0h4v4z'/></defs><use href='%23n'/></svg>`;

const icon = (selector: string, svg: string) =>
  `${selector}{-webkit-mask-image:url("${svgUri(svg)}");mask-image:url("${svgUri(svg)}");color:red}`;

function sprite(source: string): Document {
  const { DOMParser } = new JSDOM("").window;
  return new DOMParser().parseFromString(source, "image/svg+xml");
}

function selectors(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    found.push(rule.selector);
  });
  return found;
}

describe("decodeSvgDataUri", () => {
  it("reads percent-encoded and base64 data URIs", () => {
    expect(decodeSvgDataUri(svgUri(ARROW))).toBe(ARROW);
    expect(
      decodeSvgDataUri(`data:image/svg+xml;base64,${Buffer.from(CLOSE).toString("base64")}`),
    ).toBe(CLOSE);
    expect(decodeSvgDataUri("data:image/svg+xml,%E0%A4%A")).toBeUndefined();
  });
});

describe("spritableIcon", () => {
  it("keeps the root's presentation attributes and reads its view box", () => {
    expect(spritableIcon(ARROW)).toEqual({
      attributes: "fill='none'",
      content: "<path d='M7 11H20V13H7Z' fill='black'/>",
      viewBox: [0, 0, 24, 24],
    });
  });

  it("leaves what a fragment could not stand for exactly", () => {
    expect(spritableIcon(LOGO)).toBeUndefined();
    // Drawn at its own size then scaled: a fragment, with a view box, would be sharper.
    expect(spritableIcon(SIZED_ONLY)).toBeUndefined();
    expect(spritableIcon(`<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'/></svg>`)).toBe(
      undefined,
    );
    expect(spritableIcon(`<svg viewBox='0 0 0 24'><path d='M0 0'/></svg>`)).toBeUndefined();
    expect(spritableIcon(`<svg viewBox='0 0 24 24'><style>path{fill:red}</style></svg>`)).toBe(
      undefined,
    );
    expect(spritableIcon("<img>")).toBeUndefined();
  });
});

describe("spriteIcons", () => {
  const first =
    icon(".fr-icon-arrow:before,.fr-icon-arrow:after", ARROW) + icon(".fr-close:after", CLOSE);
  const second =
    icon("a[target=_blank]:after", ARROW) +
    icon(".fr-logo:before", LOGO) +
    `.fr-checkbox:before{background-image:url("${svgUri(CLOSE)}")}` +
    `@media (forced-colors:active){.fr-close:after{background-image:url("${svgUri(CLOSE)}")}}`;
  const result = spriteIcons([first, second]);

  it("draws every mask of every stylesheet from one sprite, each icon once", () => {
    expect(result.icons).toBe(2);
    expect(result.sprite?.fileName).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    const url = `/${result.sprite?.fileName}`;
    const [sprited1 = "", sprited2 = ""] = result.stylesheets;
    expect(sprited1).toContain(`-webkit-mask-image:url(${url}#i0);mask-image:url(${url}#i0)`);
    expect(sprited1).toContain(`url(${url}#i1)`);
    expect(sprited2).toContain(`a[target=_blank]:after{-webkit-mask-image:url(${url}#i0)`);
  });

  it("changes no selector and no other declaration", () => {
    expect(selectors(result.stylesheets[0] ?? "")).toEqual(selectors(first));
    expect(selectors(result.stylesheets[1] ?? "")).toEqual(selectors(second));
    const [, sprited2 = ""] = result.stylesheets;
    // Backgrounds (checkboxes, forced colours) and the logo stay data URIs.
    expect(sprited2.match(/data:image\/svg\+xml/g)).toHaveLength(4);
    expect(sprited2).toContain(`background-image:url("${svgUri(CLOSE)}")`);
    expect(result.stylesheets[0]).toContain("color:red");
  });

  it("places each icon under a view of its own size, apart from the others", () => {
    const document = sprite(result.sprite?.source ?? "");
    expect(document.querySelector("parsererror")).toBeNull();
    const views = [...document.querySelectorAll("view")];
    expect(views.map((view) => view.id)).toEqual(["i0", "i1"]);
    const placed = views.map((view) => {
      const [x, y, width, height] = (view.getAttribute("viewBox") ?? "").split(" ").map(Number);
      const svg = view.nextElementSibling;
      expect(svg?.tagName).toBe("svg");
      expect(svg?.getAttribute("x")).toBe(String(x));
      expect(svg?.getAttribute("y")).toBe(String(y));
      expect(svg?.getAttribute("width")).toBe(String(width));
      expect(svg?.getAttribute("height")).toBe(String(height));
      return { svg, top: y as number, bottom: (y as number) + (height as number) };
    });
    expect(placed[0]?.svg?.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(placed[0]?.svg?.getAttribute("fill")).toBe("none");
    expect(placed[0]?.svg?.querySelector("path")?.getAttribute("d")).toBe("M7 11H20V13H7Z");
    expect(placed[1]?.svg?.getAttribute("viewBox")).toBe("2 2 20 16");
    expect(placed[1]?.top).toBeGreaterThan(placed[0]?.bottom ?? Infinity);
  });

  it("leaves stylesheets without icons as they are, and names no sprite", () => {
    const plain = ".fr-btn{color:blue}";
    expect(spriteIcons([plain])).toEqual({ stylesheets: [plain], icons: 0 });
  });
});
