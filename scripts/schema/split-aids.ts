/**
 * One-off migration (ADR 0006): moves the condition-based aids of `schema/benefits/aides-*.yaml`
 * into one file per institution, `schema/aids/<institutions file>/<institution id>.yaml`, keeping
 * each aid's text (comments included) as written, in its order. Run: `tsx scripts/schema/split-aids.ts`.
 * It refuses to overwrite a file; the compiled catalogue is compared before and after by hand
 * (see the commit that ran it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const schemaDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../schema");

/** Institution id → [its institutions file without extension, its label]. */
function institutions(): Map<string, [string, string]> {
  const index = new Map<string, [string, string]>();
  const dir = join(schemaDir, "institutions");
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".yaml"))) {
    const data = parse(readFileSync(join(dir, name), "utf8")) as {
      institutions: { id: string; label: string }[];
    };
    for (const { id, label } of data.institutions)
      index.set(id, [name.replace(/\.yaml$/, ""), label]);
  }
  return index;
}

/** The items of the top-level `aids:` list, each with the comment lines just above it. */
function chunks(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf("aids:");
  if (start < 0) throw new Error("no top-level aids: key");
  const items: string[][] = [];
  let pending: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}- /.test(line)) {
      items.push([...pending, line]);
      pending = [];
    } else if (/^ {2}#/.test(line) || line.trim() === "") {
      pending.push(line);
    } else if (/^ {4}/.test(line) && items.length > 0) {
      items[items.length - 1]!.push(...pending, line);
      pending = [];
    } else {
      throw new Error(`unexpected line: ${line}`);
    }
  }
  return items.map((item) => {
    while (item[0]?.trim() === "") item.shift();
    while (item[item.length - 1]?.trim() === "") item.pop();
    return item.join("\n");
  });
}

function main(): void {
  const index = institutions();
  const benefitsDir = join(schemaDir, "benefits");
  const sources = readdirSync(benefitsDir)
    .filter((name) => /^aides-.*\.yaml$/.test(name))
    .sort();
  const targets = new Map<string, { label: string; items: string[] }>();
  for (const name of sources) {
    for (const item of chunks(readFileSync(join(benefitsDir, name), "utf8"))) {
      const [aid] = parse(`aids:\n${item}\n`).aids as { institution: string }[];
      const found = aid && index.get(aid.institution);
      if (!found) throw new Error(`${name}: no institution for ${item.slice(0, 80)}`);
      const path = join("aids", found[0], `${aid.institution}.yaml`);
      const target = targets.get(path) ?? { label: found[1], items: [] };
      target.items.push(item);
      targets.set(path, target);
    }
  }
  for (const [path, { label, items }] of targets) {
    const absolute = join(schemaDir, path);
    if (existsSync(absolute)) throw new Error(`${path} exists already`);
    mkdirSync(dirname(absolute), { recursive: true });
    const header = [
      `# Condition-based aids of ${label}: one file per institution, named by its id, in the`,
      "# directory named like its institutions file (docs/editing.md, docs/adr/0006-aid-files.md).",
      "# Descriptions are ours.",
    ];
    writeFileSync(absolute, `${header.join("\n")}\naids:\n${items.join("\n")}\n`);
  }
  for (const name of sources) rmSync(join(benefitsDir, name));
  console.log(`${sources.length} files → ${targets.size} files under schema/aids/`);
}

main();
