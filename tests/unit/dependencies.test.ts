/**
 * Runtime dependencies are those the application's sources use (issue 15, finding 11: smtp-server,
 * a test-only SMTP server, was installed in production). package.json and package-lock.json agree.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
interface LockEntry extends Partial<Manifest> {
  dev?: boolean;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Package names the sources import, require or resolve (`import type` included). */
function packagesUsedBySources(): Set<string> {
  const used = new Set<string>();
  const specifier =
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\w*\s*\(\s*|\)\s*\(\s*|\.resolve\(\s*)["']([^"'./\s][^"'\s]*)["']/g;
  for (const file of sourceFiles(join(root, "src"))) {
    for (const match of readFileSync(file, "utf8").matchAll(specifier)) {
      const parts = match[1]!.split("/");
      used.add(parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
  }
  return used;
}

describe("dependencies", () => {
  it("lists as runtime dependencies only packages the application's sources use", () => {
    const used = packagesUsedBySources();
    const unused = Object.keys(manifest.dependencies).filter((name) => !used.has(name));
    expect(
      unused,
      "runtime dependencies no file of src/ uses: move them to devDependencies",
    ).toEqual([]);
  });

  it("keeps smtp-server (tests only) out of the runtime dependencies", () => {
    expect(manifest.dependencies).not.toHaveProperty("smtp-server");
    expect(manifest.devDependencies).toHaveProperty("smtp-server");
    expect(lock.packages["node_modules/smtp-server"]?.dev).toBe(true);
  });

  it("has a lockfile that agrees with package.json", () => {
    const rootEntry = lock.packages[""]!;
    expect(rootEntry.dependencies).toEqual(manifest.dependencies);
    expect(rootEntry.devDependencies).toEqual(manifest.devDependencies);
  });

  it("marks dev in the lockfile every package no runtime package needs", () => {
    // Names some runtime (non-dev) package of the lockfile depends on (peers included).
    const neededAtRuntime = new Set<string>();
    for (const entry of Object.values(lock.packages)) {
      if (entry.dev) continue;
      for (const needs of [
        entry.dependencies,
        entry.peerDependencies,
        entry.optionalDependencies,
      ]) {
        for (const name of Object.keys(needs ?? {})) neededAtRuntime.add(name);
      }
    }
    const misflagged = Object.keys(manifest.devDependencies).filter(
      (name) => !neededAtRuntime.has(name) && lock.packages[`node_modules/${name}`]?.dev !== true,
    );
    expect(misflagged).toEqual([]);
  });
});
