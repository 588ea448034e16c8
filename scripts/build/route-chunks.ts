/**
 * Each route's code in as few files as its sharing with the other routes allows (issue 18 §4,
 * docs/adr/0010, addendum of 2026-12-01, morning).
 *
 * Left to itself, Rollup makes one file of the modules that the same set of lazily loaded
 * modules needs: a step of the questionnaire loaded 23 files beside the app's entry, most under
 * 2 KB. Each is a request, a module compiled on a thread of its own and a task on the main
 * thread while the page starts; on a 2-core host the step page's blocking time was about twice
 * what the same code costs in a few files.
 *
 * So the build runs twice. The first, Rollup's own split, unwritten, says which modules each
 * file holds once unused code is shaken out (which our own reading of the imports cannot tell:
 * importing one function of a package's index reaches the whole package). The second puts
 * together the files that the same routes load: a step's own code in one file, the results' in
 * another, what both load in a third. The entry keeps its modules, so that no route's file is
 * pulled into the home page; the routes' generated data keeps files of its own.
 */
import { resolve } from "node:path";
import type { OutputBundle, OutputChunk, RollupOutput } from "rollup";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { ROUTE_DATA, ROUTE_SHELLS } from "./route-shells";

/** What the plan reads of a file of the first build. */
export type PlannedChunk = Pick<OutputChunk, "fileName" | "moduleIds" | "imports" | "isEntry">;

/** The name of a route's own file: `/simulation/resultats*` → `simulation-resultats-any`. */
export function routeChunkName(pattern: string): string {
  return (
    pattern
      .replace(/\*$/, "-any")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .replace(/-{2,}/g, "-") || "route"
  );
}

function chunkHolding(chunks: readonly PlannedChunk[], id: string): PlannedChunk {
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
  if (!chunk) throw new Error(`${id} is in no file of the build`);
  return chunk;
}

/**
 * The file each module goes to, from the files of Rollup's own split: `index` for the entry's
 * modules; for the modules of a file that some routes load (statically, from their modules), the
 * names of those routes, joined (`results_step` for what a step and the results both load).
 * Files holding the routes' data, and those no route loads, are left as they are.
 */
export function routeChunksPlan(
  chunks: readonly PlannedChunk[],
  routes: Record<string, readonly string[]>,
  data: ReadonlySet<string>,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const kept = (chunk: PlannedChunk) =>
    !chunk.isEntry && !chunk.moduleIds.some((id) => data.has(id));
  const routesOf = new Map<PlannedChunk, string[]>();
  for (const [name, ids] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    const loaded = new Set<PlannedChunk>();
    const stack = ids.filter((id) => !data.has(id)).map((id) => chunkHolding(chunks, id));
    while (stack.length > 0) {
      const chunk = stack.pop() as PlannedChunk;
      if (loaded.has(chunk) || !kept(chunk)) continue;
      loaded.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) stack.push(imported);
      }
    }
    for (const chunk of loaded) routesOf.set(chunk, [...(routesOf.get(chunk) ?? []), name]);
  }
  const plan = new Map<string, string>();
  for (const chunk of chunks.filter((candidate) => candidate.isEntry))
    for (const id of chunk.moduleIds) plan.set(id, "index");
  for (const [chunk, names] of routesOf)
    for (const id of chunk.moduleIds) plan.set(id, names.join("_"));
  return plan;
}

/** Where the plugin writes each route's files, for scripts/prerender.ts (in the build's output). */
export const ROUTE_FILES = ".vite/route-files.json";

/**
 * The files each route loads beside the app's entry: the file of each of its modules, then what
 * that file imports, in that order, each once.
 */
export function routeFiles(
  bundle: OutputBundle,
  routes: Record<string, readonly string[]>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === "chunk",
  );
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return Object.fromEntries(
    Object.entries(routes).map(([route, ids]) => {
      const files: string[] = [];
      const visit = (file: string) => {
        if (entries.has(file) || files.includes(file)) return;
        files.push(file);
        for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
      };
      for (const id of ids) visit(chunkHolding(chunks, id).fileName);
      return [route, files];
    }),
  );
}

/** Set while the first build runs, in which this plugin does nothing. */
const FIRST_BUILD = "ROUTE_CHUNKS_FIRST_BUILD";

/**
 * Whether this build is the first one, which only plans the files: the plugins that rework the
 * written assets (fonts, stylesheets, gzip) have nothing to do in it (vite.config.ts).
 */
export function isRouteChunksPlanningBuild(): boolean {
  return Boolean(process.env[FIRST_BUILD]);
}

/** The files of Rollup's own split of the same build, unwritten. */
async function naturalChunks(config: ResolvedConfig): Promise<PlannedChunk[]> {
  process.env[FIRST_BUILD] = "1";
  try {
    const result = await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: "error",
      build: { write: false, sourcemap: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as RollupOutput[];
    return outputs.flatMap(({ output }) =>
      output.filter((item): item is OutputChunk => item.type === "chunk"),
    );
  } finally {
    delete process.env[FIRST_BUILD];
  }
}

/** The Vite plugin, for the browser's build (the pre-rendering's server build keeps its files). */
export function routeChunksPlugin(): Plugin {
  let config: ResolvedConfig;
  /** The modules of each route, by its pattern, and the routes' data, resolved once. */
  let routes: Record<string, string[]> = {};
  let data = new Set<string>();
  let plan: Map<string, string> | undefined;
  return {
    name: "route-chunks",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
      const moduleIds = (keys: readonly string[]) => keys.map((key) => resolve(config.root, key));
      routes = Object.fromEntries(
        Object.entries(ROUTE_SHELLS).map(([pattern, keys]) => [pattern, moduleIds(keys)]),
      );
      data = new Set(moduleIds(ROUTE_DATA));
    },
    async buildStart() {
      plan = undefined;
      if (isRouteChunksPlanningBuild() || config.build.ssr || !config.build.write) return;
      const named = Object.fromEntries(
        Object.entries(routes).map(([pattern, ids]) => [routeChunkName(pattern), ids]),
      );
      plan = routeChunksPlan(await naturalChunks(config), named, data);
    },
    outputOptions(options) {
      const planned = plan;
      if (!planned) return null;
      return { ...options, onlyExplicitManualChunks: true, manualChunks: (id) => planned.get(id) };
    },
    generateBundle(_options, bundle) {
      if (!plan) return;
      this.emitFile({
        type: "asset",
        fileName: ROUTE_FILES,
        source: JSON.stringify(routeFiles(bundle, routes)),
      });
    },
  };
}
