import { createHash } from "node:crypto";
import postcss, { type AtRule, type Root, type Rule } from "postcss";
import type { Plugin } from "vite";
import { spriteIcons } from "./icon-sprite";

/**
 * The DSFR's rules that no page can use, removed from the served stylesheet (issue 18 §4, "Ship
 * only the DSFR CSS the pages use"). The DSFR's stylesheet styles every component of the system;
 * this app uses a fifth of its classes, and the browser parses, and matches, the rest on every page.
 *
 * A rule goes whole, selectors unchanged, and only when every one of its selectors requires a
 * `fr-` class that no built file can produce. "Can produce" is read generously, because the
 * classes are not all written out in the code:
 * - any `fr-…` name written in a script or the HTML;
 * - any word of a script, prefixed `fr-`: the DSFR's script builds its names from its prefix at
 *   run time (`ns("collapse--expanded")`, `${prefix}-segmented__legend--inline`), and react-dsfr
 *   builds some from props (`fr-${titleAs}`);
 * - any name starting with a written prefix (`fr-btn--icon-`, `fr-alert--`), or matching a
 *   template with a fixed end (`fr-${type}-group`).
 * A class inside `:not()`, `:is()`, `:where()` or `:has()`, or an attribute selector
 * (`[class*=" fr-icon-"]`), never removes a rule. The custom properties that no kept declaration
 * and no built file reads go too (most of the DSFR's colour tokens).
 */

const FR_NAME = /fr-[\w-]+/g;
const WORD = /[A-Za-z][\w-]*/g;
/** `fr-${…}-group`: the fixed end of a class built from a template literal. */
const TEMPLATE_END = /fr-\$\{[^{}]*\}([\w-]+)/g;
const CUSTOM_PROPERTY = /--[\w-]+/g;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** The `fr-` classes the built files can produce, as names, prefixes and templates. */
export class ProducibleClasses {
  private readonly names = new Set<string>();
  private readonly words = new Set<string>();
  private readonly prefixes: string[] = [];
  private readonly templates: RegExp[] = [];

  constructor(sources: readonly string[]) {
    const prefixes = new Set<string>();
    const add = (name: string) => {
      this.names.add(name);
      if (name.endsWith("-") && name !== "fr-") prefixes.add(name);
    };
    for (const source of sources) {
      for (const [name] of source.matchAll(FR_NAME)) add(name);
      for (const [word] of source.matchAll(WORD)) {
        this.words.add(word);
        add(`fr-${word}`);
      }
      for (const [, end] of source.matchAll(TEMPLATE_END))
        this.templates.push(new RegExp(`^fr-[\\w-]+${end}$`));
    }
    this.prefixes = [...prefixes];
  }

  /**
   * `fr-modal--opened`: the DSFR's script writes its state classes as a block's class, `--`, and
   * a word (`${selector}--${type.id}`).
   */
  private isModifierOfProducible(name: string): boolean {
    for (let at = name.indexOf("--"); at !== -1; at = name.indexOf("--", at + 1)) {
      if (this.names.has(name.slice(0, at)) && this.words.has(name.slice(at + 2))) return true;
    }
    return false;
  }

  has(name: string): boolean {
    return (
      this.names.has(name) ||
      this.isModifierOfProducible(name) ||
      this.prefixes.some((prefix) => name.startsWith(prefix)) ||
      this.templates.some((template) => template.test(name))
    );
  }
}

/** The `fr-` classes a selector requires of one element or another (escapes read). */
export function requiredClasses(selector: string): string[] {
  let stripped = selector.replace(/\[[^\]]*\]/g, "[]");
  // Functional pseudo-classes, innermost first: what they hold is not required.
  for (let previous = ""; previous !== stripped;) {
    previous = stripped;
    stripped = stripped.replace(/:[\w-]+\([^()]*\)/g, "");
  }
  return [...stripped.matchAll(/\.((?:[\w-]|\\.)+)/g)]
    .map(([, name]) => name!.replace(/\\(.)/g, "$1"))
    .filter((name) => name.startsWith("fr-"));
}

function isInKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === "atrule" && /keyframes$/.test((parent as AtRule).name);
}

/** Whether every selector of `rule` needs a class that nothing produces (keyframes never). */
export function isUnusable(rule: Rule, producible: ProducibleClasses): boolean {
  return (
    !isInKeyframes(rule) &&
    rule.selectors.every((selector) =>
      requiredClasses(selector).some((name) => !producible.has(name)),
    )
  );
}

