/**
 * The selectors of a stylesheet, compared as a browser reads them: a minifier may drop spaces
 * and quotes, write `::before` as `:before` or `even` as `2n`, but must not change what a
 * selector matches.
 */

/** `::before` and `:before` are the same pseudo-element; minifiers write the short form. */
const LEGACY_PSEUDO_ELEMENTS = /::(before|after|first-line|first-letter)\b/g;

/** One selector in a canonical form: spaces and optional quotes removed. */
export function normalizeSelector(selector: string): string {
  return selector
    .replace(/\s+/g, " ")
    .replace(/\s*([>+~,])\s*/g, "$1")
    .replace(/\[\s*([\w-]+)\s*([~|^$*]?=)\s*"([_a-zA-Z-][\w-]*)"\s*\]/g, "[$1$2$3]")
    .replace(LEGACY_PSEUDO_ELEMENTS, ":$1")
    .replace(/\(\s*even\s*\)/g, "(2n)")
    .replace(/\(\s*odd\s*\)/g, "(2n+1)")
    .trim();
}

/** Splits on the commas that separate selectors, not those inside `:not(a, b)` or strings. */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let current = "";
  for (const char of list) {
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[") depth += 1;
    else if (char === ")" || char === "]") depth -= 1;
    else if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/**
 * Every style rule's selectors in a stylesheet, normalized; at-rule preludes (`@media …`) and
 * keyframe steps are left out.
 */
export function selectorsOf(css: string): Set<string> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors = new Set<string>();
  let quote = "";
  let parens = 0;
  let prelude = "";
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = "";
      prelude += char;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    if (char === "(") parens += 1;
    if (char === ")") parens -= 1;
    if (parens === 0 && (char === "{" || char === "}" || char === ";")) {
      const head = prelude.trim();
      if (char === "{" && head && !head.startsWith("@") && !/^(from|to|[\d.]+%)/.test(head))
        for (const selector of splitSelectorList(head)) selectors.add(normalizeSelector(selector));
      prelude = "";
      continue;
    }
    prelude += char;
  }
  return selectors;
}

/** The selectors of `built` that no source stylesheet has, i.e. rewritten by the build. */
export function selectorsNotInSources(built: string, sources: string[]): string[] {
  const known = new Set(sources.flatMap((css) => [...selectorsOf(css)]));
  return [...selectorsOf(built)].filter((selector) => !known.has(selector));
}
