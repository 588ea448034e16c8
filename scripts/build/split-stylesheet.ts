import { createHash } from "node:crypto";
import postcss from "postcss";

/**
 * The whole stylesheet a pre-rendered page downloads after its first paint, cut into parts of
 * about `maxBytes` (issue 18 §4, Total Blocking Time).
 *
 * The browser parses a stylesheet in one main-thread task once it has arrived: the whole
 * stylesheet (about 500 KB) was one task of 3 to 4 ms of CPU on this host, 5 to 53 ms long while
 * the app's modules arrived (the main thread waiting for a core), which Lighthouse counted as up
 * to 180 ms of blocking time at the calibrated slowdown. Parts of 64 KB are parsed in tasks of
 * their own, about 1 ms of CPU each.
 *
 * The parts are the stylesheet's top-level rules in their order, unchanged: linked in that order,
 * they cascade as the whole does. The stylesheet's leading `@charset` starts every part. An
 * at-rule whose place in a sheet matters (`@import`, `@namespace`, `@layer`, a `@charset` that
 * does not lead) would not cascade the same: it is refused.
 */
const ORDER_BOUND = new Set(["import", "charset", "namespace", "layer"]);

export function splitStylesheet(css: string, maxBytes: number): string[] {
  const root = postcss.parse(css);
  const first = root.first;
  const charset = first?.type === "atrule" && first.name === "charset" ? first.toString() : "";
  if (charset) first!.remove();
  const parts: string[][] = [];
  let size = 0;
  for (const node of root.nodes) {
    if (node.type === "atrule" && ORDER_BOUND.has(node.name))
      throw new Error(`@${node.name} cannot be split from the rules around it`);
    const text = node.toString();
    const current = parts.at(-1);
    // Each rule after the first of a part is joined with a line break.
    if (current === undefined || size + 1 + text.length > maxBytes) {
      parts.push([text]);
      size = text.length;
    } else {
      current.push(text);
      size += 1 + text.length;
    }
  }
  return parts.map((texts) => (charset ? `${charset};\n` : "") + texts.join("\n"));
}

/** The served name of a part, from its content (built files are cached as immutable). */
export function partFileName(part: string): string {
  return `style-${createHash("sha256").update(part).digest("base64url").slice(0, 10)}.css`;
}
