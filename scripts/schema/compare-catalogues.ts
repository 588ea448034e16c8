/**
 * Compares two compiled catalogues (`src/generated/catalogue.json`), for a reorganisation of the
 * aid files (ADR 0006): whether they are byte-identical, else whether they hold the same entries
 * (each deep-equal) in another order, and whether the order visitors see can change. Results are
 * sorted by priority then label (`sortDroits`), so only aids of equal label and priority keep the
 * catalogue's order between them: those whose relative order changed are listed with their
 * institutions, to check that no visitor can be eligible to both.
 * Pairs whose institutions act on disjoint territories of one kind (two CAFs, two régions) are
 * only counted: no visitor can be eligible to both.
 * Run: `tsx scripts/schema/compare-catalogues.ts before.json after.json [bundle.json]`.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

interface Entry {
  id: string;
  label: string;
  institution: string;
  priority?: number;
}
type Catalogue = Record<string, unknown> & { aids: Entry[]; bikeAids: Entry[] };

const [beforePath, afterPath, bundlePath = "src/generated/bundle.json"] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error("usage: compare-catalogues <before> <after>");
const beforeText = readFileSync(beforePath, "utf8");
const afterText = readFileSync(afterPath, "utf8");
if (beforeText === afterText) {
  console.log("byte-identical");
  process.exit(0);
}
const before = JSON.parse(beforeText) as Catalogue;
const after = JSON.parse(afterText) as Catalogue;
let same = true;
for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
  if (key === "version" || key === "aids") continue;
  if (!isDeepStrictEqual(before[key], after[key])) {
    console.log(`differs: ${key}`);
    same = false;
  }
}
const byId = (list: Entry[]) => new Map(list.map((aid) => [aid.id, aid]));
const beforeAids = byId(before.aids);
const afterAids = byId(after.aids);
for (const [id, aid] of beforeAids) {
  if (!isDeepStrictEqual(aid, afterAids.get(id))) {
    console.log(`aid differs or is missing: ${id}`);
    same = false;
  }
}
for (const id of afterAids.keys()) if (!beforeAids.has(id)) console.log(`new aid: ${id}`);
same &&= beforeAids.size === afterAids.size;
const moved = before.aids.filter((aid, i) => after.aids[i]?.id !== aid.id).length;
console.log(
  same
    ? `same ${beforeAids.size} aids, each identical; ${moved} at another position; other keys identical but version`
    : "catalogues differ",
);

const collator = new Intl.Collator("fr", { sensitivity: "base" });
const position = (list: Entry[]) => new Map(list.map((aid, i) => [aid.id, i]));
const beforeAt = position(before.aids);
const afterAt = position(after.aids);
const swapped: string[] = [];
for (let i = 0; i < before.aids.length; i++) {
  for (let j = i + 1; j < before.aids.length; j++) {
    const a = before.aids[i]!;
    const b = before.aids[j]!;
    if (a.priority !== b.priority || collator.compare(a.label, b.label) !== 0) continue;
    if (afterAt.get(a.id)! > afterAt.get(b.id)! && beforeAt.get(a.id)! < beforeAt.get(b.id)!)
      swapped.push(`${a.label}: ${a.institution} / ${b.institution}`);
  }
}
const territories = new Map(
  (
    JSON.parse(readFileSync(bundlePath, "utf8")) as {
      institutions: { id: string; territory?: Record<string, string[]> }[];
    }
  ).institutions.map((institution) => [institution.id, institution.territory]),
);
const disjoint = (a: string, b: string) => {
  const [ta, tb] = [territories.get(a), territories.get(b)];
  if (!ta || !tb) return false;
  const [kind, codes] = Object.entries(ta)[0]!;
  const other = tb[kind];
  return other !== undefined && !codes.some((code) => other.includes(code));
};
const toCheck = swapped.filter((pair) => {
  const [a, b] = pair.slice(pair.lastIndexOf(": ") + 2).split(" / ") as [string, string];
  return !disjoint(a, b);
});
console.log(
  `${swapped.length} pair(s) of equal label and priority in another order, ` +
    `${swapped.length - toCheck.length} of institutions on disjoint territories`,
);
for (const line of new Set(toCheck)) console.log(`  to check: ${line}`);
process.exit(same ? 0 : 1);
