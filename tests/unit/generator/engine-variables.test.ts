/**
 * The schema can only name what the engine has (issue 57 §5): `schema:check` checks every engine
 * variable, its entity and period, and every parameter against `scripts/schema/engine-variables.json`,
 * the list generated from the pinned OpenFisca packages; that list must match the pins.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import {
  ENGINE_VARIABLES_REL,
  loadEngineModel,
  REQUIREMENTS_FILE,
  staleEngineModel,
  type EngineModel,
} from "../../../scripts/schema/engine-variables";
import { formatSchemaErrorWithHint } from "../../../scripts/schema/errors";
import { ENGINE_FACT_VARIABLES } from "../../../src/domain/eligibility/engine-facts";
import { DEFAULT_REFORMS, EXTENSIONS } from "../../../src/server/engine";
import { brokenCopy, lineOf, REAL_SCHEMA, removeTempDirs, stepIndex } from "./helpers";

afterAll(removeTempDirs);

const engine = loadEngineModel();
const LACKS = `OpenFisca-France ${engine.packages["openfisca-france"]} with its extensions lacks it`;

/** French typography of the hints: a no-break space inside « » and before ?, :, ;. */
const french = (hint: string) => hint.replace(/ ([?!:;»])/g, "\u00A0$1").replace(/« /g, "«\u00A0");

/** The errors, each with its hint, of the real schema with `from` replaced by `to` in `file`. */
function broken(file: string, from: string, to: string, model: EngineModel = engine) {
  const { schemaDir, text } = brokenCopy(file, from, to);
  const errors = compileSchema(schemaDir, { engine: model }).errors.map(formatSchemaErrorWithHint);
  return { text, errors };
}

describe("the committed list of engine variables", () => {
  it("was generated for the requirements pinned today (else: npm run engine:variables)", () => {
    expect(staleEngineModel(engine)).toBeUndefined();
  });

  it("lists the packages of requirements.txt, and the extensions and reform the server runs", () => {
    const pins = Object.fromEntries(
      [
        ...readFileSync(REQUIREMENTS_FILE, "utf8").matchAll(
          /^(openfisca-[a-z-]+)(?:\[.*\])?==(\S+)/gm,
        ),
      ].map((match) => [match[1]!, match[2]!]),
    );
    expect(engine.packages).toEqual(pins);
    expect(engine.extensions).toEqual(EXTENSIONS);
    expect(engine.reforms).toEqual(DEFAULT_REFORMS);
    expect(Object.keys(engine.variables).length).toBeGreaterThan(4000);
  });

  it("says when it is stale, as a file:line error of schema:check", () => {
    const error = staleEngineModel(engine, "openfisca-france==999.0.0\n");
    expect(error && formatSchemaErrorWithHint(error)).toMatch(
      new RegExp(
        `^${ENGINE_VARIABLES_REL.replace(/\./g, "\\.")}:3 requirementsSha256: generated for other engine requirements .*\n  → Lancez npm run engine:variables`,
      ),
    );
  });

  it("has every engine fact the aid conditions read, at its entity and period", () => {
    for (const { variable, entity, period } of Object.values(ENGINE_FACT_VARIABLES)) {
      const known = engine.variables[variable];
      expect(known, variable).toBeDefined();
      expect(engine.entities[known!.entity], variable).toBe(entity);
      expect(known!.period, variable).toBe(period === "month" ? "month" : "year");
    }
  });

  it("accepts the real schema", () => {
    expect(compileSchema(REAL_SCHEMA, { engine }).errors).toEqual([]);
  });
});

