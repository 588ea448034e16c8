import { defineConfig } from "vitest/config";

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
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/setup/shared-engine.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
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
