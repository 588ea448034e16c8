import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { gzipPlugin } from "../../../vite.config";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** Runs the plugin's build hooks on an output folder holding `files`. */
function buildWith(files: Record<string, string>, write?: boolean): string {
  root = mkdtempSync(join(tmpdir(), "gzip-plugin-"));
  const outDir = join(root, "out");
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(outDir, name, ".."), { recursive: true });
    writeFileSync(join(outDir, name), content);
  }
  const plugin = gzipPlugin();
  (plugin.configResolved as (config: unknown) => void)({ root, build: { outDir: "out", write } });
  (plugin.closeBundle as () => void)();
  return outDir;
}

describe("gzip files of the build", () => {
  it("writes a .gz beside each script, style sheet and page, which unzips to the file", () => {
    const script = "export const answer = 42;\n".repeat(100);
    const outDir = buildWith({
      "assets/index-abc.js": script,
      "assets/index-abc.css": ".a{color:red}\n".repeat(100),
      "index.html": `<!doctype html>${"<p>texte</p>".repeat(100)}`,
    });
    const gzipped = readFileSync(join(outDir, "assets/index-abc.js.gz"));
    expect(gunzipSync(gzipped).toString()).toBe(script);
    expect(gzipped.length).toBeLessThan(script.length);
    expect(existsSync(join(outDir, "assets/index-abc.css.gz"))).toBe(true);
    expect(existsSync(join(outDir, "index.html.gz"))).toBe(true);
  });

  it("writes nothing for a build that writes nothing (the first of two, scripts/build/route-chunks.ts)", () => {
    const outDir = buildWith(
      { "assets/index-abc.js": "export const answer = 42;\n".repeat(100) },
      false,
    );
    expect(existsSync(join(outDir, "assets/index-abc.js.gz"))).toBe(false);
  });

  it("leaves small files and already compressed formats alone", () => {
    const outDir = buildWith({
      "assets/tiny.js": "export {};",
      "assets/font.woff2": "x".repeat(4096),
    });
    expect(existsSync(join(outDir, "assets/tiny.js.gz"))).toBe(false);
    expect(existsSync(join(outDir, "assets/font.woff2.gz"))).toBe(false);
  });
});
