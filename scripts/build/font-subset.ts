import { createHash } from "node:crypto";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

/**
 * The code points the Marianne faces keep (issue 18 §4, "Fast pages"): Latin from Basic Latin to
 * Latin Extended-B (French, and the names visitors type), the combining accents, and everything
 * from U+2000 on (punctuation, non-breaking spaces, €, arrows, symbols). What goes is Latin
 * Extended Additional (Vietnamese) and the phonetic letters: 30 % of each face's bytes, which a
 * phone downloads before its first paint (the page preloads three faces). A character outside
 * these ranges still shows, in the fallback font of the DSFR's stack.
 */
export const KEPT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x024f],
  [0x0300, 0x036f],
  [0x2000, 0xffff],
];

/** Every code point of the kept ranges, as text (subset-font keeps those the font has). */
export function keptText(): string {
  const points: number[] = [];
  for (const [first, last] of KEPT_RANGES)
    for (let point = first; point <= last; point++)
      if (point < 0xd800 || point > 0xdfff) points.push(point);
  return String.fromCodePoint(...points);
}

const MARIANNE = /(^|\/)Marianne-[\w]+-[\w-]{8}\.woff2$/;

/**
 * Subsets the DSFR's Marianne faces (woff2) as they are written to the build, under a name hashed
 * from the subset's bytes, and points the stylesheets at the new names. The woff fallbacks, for
 * browsers without woff2, stay whole.
 */
export function fontSubsetPlugin(): Plugin {
  return {
    name: "font-subset",
    apply: "build",
    async generateBundle(_options, bundle) {
      const text = keptText();
      const renamed = new Map<string, string>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "asset" || !MARIANNE.test(fileName)) continue;
        const subset = await subsetFont(Buffer.from(output.source), text, {
          targetFormat: "woff2",
        });
        const hash = createHash("sha256").update(subset).digest("base64url").slice(0, 8);
        const subsetName = fileName.replace(/-[\w-]{8}\.woff2$/, `-${hash}.woff2`);
        delete bundle[fileName];
        this.emitFile({ type: "asset", fileName: subsetName, source: subset });
        renamed.set(baseName(fileName), baseName(subsetName));
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== "asset" || !output.fileName.endsWith(".css")) continue;
        let css = String(output.source);
        for (const [from, to] of renamed) css = css.replaceAll(from, to);
        output.source = css;
      }
    },
  };
}

function baseName(fileName: string): string {
  return fileName.slice(fileName.lastIndexOf("/") + 1);
}
