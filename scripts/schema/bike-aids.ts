/**
 * The bike-purchase aids of `@betagouv/aides-velo`, as catalogue entries: one per aid the package
 * lists for France, attached to the institution of its collectivity (found by INSEE code for a
 * region, département or commune, by SIREN for an EPCI). The server computes their amounts with
 * the package itself (`src/server/bikes.ts`).
 */
import { AidesVeloEngine } from "@betagouv/aides-velo";
import type { BikeAid, BikeSettings, Institution, InstitutionType } from "../../src/domain/bundle";
import type { SchemaError } from "./errors";
import type { ValidatedSchema } from "./model";
import { frenchTypography } from "./normalise";

const TYPE_OF_KIND: Readonly<Record<string, InstitutionType>> = {
  région: "region",
  département: "departement",
  epci: "epci",
  "code insee": "commune",
};

/** `aides . montpellier vae occasion` → `velo_montpellier_vae_occasion`. */
export function bikeAidId(rule: string): string {
  const slug = rule
    .replace(/^aides \. /, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  return `velo_${slug}`;
}

let bikeAidEngine: AidesVeloEngine | undefined;

/** The package's engine, read only here: built once per process (a third of a compilation). */
function packageEngine(): AidesVeloEngine {
  bikeAidEngine ??= new AidesVeloEngine();
  return bikeAidEngine;
}

function description(text: string | undefined, label: string): string {
  // The package's descriptions are plain text with Markdown links and line breaks.
  const plain = (text ?? "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s*\n+\s*/g, " ")
    .trim();
  return plain === "" ? `Une aide de ${label} pour l'achat d'un vélo.` : plain;
}

export function compileBikeAids(
  schema: ValidatedSchema,
  institutions: readonly Institution[],
): { bikeAids: BikeAid[]; settings: BikeSettings; errors: SchemaError[] } {
  const config = schema.bikeAids;
  if (!config) return { bikeAids: [], settings: { types: {}, statuses: {} }, errors: [] };
  const { file, value } = config;
  const engine = packageEngine();
  const settings: BikeSettings = { types: value.bikeAids.types, statuses: value.bikeAids.statuses };
  const errors: SchemaError[] = [];
  const enumerations = schema.enumerations.value.enumerations;
  const checkMap = (key: "types" | "statuses", enumeration: string, options: readonly string[]) => {
    const ours = new Set((enumerations[enumeration] ?? []).map((option) => String(option.value)));
    for (const [from, to] of Object.entries(settings[key])) {
      if (!ours.has(from))
        errors.push(
          file.error(
            ["bikeAids", key, from],
            `"${from}" is not a value of enumeration "${enumeration}"`,
          ),
        );
      if (!options.includes(to))
        errors.push(
          file.error(
            ["bikeAids", key, from],
            `"${to}" is not an option of the package (${options.join(", ")})`,
          ),
        );
    }
  };
  checkMap("types", "velo_type", (engine.getOptions("vélo . type") ?? []) as string[]);
  checkMap("statuses", "activite", (engine.getOptions("demandeur . statut") ?? []) as string[]);
  const byCode = new Map<string, Institution>();
  for (const institution of institutions) {
    const code = institution.type === "epci" ? institution.siren : institution.insee;
    if (code) byCode.set(`${institution.type}:${code}`, institution);
  }
  const bikeAids: BikeAid[] = [];
  const seen = new Set<string>();
  for (const aid of engine.getAllAidesIn("france")) {
    const { kind, value: place, code } = aid.collectivity;
    const type = TYPE_OF_KIND[kind];
    const key = `${type}:${kind === "epci" ? code : place}`;
    const institution = byCode.get(key);
    if (!type || !institution) {
      errors.push(
        file.error(
          ["bikeAids"],
          `no institution for the collectivity of "${String(aid.id)}" (${kind} ${code ?? place}): add one with its ${kind === "epci" ? "siren" : "insee"} code to schema/institutions/`,
        ),
      );
      continue;
    }
    const rule = String(aid.id);
    const id = bikeAidId(rule);
    if (seen.has(id)) continue;
    seen.add(id);
    const label = frenchTypography(
      value.bikeAids.label.replace(/\{collectivite\}/g, institution.label),
    );
    bikeAids.push({
      id,
      rule,
      label,
      description: frenchTypography(description(aid.description, institution.label)),
      institution: institution.id,
      unit: "€",
      periodicity: value.bikeAids.periodicity,
      ...(value.bikeAids.legend ? { legend: frenchTypography(value.bikeAids.legend) } : {}),
      interestFlag: value.bikeAids.interestFlag,
      links: aid.url ? { information: aid.url } : {},
    });
  }
  // Several aids of one collectivity would share a label: name each by its rule too.
  const perInstitution = new Map<string, number>();
  for (const aid of bikeAids)
    perInstitution.set(aid.institution, (perInstitution.get(aid.institution) ?? 0) + 1);
  for (const aid of bikeAids) {
    if ((perInstitution.get(aid.institution) ?? 0) > 1) {
      // (the rule's name is the library's: its apostrophes typographic like the rest)
      aid.label = `${aid.label} (${frenchTypography(aid.rule.replace(/^aides \. /, ""))})`;
    }
  }
  return { bikeAids, settings, errors };
}
