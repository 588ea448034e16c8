import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import type { Bundle, StepDefinition } from "../../../src/domain/bundle";
import { compileSchema } from "../../../scripts/schema/compile";
import { formatSchemaError } from "../../../scripts/schema/errors";
import { breakSchema, REAL_SCHEMA, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

function compileReal(): Bundle {
  const { bundle, errors } = compileSchema(REAL_SCHEMA);
  expect(errors.map(formatSchemaError)).toEqual([]);
  if (!bundle) throw new Error("no bundle");
  return bundle;
}

function step(bundle: Bundle, block: string, id: string): StepDefinition {
  const found = bundle.blocks[block]?.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
}

const bundle = compileReal();

describe("the real schema", () => {
  it("compiles with zero errors", () => {
    expect(bundle.chapters.length).toBeGreaterThan(0);
    expect(bundle.benefits.length).toBeGreaterThan(0);
    expect(bundle.journey.length).toBeGreaterThan(0);
    expect(bundle.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("has every block file and every step, in file order", () => {
    const text = readFileSync(join(REAL_SCHEMA, "blocks/logement.yaml"), "utf8");
    const ids = (parse(text) as { steps: { id: string }[] }).steps.map((s) => s.id);
    expect(bundle.blocks.logement?.steps.map((s) => s.id)).toEqual(ids);
    expect(Object.keys(bundle.blocks).sort()).toEqual(
      [
        "enfants",
        "famille",
        "individu",
        "logement",
        "parents",
        "projets",
        "ressources",
        "ressources_parentales",
      ].sort(),
    );
  });

  it("records where each step was declared", () => {
    const text = readFileSync(join(REAL_SCHEMA, "blocks/logement.yaml"), "utf8");
    const line = text.split("\n").indexOf("  - id: menage.coloc") + 1;
    expect(step(bundle, "logement", "menage.coloc").source).toBe(
      `schema/blocks/logement.yaml:${line}`,
    );
    for (const block of Object.values(bundle.blocks)) {
      for (const s of block.steps) expect(s.source).toMatch(/^schema\/blocks\/\w+\.yaml:\d+$/);
    }
  });
});

describe("conversion", () => {
  it("converts subjects", () => {
    expect(step(bundle, "logement", "menage.coloc").subject).toEqual({ entity: "menage" });
    expect(step(bundle, "logement", "famille.parisien").subject).toEqual({ entity: "famille" });
    expect(step(bundle, "logement", "individu.habite_chez_parents").subject).toEqual({
      entity: "individu",
      id: "demandeur",
    });
    expect(step(bundle, "individu", "individu.date_naissance").subject).toEqual({
      entity: "individu",
      id: "self",
    });
  });

  it("defaults paths from the first field and keeps explicit ones", () => {
    expect(step(bundle, "individu", "individu.date_naissance").path).toBe(
      "individu/{id}/date_naissance",
    );
    expect(step(bundle, "individu", "individu.scolarite_enfant").path).toBe(
      "individu/{id}/scolarite",
    );
    expect(step(bundle, "logement", "menage.coloc").path).toBe("menage/coloc");
    expect(step(bundle, "logement", "individu.habite_chez_parents").path).toBe(
      "individu/{id}/habite_chez_parents",
    );
    expect(step(bundle, "ressources", "ressources.montants").path).toBe(
      "individu/{id}/ressources/montants/{category}",
    );
  });

  it("copies an enumeration's options into a choice field without options", () => {
    const field = step(bundle, "logement", "menage._logementType").fields[0];
    expect(field?.enum).toBe("logement_type");
    expect(field?.options).toEqual(bundle.enumerations.logement_type);
    expect(field?.options?.map((o) => o.value)).toEqual([
      "locataire",
      "proprietaire",
      "heberge",
      "sansDomicile",
    ]);
  });

  it("keeps a field's own options when it restricts its enumeration", () => {
    const field = step(bundle, "individu", "individu.activite").fields[0];
    expect(field?.enum).toBe("activite");
    expect(field?.options?.map((o) => o.value)).toEqual([
      "etudiant",
      "salarie",
      "independant",
      "chomeur",
      "retraite",
      "inactif",
    ]);
  });

  it("leaves out absent keys and keeps predicates as written", () => {
    const coloc = step(bundle, "logement", "menage.coloc");
    expect(Object.keys(coloc)).toEqual(["id", "path", "subject", "fields", "when", "source"]);
    expect(coloc.when).toEqual({ in: [{ var: "menage._logementType" }, ["locataire", null]] });
    expect(bundle.journey[0]).toEqual({ block: "individu", for: "demandeur", chapter: "profil" });
    expect(bundle.derived.map((derived) => derived.attribute)).toEqual([
      "statut_occupation_logement",
      "_formationSanitaireSociale",
      "_interetAidesSanitaireSocial",
      "statut_marital",
      "_apprenti",
      "_foyerFiscalParents",
      "_declarationCommuneParents",
      "_etudiant",
      "_regimeSecuriteSociale",
      "aide_logement_date_pret_conventionne",
    ]);
  });
});

describe("version", () => {
  it("is a hash of the content", () => {
    expect(compileReal().version).toBe(bundle.version);
    const { schemaDir } = breakSchema(
      "chapters.yaml",
      "label: Mon logement",
      "label: Mon chez-moi",
    );
    const changed = compileSchema(schemaDir).bundle;
    expect(changed?.version).toMatch(/^[0-9a-f]{12}$/);
    expect(changed?.version).not.toBe(bundle.version);
  });
});
