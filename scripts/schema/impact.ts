/**
 * `npm run schema:impact [-- --base <git ref>]`: what else a change of `schema/` touches. Compiles
 * the schema of the base (default HEAD) and of the working tree, compares them (steps, engine
 * benefits, aids), and lists:
 * - the golden situations (`tests/golden/*.yaml`) that now leave an active question unanswered,
 *   or hold an answer the server would now prune (the journey is evaluated without the engine's
 *   parameters: `tests/integration/golden.test.ts` confirms with them);
 * - the golden situations whose expected results may move: they list a changed or retired
 *   benefit, or their commune lies where a new or changed benefit's institution acts;
 * - the e2e journeys (`tests/e2e/*.test.ts` scripts keyed by step path) to check for a new step;
 * and how to update them. Exit code 0 always: it informs, `schema:check` and the tests decide.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { Bundle, Catalogue, Commune, Institution } from "../../src/domain";
import { benefitTerritoryContains } from "../../src/domain/benefit-selection";
import { loadGoldenSituations, questionnaireGaps } from "../../tests/golden/golden";
import { compileSchema } from "./compile";
import { formatSchemaError } from "./errors";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Compiled {
  bundle: Bundle;
  catalogue: Catalogue;
}

function compile(schemaDir: string, what: string): Compiled {
  const { bundle, catalogue, errors } = compileSchema(schemaDir);
  if (!bundle || !catalogue) {
    for (const error of errors) console.error(formatSchemaError(error));
    throw new Error(`the schema of ${what} does not compile: run npm run schema:check first`);
  }
  return { bundle, catalogue };
}

function compileBase(ref: string): Compiled {
  const dir = mkdtempSync(join(tmpdir(), "schema-impact-"));
  try {
    const archive = execFileSync("git", ["archive", ref, "schema"], { cwd: repoRoot });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    return compile(join(dir, "schema"), ref);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Change<T> {
  added: T[];
  changed: T[];
  removed: T[];
}

function diff<T extends { id: string }>(before: readonly T[], after: readonly T[]): Change<T> {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Set(after.map((item) => item.id));
  return {
    added: after.filter((item) => !old.has(item.id)),
    changed: after.filter((item) => old.has(item.id) && !isDeepStrictEqual(old.get(item.id), item)),
    removed: before.filter((item) => !now.has(item.id)),
  };
}

/** What an editor writes of a step (not its position in the journey, which a new step shifts). */
const stepsOf = (bundle: Bundle) =>
  Object.values(bundle.blocks).flatMap((block) =>
    block.steps.map(({ id, path, when, fields }) => ({ id, path, when, fields })),
  );
type Priced = { id: string; institution: string };
const pricedOf = ({ bundle, catalogue }: Compiled): Priced[] => [
  ...bundle.benefits,
  ...catalogue.aids,
  ...catalogue.bikeAids,
];

