import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { fontSubsetPlugin } from "./scripts/build/font-subset";
import { isRouteChunksPlanningBuild, routeChunksPlugin } from "./scripts/build/route-chunks";
import { unusedCssPlugin } from "./scripts/build/unused-css";
import { EARLY_SCHEME_SCRIPT } from "./src/app/theme/earlyScheme";

const GENERATED_BUNDLE = fileURLToPath(new URL("./src/generated/bundle.json", import.meta.url));

/** The number of public aids as the pages show it ("1 038"), from the generated bundle. */
export function aidsCountText(bundlePath = GENERATED_BUNDLE): string {
  const { publicBenefitCount } = JSON.parse(readFileSync(bundlePath, "utf8")) as {
    publicBenefitCount: number;
  };
  return publicBenefitCount.toLocaleString("fr-FR");
}

/** Replaces `%AIDS_COUNT%` in index.html (the meta description) with the count of public aids. */
export function aidsCountPlugin(bundlePath = GENERATED_BUNDLE): Plugin {
  return {
    name: "aids-count",
    transformIndexHtml: (html) => html.replaceAll("%AIDS_COUNT%", aidsCountText(bundlePath)),
  };
}

/**
 * Every page sets its colour scheme before its first paint (src/app/theme/earlyScheme.ts), those
 * the browser renders itself included (embedded, or without a pre-rendering): without it, a dark
 * theme visitor's loading message is drawn light until the app starts. The server's CSP allows the
 * script by its hash; scripts/prerender.ts writes its pages from this head.
 */
export function earlySchemePlugin(): Plugin {
  return {
    name: "early-scheme",
    transformIndexHtml: () => [
      { tag: "script", children: EARLY_SCHEME_SCRIPT, injectTo: "head-prepend" },
    ],
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a `.gz` beside every compressible built file, which the server sends to browsers that
 * accept gzip (@fastify/static `preCompressed`): compressed once at build time at the highest
 * level rather than on every request. Gzip only, so that transfer sizes are the gzip sizes the
 * byte budgets (lighthouserc.cjs) are stated in.
 */
export function gzipPlugin(): Plugin {
  let outDir = "";
  let write = true;
  return {
    name: "gzip-assets",
    apply: "build",
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write !== false;
    },
    closeBundle: () => {
      if (!write) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const path of walk(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's package exports only its development build (remix-run/react-router#14102): its
 * development warnings and checks ran in the visitor's browser. A build takes the production one,
 * which the package ships beside it.
 */
const reactRouterProduction = [
  { find: /^react-router$/, file: "index.mjs" },
  { find: /^react-router\/dom$/, file: "dom-export.mjs" },
].map(({ find, file }) => ({
  find,
  replacement: fileURLToPath(
    new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
  ),
}));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    aidsCountPlugin(),
    earlySchemePlugin(),
    routeChunksPlugin(),
    // The first of the two builds only plans the scripts' files (scripts/build/route-chunks.ts).
    ...(isRouteChunksPlanningBuild() ? [] : [fontSubsetPlugin(), unusedCssPlugin(), gzipPlugin()]),
  ],
  resolve: {
    alias: [
      ...(command === "build" ? reactRouterProduction : []),
      // react-dsfr's hex colour tables, only read here for the theme-color meta: that part alone.
      {
        find: /^\.\/generatedFromCss\/getColor(Options|Decisions)Hex$/,
        replacement: fileURLToPath(new URL("./src/app/dsfr/themeColorTables.ts", import.meta.url)),
      },
      // react-dsfr's start imports the DSFR's script at once; ours waits for an interaction.
      {
        find: /^\.\/dsfr\/dsfr\.module$/,
        replacement: fileURLToPath(new URL("./src/app/dsfr/dsfrOnInteraction.ts", import.meta.url)),
      },
    ],
  },
  root: "src/app",
  publicDir: "../../public",
  build: {
    outDir: "../../dist/app",
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
}));
