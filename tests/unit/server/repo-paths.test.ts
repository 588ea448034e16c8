import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, repoPath } from "../../../src/server/repo-paths";

describe("repoPath", () => {
  it("finds the repository's root from the server's sources", () => {
    const manifest = JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as { name: string };
    expect(manifest.name).toBe("simulateur-aides-jeunes");
    expect(existsSync(repoPath("scripts", "engine", "serve.py"))).toBe(true);
    expect(repoPath("src")).toBe(`${REPO_ROOT}/src`);
  });
});
