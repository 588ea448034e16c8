import { readdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * The integration files that measure the server's own latency or hold it to a short timeout
 * (health under a storm against its idle latency, a 200 ms queue or 300 ms request timeout, a
 * 300 ms directory timeout, a communes lookup under 200 ms): they run one at a time, once the
 * others are done, so that another test file's work on the second core is not what they measure.
 * With a file beside them, the health check's p95 went over its bound on 2026-11-30.
 */
const INTEGRATION_FILES_TIMED = [
  "tests/integration/health-under-load.test.ts",
  "tests/integration/hardening-compute.test.ts",
  "tests/integration/places.test.ts",
  "tests/integration/api.test.ts",
];

/** The test files under `dir`, as paths from the root. */
function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `${dir}/${file}`);
}

/** What both integration projects share: one real engine for all their files. */
const integration = {
  environment: "node" as const,
  globalSetup: ["tests/integration/setup/shared-engine.ts"],
  testTimeout: 120_000,
  hookTimeout: 240_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // The generator's tests compile the whole schema (a second or two alone, several
          // seconds on a loaded 2-core machine): 5 s timed out under load.
          testTimeout: 30_000,
          // A generator file removes its copies of schema/ (up to about 35, of 206 files each) in
          // afterAll: that took over the default 10 s once on a loaded machine (2026-11-28).
          hookTimeout: 60_000,
          // Vitest's default leaves one core to its main process: one worker on a 2-core machine.
          // The unit files are independent and mostly CPU-bound; two workers took the step from
          // about 4 min to 2 min on CI's 2 cores (2026-11-26).
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...integration,
          name: "integration",
          // Listed rather than excluded: a project's own `exclude` would drop the command line's.
          include: testFilesUnder("tests/integration").filter(
            (file) => !INTEGRATION_FILES_TIMED.includes(file),
          ),
          // Two files at a time on CI's two cores: the SQLite step went from 393 s to 246 s on
          // 2026-11-30. The files that time the server run alone, after them (below).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: "integration-timed",
          include: [...INTEGRATION_FILES_TIMED],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // One engine for every file (booting one takes tens of seconds).
          globalSetup: ["tests/integration/setup/shared-engine.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Each file starts its own server, database and browser: two files at a time on CI's
          // two cores took the step from 315 s to 218–226 s on 2026-11-26 (every file green).
          maxWorkers: 2,
          // expect.poll waits 1 s by default: too short for a page's lazy code (the DSFR's
          // script, a page module) on a loaded 2-core CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
