/**
 * `npm run build`'s last step (issue 18 §4, "Fast pages"): the home page and the static pages
 * pre-rendered to HTML, so that their first paint needs no script and no stylesheet download.
 *
 * 1. Builds src/app/prerender.tsx for Node (the same components as the browser's build) into
 *    dist/ssr, and renders each page of its PRERENDERED_PATHS.
 * 2. Writes each into a copy of the built index.html (dist/app/prerendered/*.html, listed in
 *    pages.json), which the server sends for that path (src/server/spa.ts), with:
 *    - the rules of the stylesheet that the page's markup uses, inlined (its critical CSS): the
 *      DSFR's rules taken whole, selectors unchanged, in their order (from the stylesheet the
 *      build already rid of the rules no page can use: scripts/build/unused-css.ts);
 *    - the whole stylesheet and the app's entry script as `<link data-after-paint>`, which the
 *      inlined src/app/theme/afterPaint.ts turns into a download once the page is painted (the
 *      stylesheet as `media="print"`, which src/app/main.tsx turns on: `data-deferred-style`);
 *    - the script that sets the colour scheme before the first paint (src/app/theme/earlyScheme.ts),
 *      already in the built index.html (vite.config.ts), kept first in the head.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { JSDOM } from "jsdom";
import postcss, { type AtRule, type Rule } from "postcss";
import { build } from "vite";
import { escapeHtml } from "../src/domain/escape-html";
import { AFTER_PAINT_SCRIPT } from "../src/app/theme/afterPaint";
import { EARLY_SCHEME_SCRIPT } from "../src/app/theme/earlyScheme";
import { pruneCustomProperties, removeEmptyAtRules, varReferences } from "./build/unused-css";
import { ROUTE_FILES } from "./build/route-chunks";
import {
  AID_PAGE_ROUTE,
  RESULTS_ROUTE,
  ROUTE_SHELLS,
  SIMULATION_ROUTE,
} from "./build/route-shells";

const repoRoot = resolve(import.meta.dirname, "..");
const appDir = join(repoRoot, "dist/app");
const ssrDir = join(repoRoot, "dist/ssr");
export const PRERENDERED_DIR = "prerendered";
/**
 * Kept for the server (src/server/results-page.ts): the pages it renders at request time and the
 * document it writes them into, where SERVER_RENDERED_ROOT stands for `#root`.
 */
export const SERVER_RENDERED_TEMPLATE = "server-rendered.html";
/** Must match src/server/aid-page.ts (AID_PAGE_TEMPLATE). */
export const SERVER_RENDERED_AID_TEMPLATE = "server-rendered-aide.html";
/** Must match src/server/recap-page.ts (RECAP_PAGE_TEMPLATE). */
export const SERVER_RENDERED_RECAP_TEMPLATE = "server-rendered-recapitulatif.html";
export const SERVER_RENDERED_ROOT = "<!--server-rendered-root-->";
const pagesDir = join(appDir, PRERENDERED_DIR);

/** Pseudo-classes and pseudo-elements that depend on what the visitor does, not on the markup. */
const STATE_PSEUDO =
  /::?(?:before|after|marker|placeholder|selection|first-line|first-letter|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+|hover|focus|focus-visible|focus-within|active|visited|link|target|checked|indeterminate|disabled|enabled|invalid|valid|required|optional|autofill|placeholder-shown|read-only|read-write|empty|open|popover-open|modal|user-invalid|user-valid|default|in-range|out-of-range)(?![\w-])(?:\([^()]*\))?/g;

/** Attributes the browser sets before or after the first paint: rules on them are kept. */
const RUNTIME_ATTRIBUTES = /\[\s*data-fr-(?:theme|scheme)[^\]]*\]/g;

/** The selector as matched against the page's markup, or undefined when it cannot be tested. */
function staticSelector(selector: string): string {
  const stripped = selector.replace(RUNTIME_ATTRIBUTES, "").replace(STATE_PSEUDO, "").trim();
  // `.a :hover` lost its last compound: it matched some descendant of `.a`.
  const completed = /[\s>+~]$/.test(stripped) || stripped === "" ? `${stripped} *` : stripped;
  return completed.replace(/^\s*\*$/, "*");
}

