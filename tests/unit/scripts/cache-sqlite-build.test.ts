/**
 * scripts/deps/cache-sqlite-build.cjs leaves the compiled SQLite binary where better-sqlite3's
 * installer (prebuild-install) looks before downloading: checked by running prebuild-install
 * itself, offline, in a copy of the package, against a private npm cache.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const require = createRequire(import.meta.url);
const moduleDir = dirname(require.resolve("better-sqlite3/package.json"));
const prebuildInstall = require.resolve("prebuild-install/bin.js", { paths: [moduleDir] });
const binary = "build/Release/better_sqlite3.node";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("cache-sqlite-build.cjs", () => {
  it("caches the compiled binary under the name prebuild-install looks for, and it unpacks it", () => {
    dir = mkdtempSync(join(tmpdir(), "prebuilds-"));
    const env = {
      ...process.env,
      npm_config_cache: join(dir, "npm-cache"),
      // No network: found in the cache, or failing.
      npm_config_proxy: "http://127.0.0.1:9",
      npm_config_https_proxy: "http://127.0.0.1:9",
    };
    const said = execFileSync("node", [join(repoRoot, "scripts/deps/cache-sqlite-build.cjs")], {
      env,
      encoding: "utf8",
    });
    expect(said).toContain(join(dir, "npm-cache", "_prebuilds"));

    const copy = join(dir, "better-sqlite3");
    execFileSync("mkdir", ["-p", copy]);
    copyFileSync(join(moduleDir, "package.json"), join(copy, "package.json"));
    // Exits with an error when the archive is not in the cache (the download cannot succeed).
    execFileSync("node", [prebuildInstall], { cwd: copy, env, stdio: "pipe" });
    // Buffer.equals: toEqual compares a 2 MB binary byte by byte through its deep equality, 20 s
    // on a loaded 2-core machine, over the test's timeout.
    expect(readFileSync(join(copy, binary)).equals(readFileSync(join(moduleDir, binary)))).toBe(
      true,
    );
  });
});
