import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compileSchema } from "./compile";
import { emitGenerated } from "./emit";
import { loadEngineModel, staleEngineModel } from "./engine-variables";
import { formatSchemaErrorWithHint } from "./errors";
import { emitJsonSchemas } from "./json-schema";
import { compileThemes, emitThemes } from "./themes";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface Options {
  check: boolean;
  schemaDir: string;
  outDir: string;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    check: false,
    schemaDir: resolve(repoRoot, "schema"),
    outDir: resolve(repoRoot, "src/generated"),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return resolve(value);
    };
    if (arg === "--check") options.check = true;
    else if (arg === "--schema") options.schemaDir = next();
    else if (arg === "--out") options.outDir = next();
    else throw new Error(`unknown argument ${arg} (expected --check, --schema <dir>, --out <dir>)`);
  }
  return options;
}

function main(): number {
  const options = parseArgs(process.argv.slice(2));
  const engine = loadEngineModel();
  const compiled = compileSchema(options.schemaDir, { engine });
  const { bundle, catalogue } = compiled;
  const { themes, errors: themeErrors } = compileThemes(options.schemaDir);
  // A list generated for other pins would check the schema against the wrong engine.
  const stale = staleEngineModel(engine);
  const errors = [...(stale ? [stale] : []), ...compiled.errors, ...themeErrors];
  if (!bundle || !catalogue || !themes || stale) {
    for (const error of errors) console.error(formatSchemaErrorWithHint(error));
    console.error(`schema check failed: ${errors.length} error${errors.length === 1 ? "" : "s"}`);
    return 1;
  }
  // Emitting is cheap, so --check emits too: the generated files never lag behind a green check.
  const written = [
    ...emitGenerated(bundle, catalogue, options.outDir),
    ...emitThemes(themes, options.outDir),
  ];
  const steps = Object.values(bundle.blocks).reduce(
    (count, block) => count + block.steps.length,
    0,
  );
  const summary =
    `${steps} steps, ${bundle.benefits.length} engine benefits, ${catalogue.aids.length} aids, ` +
    `${catalogue.bikeAids.length} bike aids (${bundle.publicBenefitCount} public), version ${bundle.version}; ` +
    `${compiled.engineChecked?.variables ?? 0} engine variables and ${compiled.engineChecked?.parameters ?? 0} parameters ` +
    `found in openfisca-france ${engine.packages["openfisca-france"] ?? "?"} (scripts/schema/engine-variables.json)`;
  // Committed for editors: rewritten by a build, only compared by a check.
  const jsonSchemas = emitJsonSchemas(options.schemaDir, options.check);
  if (options.check && jsonSchemas.length > 0) {
    for (const file of jsonSchemas) {
      console.error(`${file}:1: out of date with scripts/schema/format.ts`);
      console.error("  → Lancez npm run schema:build et ajoutez le fichier au commit.");
    }
    console.error(`schema check failed: ${jsonSchemas.length} JSON Schema file(s) out of date`);
    return 1;
  }
  if (options.check) {
    console.log(`schema OK: ${summary}`);
  } else {
    const where = relative(process.cwd(), options.outDir) || ".";
    console.log(`schema built: ${summary} → ${where} (${written.length} file(s) updated)`);
  }
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