/**
 * Removes the custom properties that no declaration left in `root` reads, directly or through
 * another custom property, and none of `readElsewhere` (style attributes, scripts); then the rules
 * left empty.
 */
export function pruneCustomProperties(root: Root, readElsewhere: Iterable<string>) {
  const read = new Set<string>(readElsewhere);
  const definitions = new Map<string, string[]>();
  root.walkDecls((declaration) => {
    const references = [...declaration.value.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
    if (declaration.prop.startsWith("--")) {
      definitions.set(declaration.prop, [
        ...(definitions.get(declaration.prop) ?? []),
        ...references,
      ]);
    } else for (const name of references) read.add(name);
  });
  const pending = [...read];
  while (pending.length > 0) {
    for (const name of definitions.get(pending.pop()!) ?? []) {
      if (!read.has(name)) {
        read.add(name);
        pending.push(name);
      }
    }
  }
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith("--") && !read.has(declaration.prop)) declaration.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/** Removes the at-rules (media queries, supports blocks) left empty, nested ones first. */
export function removeEmptyAtRules(root: Root) {
  for (let removed = true; removed;) {
    removed = false;
    root.walkAtRules((atRule: AtRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/** The custom property names `VAR_REFERENCE` finds in `text` (style attributes). */
export function varReferences(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
}

export interface UnusedCssResult {
  css: string;
  removedRules: number;
  removedBytes: number;
}

/** `css` without the rules and custom properties that none of `sources` can use. */
export function removeUnusedCss(css: string, sources: readonly string[]): UnusedCssResult {
  const producible = new ProducibleClasses(sources);
  const root = postcss.parse(css);
  let removedRules = 0;
  root.walkRules((rule: Rule) => {
    if (isUnusable(rule, producible)) {
      rule.remove();
      removedRules += 1;
    }
  });
  const readInSources = sources.flatMap((source) =>
    [...source.matchAll(CUSTOM_PROPERTY)].map(([name]) => name),
  );
  pruneCustomProperties(root, readInSources);
  removeEmptyAtRules(root);
  const result = root.toResult().css;
  return { css: result, removedRules, removedBytes: css.length - result.length };
}

/**
 * The Vite plugin: once the bundle is final, each stylesheet loses what no script or HTML file of
 * the bundle can use, the icons left are drawn from one sprite (./icon-sprite.ts), and it takes
 * a name hashed from what is left (the stylesheets are cached for a year under their name), which
 * the HTML and the scripts are pointed at. The new hash has the old one's length, so the
 * scripts' source maps stay right.
 */
export function unusedCssPlugin(): Plugin {
  let assetsDir = "assets";
  return {
    name: "unused-css",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    generateBundle(_options, bundle) {
      const sources = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [output.code]
          : /\.(html|json)$/.test(output.fileName)
            ? [String(output.source)]
            : [],
      );
      const stylesheets = Object.entries(bundle).flatMap(([fileName, output]) =>
        output.type === "asset" && /-[\w-]{8}\.css$/.test(fileName)
          ? [{ fileName, before: String(output.source) }]
          : [],
      );
      const pruned = stylesheets.map(({ fileName, before }) => {
        const { css, removedRules, removedBytes } = removeUnusedCss(before, sources);
        this.info(
          `${fileName}: ${removedRules} unused rules removed, ` +
            `${Math.round(removedBytes / 1024)} of ${Math.round(before.length / 1024)} KB`,
        );
        return css;
      });
      // Then the icons that are left, from one file (scripts/build/icon-sprite.ts).
      const sprited = spriteIcons(pruned, assetsDir);
      if (sprited.sprite) {
        this.emitFile({ type: "asset", ...sprited.sprite });
        this.info(`${sprited.sprite.fileName}: ${sprited.icons} icons`);
      }
      const renamed = new Map<string, string>();
      for (const [index, { fileName }] of stylesheets.entries()) {
        const css = sprited.stylesheets[index] as string;
        const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
        const newName = fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
        delete bundle[fileName];
        this.emitFile({ type: "asset", fileName: newName, source: css });
        renamed.set(fileName, newName);
      }
      const rename = (text: string) => {
        let result = text;
        for (const [from, to] of renamed) result = result.replaceAll(from, to);
        return result;
      };
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") {
          output.code = rename(output.code);
          const importedCss = output.viteMetadata?.importedCss;
          if (importedCss) {
            for (const [from, to] of renamed) {
              if (importedCss.delete(from)) importedCss.add(to);
            }
          }
        } else if (/\.html$/.test(output.fileName)) {
          output.source = rename(String(output.source));
        }
      }
    },
  };
}