function main(): void {
  const args = process.argv.slice(2);
  const baseIndex = args.indexOf("--base");
  const base = baseIndex >= 0 ? args[baseIndex + 1] : "HEAD";
  if (!base) throw new Error("--base needs a git ref");
  const before = compileBase(base);
  const after = compile(join(repoRoot, "schema"), "the working tree");

  const steps = diff(stepsOf(before.bundle), stepsOf(after.bundle));
  const priced = diff(pricedOf(before), pricedOf(after));
  const list = (items: { id: string }[]) => items.map((item) => item.id).join(", ") || "none";
  console.log(`Compared with ${base}:`);
  console.log(
    `  steps: added ${list(steps.added)}; changed ${list(steps.changed)}; retired ${list(steps.removed)}`,
  );
  console.log(
    `  benefits and aids: added ${list(priced.added)}; changed ${list(priced.changed)}; retired ${list(priced.removed)}`,
  );
  const global = [
    "derived",
    "enumerations",
    "parameters",
    "profiles",
    "incomeTypes",
    "journey",
  ].filter(
    (key) =>
      !isDeepStrictEqual(before.bundle[key as keyof Bundle], after.bundle[key as keyof Bundle]),
  );
  if (global.length > 0)
    console.log(`  also changed: ${global.join(", ")} (may move any golden situation's results)`);

  const institutions = new Map<string, Institution>(
    after.bundle.institutions.map((institution) => [institution.id, institution]),
  );
  const retiredOrChanged = new Set([...priced.changed, ...priced.removed].map((item) => item.id));
  const reaching = [...priced.added, ...priced.changed];
  const needAnswers: string[] = [];
  const mayMove: string[] = [];
  for (const situation of loadGoldenSituations()) {
    const file = `tests/golden/${situation.name}.yaml`;
    const gapsBefore = questionnaireGaps(before.bundle, situation);
    const gaps = questionnaireGaps(after.bundle, situation);
    const unanswered = gaps.unanswered.filter((path) => !gapsBefore.unanswered.includes(path));
    const pruned = gaps.pruned.filter((key) => !gapsBefore.pruned.includes(key));
    if (unanswered.length > 0)
      needAnswers.push(`${file}: add an answer for ${unanswered.join(", ")}`);
    if (pruned.length > 0)
      needAnswers.push(`${file}: remove ${pruned.join(", ")} (no longer asked)`);
    const expected = {
      ...situation.expected?.droitsEligibles,
      ...situation.expected?.droitsInjectes,
    };
    const listed = Object.keys(expected).filter((id) => retiredOrChanged.has(id));
    const depcom = situation.answers.find((answer) => answer.fieldName === "depcom")?.value;
    const commune = typeof depcom === "object" ? (depcom as Partial<Commune>) : undefined;
    const local = reaching
      .filter((item) => {
        const institution = institutions.get(item.institution);
        return institution !== undefined && benefitTerritoryContains(institution, commune);
      })
      .map((item) => item.id)
      .filter((id) => !listed.includes(id));
    if (listed.length > 0 || local.length > 0 || global.length > 0) {
      const why = [
        ...(listed.length > 0 ? [`expects ${listed.join(", ")}`] : []),
        ...(local.length > 0 ? [`may now get ${local.join(", ")}`] : []),
        ...(global.length > 0 && listed.length + local.length === 0
          ? ["shared content changed"]
          : []),
      ];
      mayMove.push(`${file}: ${why.join("; ")}`);
    }
  }

  console.log("\nGolden situations that need an answer (tests/golden/README.md for the format):");
  console.log(
    needAnswers.length > 0 ? needAnswers.map((line) => `  ${line}`).join("\n") : "  none",
  );
  console.log("\nGolden situations whose expected results may move:");
  console.log(mayMove.length > 0 ? mayMove.map((line) => `  ${line}`).join("\n") : "  none");
  if (mayMove.length > 0 || needAnswers.length > 0) {
    console.log(
      "  → add the answers by hand, then `npm run golden:update` rewrites every `expected:` with the\n" +
        "    real engine (it needs the engine installed: .venv, see README) — review the diff:\n" +
        "    each moved amount must be explained by your change.",
    );
  }

  const newPaths = steps.added.map((step) => step.path);
  console.log("\nEnd-to-end journeys (tests/e2e/*.test.ts, scripts keyed by step path):");
  if (newPaths.length === 0) {
    console.log("  no new step: nothing to add");
  } else {
    const e2eDir = join(repoRoot, "tests/e2e");
    const scripted = readdirSync(e2eDir).filter(
      (name) =>
        name.endsWith(".test.ts") && /script: \{/.test(readFileSync(join(e2eDir, name), "utf8")),
    );
    console.log(
      `  a journey that reaches ${newPaths.join(", ")} needs an entry for it in its script, in\n` +
        `  ${scripted.map((name) => `tests/e2e/${name}`).join(", ")} (a developer runs them: npm run test:e2e)`,
    );
  }
}

main();
