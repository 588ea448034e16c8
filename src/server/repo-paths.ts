import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "simulateur-aides-jeunes";

/**
 * The repository's root: the nearest folder above this module holding our package.json. Found by
 * walking up rather than by a fixed `../..`, so that the same code works from `src/server/…`
 * (tsx, tests) and from the compiled `dist/server/main.js` (`npm start`).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === PACKAGE_NAME) return dir;
    }
    if (dirname(dir) === dir) throw new Error(`package.json of ${PACKAGE_NAME} not found`);
  }
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, from its root (`scripts/engine/serve.py`). */
export function repoPath(...segments: string[]): string {
  return join(REPO_ROOT, ...segments);
}
