/**
 * `npm run check:links`: checks every official link of the catalogue and prints the broken ones
 * by institution; exits with 1 when a link is broken. Needs network access (a scheduled job, not
 * the tests). Options: --concurrency <n> (default 8), --timeout <ms> (default 15000),
 * --bundle <bundle.json> --catalogue <catalogue.json> (default: compiled from schema/).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Bundle, Catalogue } from "../src/domain/bundle";
import { checkLinks, collectLinks, renderReport } from "./links/check";
import { compileSchema } from "./schema/compile";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Content = Pick<Bundle, "benefits" | "institutions"> & Pick<Catalogue, "aids" | "bikeAids">;

function load(bundlePath?: string, cataloguePath?: string): Content {
  if (bundlePath && cataloguePath) {
    const bundle = JSON.parse(readFileSync(bundlePath, "utf8")) as Bundle;
    const catalogue = JSON.parse(readFileSync(cataloguePath, "utf8")) as Catalogue;
    return { ...bundle, aids: catalogue.aids, bikeAids: catalogue.bikeAids ?? [] };
  }
  const { bundle, catalogue, errors } = compileSchema(resolve(repoRoot, "schema"));
  if (!bundle || !catalogue)
    throw new Error(
      `the schema does not compile (${errors.length} errors): run npm run schema:check`,
    );
  return { ...bundle, aids: catalogue.aids, bikeAids: catalogue.bikeAids };
}

export async function main(argv: readonly string[]): Promise<number> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const content = load(option("--bundle"), option("--catalogue"));
  const links = collectLinks([...content.benefits, ...content.aids, ...content.bikeAids]);
  const results = await checkLinks(links, {
    concurrency: Number(option("--concurrency") ?? 8),
    timeoutMs: Number(option("--timeout") ?? 15_000),
  });
  console.log(renderReport(links, results, content.institutions));
  return [...results.values()].some((result) => !result.ok) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 2;
    },
  );
}
