import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { onFirstUse } from "../../../src/domain/on-first-use";

describe("onFirstUse", () => {
  it("builds nothing until read, then builds once whatever the reads", () => {
    let builds = 0;
    const value = onFirstUse(() => ({ build: ++builds }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it("keeps a value that is undefined instead of building it again", () => {
    let builds = 0;
    const value = onFirstUse(() => {
      builds += 1;
      return undefined;
    });
    value();
    value();
    expect(builds).toBe(1);
  });
});

const repoRoot = resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Issue 18, "Fast pages": an Intl formatter built as its module loads costs every page that loads
// the module its locale data, whether or not it formats anything (37 ms of the step page's start).
describe("the browser's modules", () => {
  it("build no Intl formatter or collator when they load", () => {
    const atLoad = ["src/app", "src/domain"]
      .flatMap((dir) => sources(join(repoRoot, dir)))
      .filter((path) => /^(?:export )?const \w+ = new Intl\./m.test(readFileSync(path, "utf8")))
      .map((path) => relative(repoRoot, path));
    expect(atLoad).toEqual([]);
  });
});