/** The rules of `css` that may apply to `html`, in their order, selectors unchanged. */
export function criticalCss(css: string, html: string): string {
  const { document } = new JSDOM(html).window;
  // A closed dialog (the display settings) is not drawn: its rules come with the stylesheet.
  for (const dialog of document.querySelectorAll("dialog:not([open])")) dialog.remove();
  const applies = (selector: string): boolean => {
    try {
      return document.querySelector(staticSelector(selector)) !== null;
    } catch {
      // A selector jsdom cannot read (e.g. :has() of a recent syntax): kept.
      return true;
    }
  };
  const root = postcss.parse(css);
  root.walkAtRules((atRule: AtRule) => {
    // Printing and animations wait for the whole stylesheet.
    if (atRule.name === "media" && /^print\b/.test(atRule.params.trim())) atRule.remove();
    else if (/keyframes$/.test(atRule.name)) atRule.remove();
  });
  root.walkRules((rule: Rule) => {
    if (!rule.selectors.some(applies)) rule.remove();
  });
  // Style attributes of the markup read some custom properties too.
  pruneCustomProperties(root, varReferences(html));
  removeEmptyAtRules(root);
  return root.toResult().css;
}

/** The shell index.html turned into the page at `path`. */
export function pageDocument(
  shell: string,
  page: {
    path: string;
    html: string;
    title: string | undefined;
    css: string;
    fonts: string[];
    /** The modules its route loads on demand, downloaded with the app's entry. */
    modules?: readonly string[];
    /** A route's shell, which the app renders anew (`data-shell`), not a page it hydrates. */
    shell?: boolean;
    /**
     * The page the server renders at request time (SERVER_RENDERED_ROOT): the whole stylesheet
     * blocks its first paint, which shows the visitor's own cards.
     */
    serverRendered?: boolean;
  },
): string {
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
  if (!stylesheet.test(shell)) throw new Error("index.html links no stylesheet");
  if (!entry.test(shell)) throw new Error("index.html has no entry script");
  // Set by the build (vite.config.ts's earlySchemePlugin), first in the head: kept as it is.
  const earlyScheme = `<script>${EARLY_SCHEME_SCRIPT}</script>`;
  if (!shell.includes(earlyScheme)) throw new Error("index.html does not set the colour scheme");
  if (page.css.includes("</style")) throw new Error("The critical CSS would end its element");
  let document = shell
    .replace(stylesheet, (link: string, href: string) =>
      page.serverRendered
        ? link
        : `<style data-critical-style>${page.css}</style>\n    ` +
          `<link data-after-paint="stylesheet" crossorigin href="${href}" media="print" data-deferred-style>`,
    )
    .replace(
      entry,
      (_, src: string) =>
        `<link data-after-paint="module" crossorigin href="${src}">` +
        (page.modules ?? [])
          .map((file) => `\n    <link data-after-paint="modulepreload" crossorigin href="${file}">`)
          .join(""),
    )
    .replace(
      earlyScheme,
      `${earlyScheme}\n    <script>${AFTER_PAINT_SCRIPT}</script>` +
        page.fonts
          .map(
            (font) =>
              `\n    <link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
          )
          .join(""),
    )
    .replace(
      '<div id="root"></div>',
      page.serverRendered
        ? SERVER_RENDERED_ROOT
        : page.shell
          ? `<div id="root" data-shell="${escapeHtml(page.path)}">${page.html}</div>`
          : `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.html}</div>`,
    );
  if (page.title) {
    document = document.replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(page.title)}</title>`,
    );
  }
  return document;
}

/**
 * A path the shell of `pattern` is rendered at: one of the pages it stands for. `/aides/*` stands
 * for the pages under `/aides/`, so it is rendered at `/aides/_`, not at `/aides/`, which the
 * router reads as `/aides` (whose route declares a loading state of its own).
 */
export function shellPath(pattern: string): string {
  return pattern.replace(/\/\*$/, "/_").replace(/\*$/, "");
}

/** The pattern of the route shell (the longest) that matches `path`, if any. */
export function routeShellOf(path: string): string | undefined {
  const patterns = Object.keys(ROUTE_SHELLS)
    .filter((pattern) =>
      pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
    )
    .sort((a, b) => b.length - a.length);
  return patterns[0];
}

export function pageFileName(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1).replace(/\//g, "__")}.html`;
}

