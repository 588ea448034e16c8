import type { OutputBundle, OutputChunk } from "rollup";
import type { UserConfig } from "vite";
import { describe, expect, it } from "vitest";
import {
  isRouteChunksPlanningBuild,
  routeChunkName,
  routeChunksPlan,
  routeFiles,
  type PlannedChunk,
} from "../../../scripts/build/route-chunks";

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  isEntry = false,
): PlannedChunk => ({ fileName, moduleIds, imports, isEntry });

describe("routeChunkName", () => {
  it("names a route's file after its path", () => {
    expect(routeChunkName("/simulation/resultats*")).toBe("simulation-resultats-any");
    expect(routeChunkName("/simulation/*")).toBe("simulation-any");
    expect(routeChunkName("/aides")).toBe("aides");
  });
});

describe("routeChunksPlan", () => {
  // Rollup's own split: small files by the set of lazily loaded modules that need them.
  const natural = [
    chunk("index.js", ["main", "react"], [], true),
    chunk("layout.js", ["layout"], ["index.js", "machine.js", "paths.js"]),
    chunk("step.js", ["step"], ["index.js", "machine.js", "form.js", "paths.js"]),
    chunk("form.js", ["form", "zod"], ["index.js"]),
    chunk("results.js", ["results"], ["index.js", "machine.js", "format.js"]),
    chunk("machine.js", ["machine", "xstate"], ["index.js"]),
    chunk("paths.js", ["paths"], ["index.js"]),
    chunk("format.js", ["format"], []),
    chunk("catalogue.js", ["catalogue"], ["format.js", "data.js"]),
    chunk("data.js", ["data"]),
    chunk("lazy.js", ["lazyOnly"], ["format.js"]),
  ];
  const plan = routeChunksPlan(
    natural,
    {
      step: ["layout", "step"],
      results: ["layout", "results"],
      catalogue: ["catalogue", "data"],
    },
    new Set(["data"]),
  );

  it("keeps the entry's modules in the entry", () => {
    expect(plan.get("main")).toBe("index");
    expect(plan.get("react")).toBe("index");
  });

  it("puts together the files that the same routes load", () => {
    expect(plan.get("step")).toBe("step");
    expect(plan.get("form")).toBe("step");
    expect(plan.get("zod")).toBe("step");
    expect(plan.get("results")).toBe("results");
    for (const id of ["layout", "machine", "xstate", "paths"])
      expect(plan.get(id)).toBe("results_step");
    expect(plan.get("format")).toBe("catalogue_results");
    expect(plan.get("catalogue")).toBe("catalogue");
  });

  it("leaves alone the routes' data and the files no route loads", () => {
    expect(plan.has("data")).toBe(false);
    expect(plan.has("lazyOnly")).toBe(false);
  });

  it("fails on a route module the build does not hold", () => {
    expect(() => routeChunksPlan(natural, { step: ["missing"] }, new Set())).toThrow(/missing/);
  });
});

describe("routeFiles", () => {
  const output = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) =>
    ({ type: "chunk", ...chunk(fileName, moduleIds, imports, isEntry) }) as unknown as OutputChunk;
  const bundle = Object.fromEntries(
    [
      output("assets/index.js", ["main"], [], true),
      output("assets/results_step.js", ["layout", "machine"], ["assets/index.js"]),
      output("assets/step.js", ["step"], ["assets/results_step.js", "assets/index.js"]),
      output("assets/bundle.js", ["bundle"]),
    ].map((file) => [file.fileName, file]),
  ) as OutputBundle;

  it("lists each module's file then what it imports, once each, without the entry", () => {
    expect(routeFiles(bundle, { "/simulation/*": ["layout", "step", "bundle"] })).toEqual({
      "/simulation/*": ["assets/results_step.js", "assets/step.js", "assets/bundle.js"],
    });
  });

  it("fails on a module the build does not hold", () => {
    expect(() => routeFiles(bundle, { "/aides": ["missing"] })).toThrow(/missing/);
  });
});

describe("the build's plugins", () => {
  const pluginNames = async (): Promise<string[]> => {
    const { default: config } = await import("../../../vite.config");
    const resolved = config({ command: "build", mode: "production" }) as UserConfig;
    return (resolved.plugins ?? [])
      .flat()
      .flatMap((plugin) =>
        plugin && typeof plugin === "object" && "name" in plugin ? [plugin.name] : [],
      );
  };

  it("leave the fonts, stylesheets and gzip files to the written build, not the planning one", async () => {
    const reworking = ["font-subset", "unused-css", "gzip-assets"];
    expect(await pluginNames()).toEqual(expect.arrayContaining([...reworking, "route-chunks"]));
    process.env.ROUTE_CHUNKS_FIRST_BUILD = "1";
    try {
      expect(isRouteChunksPlanningBuild()).toBe(true);
      const planning = await pluginNames();
      expect(planning).toContain("route-chunks");
      for (const name of reworking) expect(planning).not.toContain(name);
    } finally {
      delete process.env.ROUTE_CHUNKS_FIRST_BUILD;
    }
    expect(isRouteChunksPlanningBuild()).toBe(false);
  });
});
