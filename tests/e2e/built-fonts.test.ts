/**
 * The Marianne faces the build ships are subsets (scripts/build/font-subset.ts): every character
 * the app writes that the DSFR's own face can draw must still be in the subset, or it would show
 * in the fallback font. The oracle is the DSFR's original files, not the build: for each face, the
 * characters of the questionnaire, the catalogue, the built scripts and the pre-rendered pages,
 * intersected with the original face's characters, must all be in the built face.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const appDir = process.env.E2E_STATIC_DIR || join(repoRoot, "dist/app");
const assets = join(appDir, "assets");
const originals = join(repoRoot, "node_modules/@codegouvfr/react-dsfr/dsfr/fonts");

async function codePoints(woff2: Buffer): Promise<Set<number>> {
  const sfnt = await fontverter.convert(woff2, "sfnt");
  return new Set(new Face(new Blob(new Uint8Array(sfnt))).collectUnicodes());
}

/** Every character of the texts the app shows: generated content, scripts, pre-rendered pages. */
function textCharacters(): Set<number> {
  const files = [
    ...["bundle.json", "catalogue.json"].map((name) => join(repoRoot, "src/generated", name)),
    ...readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .map((name) => join(assets, name)),
    ...readdirSync(join(appDir, "prerendered"))
      .filter((name) => name.endsWith(".html"))
      .map((name) => join(appDir, "prerendered", name)),
  ];
  const characters = new Set<number>();
  for (const file of files)
    for (const character of readFileSync(file, "utf8")) characters.add(character.codePointAt(0)!);
  return characters;
}

const hex = (point: number) => `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;

describe("built fonts", () => {
  it("keep every character of the app's texts that the DSFR's faces draw, in fewer bytes", async () => {
    if (!existsSync(assets)) throw new Error(`${assets} is missing: run npm run build first`);
    const built = readdirSync(assets).filter((name) => /^Marianne-\w+-[\w-]{8}\.woff2$/.test(name));
    expect(built.length).toBe(8);
    const texts = textCharacters();
    for (const name of built) {
      const face = name.replace(/-[\w-]{8}\.woff2$/, "");
      const original = readFileSync(join(originals, `${face}.woff2`));
      const subset = readFileSync(join(assets, name));
      const [drawn, kept] = [await codePoints(original), await codePoints(subset)];
      const lost = [...texts].filter((point) => drawn.has(point) && !kept.has(point));
      expect(lost.map(hex), `${name}: characters of the app's texts lost`).toEqual([]);
      // A subset indeed: French is there, Vietnamese is gone, and the file is smaller.
      for (const character of "àâçéèêëîïôöùûüÿœæÀÉÈÇŒ’«»…€")
        expect(kept).toContain(character.codePointAt(0));
      expect(drawn.has(0x1ea1) && !kept.has(0x1ea1)).toBe(true);
      expect(subset.length).toBeLessThan(original.length * 0.85);
    }
  });
});
