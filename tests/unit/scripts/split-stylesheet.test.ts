import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { partFileName, splitStylesheet } from "../../../scripts/build/split-stylesheet";

/** The stylesheet's top-level nodes as text, in order: what the cascade reads. */
const nodesOf = (css: string) =>
  postcss
    .parse(css)
    .nodes.filter((node) => !(node.type === "atrule" && node.name === "charset"))
    .map((node) => node.toString());

const rules = Array.from(
  { length: 40 },
  (_, index) => `.fr-x${index}{color:red;margin:${index}px}`,
).join("");
const stylesheet = `@charset "UTF-8";${rules}@media (min-width:48em){.fr-x1{color:blue}}@font-face{font-family:M;src:url(/assets/M.woff2)}`;

describe("splitStylesheet", () => {
  it("keeps every top-level rule, unchanged and in its order, across the parts", () => {
    const parts = splitStylesheet(stylesheet, 200);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.flatMap(nodesOf)).toEqual(nodesOf(stylesheet));
  });

  it("keeps each part under the size, unless one rule is larger", () => {
    const parts = splitStylesheet(stylesheet, 200);
    for (const part of parts) {
      const [first, ...rest] = nodesOf(part);
      if (rest.length > 0)
        expect(part.length).toBeLessThanOrEqual(200 + `@charset "UTF-8";\n`.length);
      else expect(first).toBeDefined();
    }
    expect(splitStylesheet(".fr-a{color:red}", 4)).toEqual([".fr-a{color:red}"]);
  });

  it("starts every part with the stylesheet's leading @charset", () => {
    for (const part of splitStylesheet(stylesheet, 200))
      expect(part.startsWith('@charset "UTF-8";')).toBe(true);
    expect(splitStylesheet(rules, 200).some((part) => part.includes("@charset"))).toBe(false);
  });

  it("refuses an at-rule whose place in the sheet matters", () => {
    expect(() => splitStylesheet(`@import url(a.css);${rules}`, 200)).toThrow(/@import/);
    expect(() => splitStylesheet(`${rules}@layer base;`, 200)).toThrow(/@layer/);
    expect(() => splitStylesheet(`${rules}@charset "UTF-8";`, 200)).toThrow(/@charset/);
  });
});

describe("partFileName", () => {
  it("names a part by its content", () => {
    expect(partFileName(".a{}")).toMatch(/^style-[\w-]{10}\.css$/);
    expect(partFileName(".a{}")).toBe(partFileName(".a{}"));
    expect(partFileName(".a{}")).not.toBe(partFileName(".b{}"));
  });
});
