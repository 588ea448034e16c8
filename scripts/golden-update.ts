/**
 * `npm run golden:update`: recomputes every golden situation (tests/golden/*.yaml) through the
 * real app and the real engine, rewrites only each file's `expected` block (comments, key order
 * and the rest of the file kept), and prints per file the amounts that moved (old → new).
 *
 * Options: file names or name fragments to update only some situations
 * (`npm run golden:update -- paris lyon`); `ENGINE_URL` reuses a running engine instead of
 * starting one (ENGINE_WORKERS, default the number of cores).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";
import { isMap, isScalar, parseDocument, YAMLMap, type Document } from "yaml";
import { buildSimulatorApp, loadBundle } from "../src/server/compose";
import { createEngineSupervisor } from "../src/server/engine";
import { migrateToLatest, openSqliteDatabase } from "../src/server/storage";
import {
  goldenFiles,
  parseGolden,
  questionnaireGaps,
  resultsThroughApi,
  simulationPayload,
  type DroitsMap,
  type Expected,
} from "../tests/golden/golden";
import { freePort, quietLogger } from "../tests/integration/helpers/engine";

const EXPECTED_KEYS = ["droitsEligibles", "droitsInjectes"] as const;

function formatAmount(value: number | boolean | undefined): string {
  if (value === undefined) return "absent";
  return typeof value === "number" ? `${value}` : String(value);
}

/** The moves between two maps, one line each: `rsa 568.94 → 646.52`, `+ ppa 12.3`, `- cf 90`. */
export function describeMoves(label: string, before: DroitsMap, after: DroitsMap): string[] {
  const lines: string[] = [];
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[id];
    const now = after[id];
    if (old === now) continue;
    if (old === undefined) lines.push(`  + ${label}.${id} ${formatAmount(now)}`);
    else if (now === undefined) lines.push(`  - ${label}.${id} ${formatAmount(old)}`);
    else lines.push(`    ${label}.${id} ${formatAmount(old)} → ${formatAmount(now)}`);
  }
  return lines;
}

/**
 * Writes `values` into the YAML map `map`: changed amounts replaced in place (comments on their
 * lines kept), vanished benefits removed, new ones appended in the API's order.
 */
function updateMap(doc: Document, map: YAMLMap, values: DroitsMap): void {
  for (const pair of [...map.items]) {
    const id = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (!(id in values)) {
      map.delete(pair.key);
      continue;
    }
    const value = values[id];
    if (isScalar(pair.value)) pair.value.value = value;
    else pair.value = doc.createNode(value);
  }
  for (const [id, value] of Object.entries(values)) {
    if (!map.has(id)) map.set(id, value);
  }
  map.flow = map.items.length === 0;
}

/** The file's text with its `expected` block set to `expected`. */
export function withExpected(text: string, expected: Expected): string {
  const doc = parseDocument(text);
  let expectedMap: unknown = doc.get("expected", true);
  if (!isMap(expectedMap)) {
    expectedMap = new YAMLMap();
    doc.set("expected", expectedMap);
  }
  for (const key of EXPECTED_KEYS) {
    const parent = expectedMap as YAMLMap;
    let map: unknown = parent.get(key, true);
    if (!isMap(map)) {
      map = new YAMLMap();
      parent.set(key, map);
    }
    updateMap(doc, map as YAMLMap, expected[key]);
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = goldenFiles().filter(
    (file) => filters.length === 0 || filters.some((f) => basename(file).includes(f)),
  );
  if (files.length === 0) throw new Error(`no golden file matches ${filters.join(", ")}`);

  const externalUrl = process.env.ENGINE_URL?.trim() || undefined;
  const engine = createEngineSupervisor({
    ...(externalUrl ? { externalUrl } : { port: await freePort() }),
    workers: Number(process.env.ENGINE_WORKERS) || availableParallelism(),
    logger: quietLogger(),
  });
  const dir = mkdtempSync(join(tmpdir(), "golden-update-"));
  const database = openSqliteDatabase(join(dir, "golden.sqlite"));
  const bundle = loadBundle();
  let moved = 0;
  let failed = 0;
  try {
    console.log(externalUrl ? `engine at ${externalUrl}` : "starting the engine…");
    await engine.start();
    await engine.waitUntilReady(300_000);
    await migrateToLatest(database.db);
    const app = buildSimulatorApp({ bundle, db: database.db, engine, logger: false });
    const prettierOptions = { ...(await resolveConfig(files[0]!)), parser: "yaml" };
    for (const file of files) {
      const name = basename(file);
      const text = readFileSync(file, "utf8");
      const situation = parseGolden(text, file);
      const parameters = (
        await app.inject({ url: `/api/openfisca/parameters/${situation.dateDeValeur}` })
      ).json<{ parameters: Record<string, number> }>().parameters;
      const gaps = questionnaireGaps(bundle, situation, parameters);
      if (gaps.unanswered.length > 0 || gaps.pruned.length > 0)
        console.warn(`${name}: not a complete questionnaire ${JSON.stringify(gaps)}`);
      let actual: Expected;
      try {
        actual = await resultsThroughApi(app, simulationPayload(situation));
      } catch (error) {
        failed++;
        console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const before = situation.expected ?? { droitsEligibles: {}, droitsInjectes: {} };
      const lines = EXPECTED_KEYS.flatMap((key) => describeMoves(key, before[key], actual[key]));
      const updated = await format(withExpected(text, actual), prettierOptions);
      if (updated !== text) writeFileSync(file, updated);
      if (lines.length > 0) {
        moved++;
        console.log(`${name}${situation.expected ? "" : " (new)"}\n${lines.join("\n")}`);
      } else {
        console.log(`${name}: unchanged`);
      }
    }
    await app.close();
  } finally {
    await database.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${files.length} situations, ${moved} with moved amounts, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

// Run when executed (`tsx scripts/golden-update.ts`), not when imported for its helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
