/**
 * `npm run check:rules`: the properties over generated situations (issue 16 §2,
 * tests/integration/properties.test.ts) on many more households than `npm test` runs, through the
 * real engine (started by the integration project's setup).
 *
 *   npm run check:rules -- --runs 5000 --seed 42
 *
 * `--runs` households (default 2,000, by groups of 20), `--seed` to replay a run (default random,
 * printed). A failing property prints its seed, the failing group and the minimal answers.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "2000" },
    seed: { type: "string" },
    "shrink-seconds": { type: "string", default: "300" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
if (!/^\d+$/.test(seed)) throw new Error(`--seed must be a whole number`);
console.log(`check:rules: ${runs} households, seed ${seed}`);

const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", "integration", "tests/integration/properties.test.ts"],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      PROPERTIES_RUNS: String(runs),
      PROPERTIES_SEED: seed,
      PROPERTIES_SHRINK_MS: String(Number(values["shrink-seconds"]) * 1000),
      PROPERTIES_PROGRESS: "1",
      // Thousands of households take longer than the integration tests' 2 minutes.
      PROPERTIES_TIMEOUT_MS: String(Math.max(900_000, runs * 5_000)),
    },
  },
);
process.exit(result.status ?? 1);