describe("schema:check against the engine", () => {
  it("names a misspelt field variable at its line, with the closest one", () => {
    const { text, errors } = broken(
      "blocks/individu.yaml",
      "variable: date_debut_chomage,",
      "variable: date_debut_chomag,",
    );
    const step = stepIndex(text, "individu.date_debut_chomage");
    expect(errors).toEqual([
      `schema/blocks/individu.yaml:${lineOf(text, "date_debut_chomag,")} steps[${step}].fields[0].engine.variable: unknown engine variable "date_debut_chomag": ${LACKS}\n` +
        `  → ${french("Vouliez-vous dire « date_debut_chomage » ?")}`,
    ]);
  });

  it("refuses a benefit the engine lacks, as crous_logement_eligibilite was", () => {
    const { text, errors } = broken(
      "benefits/nationales.yaml",
      "variable: seances_sante_psy_etudiant,",
      "variable: crous_logement_eligibilite,",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^schema/benefits/nationales\\.yaml:${lineOf(text, "crous_logement_eligibilite")} benefits\\[\\d+\\]\\.engine\\.variable: unknown engine variable "crous_logement_eligibilite": ${LACKS}\n  → `,
      ),
    );
  });

  it("refuses a variable sent at another period than the engine's", () => {
    const { text, errors } = broken(
      "blocks/individu.yaml",
      "variable: date_debut_chomage, period: eternity",
      "variable: date_debut_chomage, period: month, stable: last_3_months",
    );
    const step = stepIndex(text, "individu.date_debut_chomage");
    expect(errors).toEqual([
      `schema/blocks/individu.yaml:${lineOf(text, "date_debut_chomage, period")} steps[${step}].fields[0].engine.variable: engine variable "date_debut_chomage" is defined by eternity, not by month\n` +
        `  → ${french("Dans le moteur, « date_debut_chomage » se calcule par période « eternity » : écrivez period: eternity.")}`,
    ]);
  });

  it("refuses an income summed per famille that the engine knows per individu", () => {
    const { text, errors } = broken(
      "incomes.yaml",
      "engine: { variable: bourse_enseignement_sup }",
      "engine: { variable: bourse_enseignement_sup, entity: famille }",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^schema/incomes\\.yaml:${lineOf(text, "bourse_enseignement_sup, entity")} types\\[\\d+\\]\\.engine\\.variable: engine variable "bourse_enseignement_sup" belongs to individus, not familles\n`,
      ),
    );
  });

  it("asks a boolean for eligibleAtZero", () => {
    const { text, errors } = broken(
      "benefits/nationales.yaml",
      "eligibleAtZero: cmu_c,",
      "eligibleAtZero: aide_logement,",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^schema/benefits/nationales\\.yaml:${lineOf(text, "eligibleAtZero")} benefits\\[\\d+\\]\\.engine\\.eligibleAtZero: engine variable "aide_logement" is a float, not a bool\n`,
      ),
    );
  });

  it("refuses a parameter the engine lacks", () => {
    const { text, errors } = broken(
      "parameters.yaml",
      "carte_des_metiers.age_maximal",
      "carte_des_metiers.age_maximum",
    );
    expect(errors).toEqual([
      `schema/parameters.yaml:${lineOf(text, "age_maximum")} parameters[1].openfisca: unknown engine parameter "prestations_sociales.education.carte_des_metiers.age_maximum": ${LACKS}\n` +
        `  → ${french("Vouliez-vous dire « prestations_sociales.education.carte_des_metiers.age_maximal » ?")}`,
    ]);
  });

  it("points at every aid condition reading an engine fact the engine would lack", () => {
    const { bourse_criteres_sociaux: _removed, ...variables } = engine.variables;
    const without = { ...engine, variables };
    const errors = compileSchema(REAL_SCHEMA, { engine: without })
      .errors.filter((error) => error.file === "schema/aids/nationales/etat.yaml")
      .map(formatSchemaErrorWithHint);
    const text = readFileSync(`${REAL_SCHEMA}/aids/nationales/etat.yaml`, "utf8");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^schema/aids/nationales/etat\\.yaml:${lineOf(text, "higher_education_grant")} aids\\[\\d+\\]\\.conditions\\[0\\]\\.higher_education_grant: unknown engine variable "bourse_criteres_sociaux" \\(read by condition "higher_education_grant"\\)`,
      ),
    );
  });
});
