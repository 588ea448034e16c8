import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  breakSchema,
  compileErrors,
  copySchema,
  itemIndex,
  journeyIndex,
  lineOf,
  removeTempDirs,
  stepIndex,
} from "./helpers";

afterAll(removeTempDirs);

const LOGEMENT = "schema/blocks/logement.yaml";
const INDIVIDU = "schema/blocks/individu.yaml";
const PARENTS = "schema/blocks/parents.yaml";

describe("unknown fields in predicates", () => {
  it("reports a var naming no field of its entity", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "{ var: menage.logement_crous }",
      "{ var: menage.logement_crou }",
    );
    const line = lineOf(text, "menage.logement_crou }");
    const step = stepIndex(text, "menage.etat_logement_foyer");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when.and[2]["==="][0]: unknown field "menage.logement_crou"`,
    ]);
  });

  it("reports an unknown commune property", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "menage.depcom.code_insee",
      "menage.depcom.insee",
    );
    const line = lineOf(text, "menage.depcom.insee");
    const step = stepIndex(text, "famille.parisien");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when.and[0].starts_with[0]: unknown field "menage.depcom.insee": a commune has code_insee, code_postal, nom, departement, region, epci`,
    ]);
  });

  it("reports an undeclared parameter", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      "parametres.carte_des_metiers_age_maximal",
      "parametres.carte_metiers",
    );
    const line = lineOf(text, "parametres.carte_metiers");
    const step = stepIndex(text, "individu.alternant");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].when.and[1].or[1].and[1]["<="][1]: unknown parameter "parametres.carte_metiers"`,
    ]);
  });

  it("reports self in a household block", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      '{ ">=": [{ age: { var: demandeur.date_naissance } }, 18] }',
      '{ ">=": [{ age: { var: self.date_naissance } }, 18] }',
    );
    const line = lineOf(text, "self.date_naissance");
    const step = stepIndex(text, "menage._difficultes_acces_ou_frais_logement");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when.and[0][">="][0].age: "self.date_naissance" reads "self" outside a person block`,
    ]);
  });

  it("reports age of a field that is not a date", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      '{ ">=": [{ age: { var: self.date_naissance } }, 60] }',
      '{ ">=": [{ age: { var: self.handicap } }, 60] }',
    );
    const line = lineOf(text, "{ var: self.handicap } }, 60");
    const step = stepIndex(text, "individu.gir");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].when.and[1][">="][0].age: "age" needs a date field, "self.handicap" is not one`,
    ]);
  });

  it("reports an income type reading an unknown person field", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "{ var: self.activite }, etudiant",
      "{ var: self.activit }, etudiant",
    );
    const line = lineOf(text, "self.activit }");
    const type = itemIndex(text, "types", "ass");
    expect(errors).toEqual([
      `schema/incomes.yaml:${line} types[${type}].when["!=="][0]: unknown field "self.activit"`,
    ]);
  });
});

describe("forward references", () => {
  it("reports a household field read before the block that asks it", () => {
    const { text, errors } = breakSchema(
      "blocks/parents.yaml",
      "{ var: demandeur.enfant_a_charge }",
      "{ var: menage.coloc }",
    );
    const line = lineOf(text, "menage.coloc");
    expect(errors).toEqual([
      `${PARENTS}:${line} steps[0].when.or[0]["==="][0]: forward reference: "menage.coloc" is first asked by a later step "menage.coloc"`,
    ]);
  });

  it("reports a person field asked later in the same block, named for the instance", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      '{ ">=": [{ age: { var: self.date_naissance } }, 60] }',
      '{ "===": [{ var: self.regime_securite_sociale }, autre] }',
    );
    const line = lineOf(text, "{ var: self.regime_securite_sociale }");
    const step = stepIndex(text, "individu.gir");
    // Once per person the block is asked about.
    expect(errors).toEqual(
      ["demandeur", "enfant", "conjoint"].map(
        (person) =>
          `${INDIVIDU}:${line} steps[${step}].when.and[1]["==="][0]: forward reference: "self.regime_securite_sociale" (${person}.regime_securite_sociale) is first asked by a later step "individu.regime_securite_sociale"`,
      ),
    );
  });

  it("reports a step reading its own field", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      '- { ">=": [{ age: { var: self.date_naissance } }, 16] }',
      '- { "===": [{ var: self.service_civique }, false] }',
    );
    const line = lineOf(text, '- { "===": [{ var: self.service_civique }, false] }');
    const step = stepIndex(text, "individu.service_civique");
    expect(errors).toEqual(
      ["demandeur", "enfant", "conjoint"].map(
        (person) =>
          `${INDIVIDU}:${line} steps[${step}].when.and[0]["==="][0]: forward reference: "self.service_civique" (${person}.service_civique) is asked by this same step`,
      ),
    );
  });

  it("checks income types where the journey asks the income types", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "{ var: self.activite }, etudiant",
      "{ var: parents.rfr }, etudiant",
    );
    const line = lineOf(text, "parents.rfr");
    const type = itemIndex(text, "types", "ass");
    expect(errors).toEqual([
      `schema/incomes.yaml:${line} types[${type}].when["!=="][0]: forward reference: "parents.rfr" is first asked by a later step "parents.rfr"`,
    ]);
  });

  it("reports a field that the journey never asks", () => {
    const { schemaDir, text, errors } = breakSchema(
      "blocks/parents.yaml",
      "{ var: demandeur.enfant_a_charge }",
      "{ var: demandeur._interetBafa }",
    );
    expect(errors).toHaveLength(1);
    const journey = join(schemaDir, "journey.yaml");
    writeFileSync(
      journey,
      readFileSync(journey, "utf8").replace("  - { block: projets, chapter: projets }\n", ""),
    );
    const line = lineOf(text, "demandeur._interetBafa");
    expect(compileErrors(schemaDir)).toEqual([
      `${PARENTS}:${line} steps[0].when.or[0]["==="][0]: forward reference: "demandeur._interetBafa" is never asked in the journey`,
    ]);
  });
});

describe("operators", () => {
  it("reports an unknown operator", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "{ starts_with:",
      "{ begins_with:",
    );
    const line = lineOf(text, "begins_with");
    const step = stepIndex(text, "famille.parisien");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when.and[0]: unknown operator "begins_with"`,
    ]);
  });

  it("reports a wrong number of arguments", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      '{ "<=": [{ age: { var: self.date_naissance } }, 31] }',
      '{ "===": [{ age: { var: self.date_naissance } }, 31, 32] }',
    );
    const line = lineOf(text, "31, 32");
    const step = stepIndex(text, "individu.service_civique");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].when.and[1]["==="]: "===" takes 2 argument(s), found 3`,
    ]);
  });
});

describe("values", () => {
  it("reports an option outside its enumeration", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      "{ value: inactif, label: Autre situation }",
      "{ value: inactive, label: Autre situation }",
    );
    const line = lineOf(text, "value: inactive");
    const step = stepIndex(text, "individu.activite");
    // The profile reading `activite` (profiles.yaml) reports its stale value too.
    expect(errors.filter((error) => error.startsWith(INDIVIDU))).toEqual([
      `${INDIVIDU}:${line} steps[${step}].fields[0].options[5].value: option "inactive" is not a value of enumeration "activite"`,
    ]);
  });

  it("reports a string compared with a choice field that is not one of its values", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      '{ "===": [{ var: menage._logementType }, proprietaire] }',
      '{ "===": [{ var: menage._logementType }, proprietair] }',
    );
    const line = lineOf(text, "proprietair]");
    const step = stepIndex(text, "menage._primoAccedant");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when["==="][1]: "proprietair" is not a value of "menage._logementType" (expected one of locataire, proprietaire, heberge, sansDomicile)`,
    ]);
  });

  it("reports a string of an in list that is not a value of the field", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "[locataire, sansDomicile, heberge]",
      "[locataire, sans_domicile, heberge]",
    );
    const line = lineOf(text, "sans_domicile");
    const step = stepIndex(text, "menage._nombreMoisEntreeLogement");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].when.in[1][1]: "sans_domicile" is not a value of "menage._logementType" (expected one of locataire, proprietaire, heberge, sansDomicile)`,
    ]);
  });

  it("checks roles compared with self._role", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      'when: { "===": [{ var: self._role }, conjoint] }',
      'when: { "===": [{ var: self._role }, conjointe] }',
    );
    const line = lineOf(text, "conjointe]");
    const step = stepIndex(text, "individu.statut_marital");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].when["==="][1]: "conjointe" is not a value of "self._role" (expected one of demandeur, conjoint, enfant)`,
    ]);
  });

  it("reports an unknown enumeration", () => {
    const { schemaDir, text, errors } = breakSchema(
      "blocks/logement.yaml",
      "enum: location_type",
      "enum: location_types",
    );
    const line = lineOf(text, "location_types");
    const step = stepIndex(text, "menage._locationType");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].fields[0].enum: unknown enumeration "location_types"`,
      // The enumeration the field meant is now used by nothing.
      `schema/enumerations.yaml:${lineOf(readFileSync(join(schemaDir, "enumerations.yaml"), "utf8"), "  location_type:")} enumerations.location_type: enumeration "location_type" is used by no field, aid condition or bike-aid setting`,
    ]);
  });
});

describe("ids and references", () => {
  it("reports a duplicate step id across block files", () => {
    const { schemaDir, text, errors } = breakSchema(
      "blocks/parents.yaml",
      "- id: parents._situation",
      "- id: menage.coloc",
    );
    const line = lineOf(text, "- id: menage.coloc");
    const first = lineOf(
      readFileSync(join(schemaDir, "blocks/logement.yaml"), "utf8"),
      "- id: menage.coloc",
    );
    expect(errors).toEqual([
      `${PARENTS}:${line} steps[0].id: duplicate step id "menage.coloc" (first declared at ${LOGEMENT}:${first})`,
    ]);
  });

  it("reports an unknown chapter in the journey", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "{ block: logement, chapter: logement }",
      "{ block: logement, chapter: logements }",
    );
    const line = lineOf(text, "logements");
    expect(errors).toEqual([
      `schema/journey.yaml:${line} journey[${journeyIndex(text, "logement")}].chapter: unknown chapter "logements"`,
    ]);
  });

  it("reports an unknown chapter on a step", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "  - id: menage.depcom\n    subject: menage\n",
      "  - id: menage.depcom\n    subject: menage\n    chapter: adresse\n",
    );
    const line = lineOf(text, "chapter: adresse");
    const step = stepIndex(text, "menage.depcom");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].chapter: unknown chapter "adresse"`,
    ]);
  });

  it("reports a benefit naming an unknown institution", () => {
    const { text, errors } = breakSchema(
      "benefits/nationales.yaml",
      "    institution: caf\n    engine: { variable: aide_logement",
      "    institution: cafe\n    engine: { variable: aide_logement",
    );
    const line = lineOf(text, "institution: cafe");
    const benefit = itemIndex(text, "benefits", "aide_logement");
    expect(errors).toEqual([
      `schema/benefits/nationales.yaml:${line} benefits[${benefit}].institution: unknown institution "cafe"`,
    ]);
  });

  it("reports an unknown block in the journey", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "{ block: logement,",
      "{ block: logements,",
    );
    const line = lineOf(text, "logements");
    expect(errors).toEqual([
      `schema/journey.yaml:${line} journey[${journeyIndex(text, "logements")}].block: unknown block "logements"`,
    ]);
  });

  it("reports a duplicate benefit id", () => {
    const { text, errors } = breakSchema(
      "benefits/nationales.yaml",
      // A benefit no other file names (unexpected.yaml names ppa, rsa…; results.yaml others).
      "  - id: aide_permis_pro_btp\n",
      "  - id: aide_mobilite_parcoursup\n",
    );
    const lines = text.split("\n");
    const first = lines.indexOf("  - id: aide_mobilite_parcoursup") + 1;
    const second = lines.lastIndexOf("  - id: aide_mobilite_parcoursup") + 1;
    const index = lines.slice(0, second).filter((l) => l.startsWith("  - id: ")).length - 1;
    expect(second > first).toBe(true);
    expect(errors).toEqual([
      `schema/benefits/nationales.yaml:${second} benefits[${index}].id: duplicate benefit "aide_mobilite_parcoursup" (first declared at schema/benefits/nationales.yaml:${first})`,
    ]);
  });

  it("reports a duplicate institution id across files", () => {
    const schemaDir = copySchema();
    writeFileSync(
      join(schemaDir, "institutions/zz-test.yaml"),
      "institutions:\n  - id: idf\n    label: Île-de-France\n    type: region\n    territory: { regions: ['11'] }\n  - id: caf\n    label: Caf\n    type: national\n",
    );
    const first = lineOf(
      readFileSync(join(schemaDir, "institutions/nationales.yaml"), "utf8"),
      "- id: caf\n",
    );
    expect(compileErrors(schemaDir)).toEqual([
      `schema/institutions/zz-test.yaml:6 institutions[1].id: duplicate institution "caf" (first declared at schema/institutions/nationales.yaml:${first})`,
    ]);
  });

  it("reports an unknown income category", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "category: indemnites\n    label: Allocation chômage (ARE)",
      "category: indemnite\n    label: Allocation chômage (ARE)",
    );
    const line = lineOf(text, "category: indemnite\n");
    const type = itemIndex(text, "types", "chomage_net");
    expect(errors).toEqual([
      `schema/incomes.yaml:${line} types[${type}].category: unknown income category "indemnite"`,
    ]);
  });

  it("reports for on a household block", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "{ block: parents, chapter: foyer }",
      "{ block: parents, for: demandeur, chapter: foyer }",
    );
    const line = lineOf(text, "block: parents,");
    expect(errors).toEqual([
      `schema/journey.yaml:${line} journey[${journeyIndex(text, "parents")}].for: "for" is not allowed on household block "parents"`,
    ]);
  });

  it("reports a person block without for, without a forward reference per field", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "{ block: individu, for: demandeur, chapter: profil }",
      "{ block: individu, chapter: profil }",
    );
    const line = lineOf(text, "{ block: individu, chapter");
    expect(errors).toEqual([
      `schema/journey.yaml:${line} journey[0]: person block "individu" needs "for" (demandeur, conjoint or enfants)`,
    ]);
  });

  it("reports a household step without subject", () => {
    const { text, errors } = breakSchema(
      "blocks/logement.yaml",
      "  - id: menage.participation_frais\n    subject: menage\n",
      "  - id: menage.participation_frais\n",
    );
    const line = lineOf(text, "- id: menage.participation_frais");
    const step = stepIndex(text, "menage.participation_frais");
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}]: missing key "subject" (required in a household block)`,
    ]);
  });
});

describe("file format", () => {
  it("reports a YAML syntax error with its line", () => {
    const { text, errors } = breakSchema(
      "chapters.yaml",
      "  - id: logement\n",
      "  - id: logement: x\n",
    );
    const line = lineOf(text, "logement: x");
    expect(errors).toEqual([
      `schema/chapters.yaml:${line}: YAML syntax error: Nested mappings are not allowed in compact mappings`,
    ]);
  });

  it("reports a duplicate YAML key", () => {
    const { text, errors } = breakSchema(
      "chapters.yaml",
      "    label: Mon logement\n",
      "    label: Mon logement\n    label: Ma maison\n",
    );
    const line = lineOf(text, "Ma maison");
    expect(errors).toEqual([
      `schema/chapters.yaml:${line}: YAML syntax error: Map keys must be unique`,
    ]);
  });

  it("reports unknown and missing keys", () => {
    const { text, errors } = breakSchema(
      "chapters.yaml",
      "label: Mon logement",
      "lable: Mon logement",
    );
    const line = lineOf(text, "lable");
    expect(errors).toEqual([
      `schema/chapters.yaml:${line - 1} chapters[2]: missing key "label"`,
      `schema/chapters.yaml:${line} chapters[2]: unknown key "lable"`,
    ]);
  });

  it("reports a bad key inside a question map by role", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      "          enfant: Quelle est la date de naissance de {prenom} ?",
      "          enfants: Quelle est la date de naissance de {prenom} ?",
    );
    const line = lineOf(text, "enfants: Quelle");
    const step = stepIndex(text, "individu.date_naissance");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].fields[0].question: unknown key "enfants"`,
    ]);
  });

  it("reports a missing file", () => {
    const schemaDir = copySchema();
    rmSync(join(schemaDir, "parameters.yaml"));
    expect(compileErrors(schemaDir)).toEqual(["schema/parameters.yaml:1: missing file"]);
  });

  it("reports an unexpected file", () => {
    const schemaDir = copySchema();
    writeFileSync(join(schemaDir, "stray.yaml"), "a: 1\n");
    expect(compileErrors(schemaDir)).toEqual([
      "schema/stray.yaml:1: unexpected file in the schema directory",
    ]);
  });
});
