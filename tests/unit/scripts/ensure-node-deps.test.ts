/**
 * scripts/ensure-node-deps.sh leaves package.json and package-lock.json as they were: it runs
 * npm in a copy of the repository's manifest and lockfile with a stand-in `npm` on the PATH that,
 * like npm (`save` config: "will also prevent writing to package-lock.json if set to false"),
 * rewrites the lockfile unless told `--no-save`.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const FAKE_NPM = `#!/usr/bin/env bash
echo "$*" >> npm-calls.log
mkdir -p node_modules
case " $* " in
  *" --no-save "*) ;;
  *) echo '{"rewritten": true}' > package-lock.json ;;
esac
`;

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("ensure-node-deps.sh", () => {
  it("installs without modifying package-lock.json, then skips while nothing changed", () => {
    dir = mkdtempSync(join(tmpdir(), "deps-"));
    mkdirSync(join(dir, "scripts"));
    mkdirSync(join(dir, "bin"));
    copyFileSync(
      join(repoRoot, "scripts/ensure-node-deps.sh"),
      join(dir, "scripts/ensure-node-deps.sh"),
    );
    copyFileSync(join(repoRoot, "package.json"), join(dir, "package.json"));
    copyFileSync(join(repoRoot, "package-lock.json"), join(dir, "package-lock.json"));
    writeFileSync(join(dir, "bin/npm"), FAKE_NPM);
    chmodSync(join(dir, "bin/npm"), 0o755);
    const run = () =>
      execFileSync("bash", [join(dir, "scripts/ensure-node-deps.sh")], {
        env: { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` },
        stdio: "pipe",
      });

    run();
    expect(readFileSync(join(dir, "package-lock.json"))).toEqual(
      readFileSync(join(repoRoot, "package-lock.json")),
    );
    expect(readFileSync(join(dir, "package.json"))).toEqual(
      readFileSync(join(repoRoot, "package.json")),
    );
    run();
    expect(readFileSync(join(dir, "npm-calls.log"), "utf8").trim().split("\n")).toHaveLength(1);
  });
});