async function main() {
  await build({
    configFile: join(repoRoot, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: "prerender.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      // Nothing of it is served.
      copyPublicDir: false,
    },
    // react-dsfr's modules import their CSS: bundled (and dropped), not left to Node.
    ssr: { noExternal: ["@codegouvfr/react-dsfr"] },
  });
  const entry = pathToFileURL(join(ssrDir, "prerender.js")).href;
  const { renderPage, renderShell, PRERENDERED_PATHS } = (await import(
    entry
  )) as typeof import("../src/app/prerender");

  const shell = readFileSync(join(appDir, "index.html"), "utf8");
  const cssName = /href="\/assets\/([^"]+\.css)"/.exec(shell)?.[1];
  if (!cssName) throw new Error("index.html links no stylesheet");
  const css = readFileSync(join(appDir, "assets", cssName), "utf8");

  // The faces of the first screen (text, headings, buttons), downloaded with the page rather than
  // once laid out: the text is not laid out again, larger, when they arrive.
  const fonts = [...css.matchAll(/\/assets\/Marianne-(?:Regular|Medium|Bold)-[\w-]+\.woff2/g)]
    .map((match) => match[0])
    .filter((font, index, all) => all.indexOf(font) === index);
  if (fonts.length !== 3) throw new Error(`Marianne's faces not found: ${fonts.join(", ")}`);
  // What each route loads beside the entry (scripts/build/route-chunks.ts wrote it).
  const routeFiles = JSON.parse(readFileSync(join(appDir, ROUTE_FILES), "utf8")) as Record<
    string,
    string[]
  >;
  const modulesOf = (route: string) => {
    const files = routeFiles[route];
    if (!files) throw new Error(`${route} is not in ${ROUTE_FILES}`);
    return files.map((file) => `/${file}`);
  };
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });
  const pages: Record<string, string> = {};
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  // The shells first: renderPage then loads every page's module.
  for (const pattern of Object.keys(ROUTE_SHELLS)) {
    const file = `shell${pattern.replace("*", "-any").replace(/[^\w-]+/g, "-")}.html`;
    const html = renderShell(shellPath(pattern));
    const critical = criticalCss(css, shell.replace('<div id="root"></div>', html));
    const modules = modulesOf(pattern);
    const document = pageDocument(shell, {
      path: pattern,
      html,
      title: undefined,
      css: critical,
      fonts,
      modules,
      shell: true,
    });
    writeFileSync(join(pagesDir, file), document);
    writeFileSync(join(pagesDir, `${file}.gz`), gzipSync(document, { level: 9 }));
    pages[pattern] = file;
    console.log(
      `shell ${pattern} → ${PRERENDERED_DIR}/${file}: gzip ${kb(gzipSync(document).length)} ` +
        `(critical CSS ${kb(critical.length)})`,
    );
  }
  for (const path of PRERENDERED_PATHS) {
    const { html, title } = await renderPage(path);
    const critical = criticalCss(css, shell.replace('<div id="root"></div>', html));
    const route = routeShellOf(path);
    const modules = route ? modulesOf(route) : [];
    const document = pageDocument(shell, { path, html, title, css: critical, fonts, modules });
    const file = pageFileName(path);
    writeFileSync(join(pagesDir, file), document);
    writeFileSync(join(pagesDir, `${file}.gz`), gzipSync(document, { level: 9 }));
    pages[path] = file;
    console.log(
      `prerendered ${path} → ${PRERENDERED_DIR}/${file}: ${kb(document.length)}, ` +
        `gzip ${kb(gzipSync(document).length)} (critical CSS ${kb(critical.length)})`,
    );
  }
  // The documents of the pages the server renders (src/server/results-page.ts, recap-page.ts,
  // aid-page.ts), each listing its route's modules.
  for (const [route, template] of [
    [RESULTS_ROUTE, SERVER_RENDERED_TEMPLATE],
    [SIMULATION_ROUTE, SERVER_RENDERED_RECAP_TEMPLATE],
    [AID_PAGE_ROUTE, SERVER_RENDERED_AID_TEMPLATE],
  ] as const) {
    const document = pageDocument(shell, {
      path: route,
      html: "",
      title: undefined,
      css: "",
      fonts,
      modules: modulesOf(route),
      serverRendered: true,
    });
    writeFileSync(join(ssrDir, template), document);
  }
  rmSync(join(appDir, ".vite"), { recursive: true, force: true });
  writeFileSync(join(pagesDir, "pages.json"), `${JSON.stringify(pages, null, 2)}\n`);
  // The SSR build leaves nothing else behind in the served directory.
  if (readdirSync(appDir).includes("prerender.js")) throw new Error("SSR output in dist/app");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
