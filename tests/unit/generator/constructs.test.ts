import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import type { Bundle } from "../../../src/domain/bundle";
import {
  breakSchema,
  compileErrors,
  itemIndex,
  journeyIndex,
  lineOf,
  REAL_SCHEMA,
  removeTempDirs,
  stepIndex,
} from "./helpers";

afterAll(removeTempDirs);

const ENFANTS = "schema/blocks/enfants.yaml";
const INDIVIDU = "schema/blocks/individu.yaml";
const PARENTS = "schema/blocks/parents.yaml";
const PROJETS = "schema/blocks/projets.yaml";
const INCOMES = "schema/incomes.yaml";

const bundle = compileSchema(REAL_SCHEMA).bundle as Bundle;

describe("the children list (special: children_list)", () => {
  it("is converted with its subject and no field", () => {
    const step = bundle.blocks.enfants?.steps[0];
    expect(step).toMatchObject({
      id: "enfants",
      path: "enfants",
      subject: { entity: "enfants" },
      special: "children_list",
      fields: [],
    });
  });

  it("needs the subject enfants", () => {
    const { text, errors } = breakSchema(
      "blocks/enfants.yaml",
      "subject: enfants",
      "subject: famille",
    );
    expect(errors).toEqual([
      `${ENFANTS}:${lineOf(text, "special:")} steps[0].special: "children_list" needs subject "enfants"`,
    ]);
  });

  it("has no fields", () => {
    const { text, errors } = breakSchema(
      "blocks/enfants.yaml",
      "fields: []",
      "fields:\n      - { name: nombre, kind: number, question: Combien ? }",
    );
    expect(errors).toEqual([
      `${ENFANTS}:${lineOf(text, "fields:")} steps[0].fields: a "children_list" step has no fields ("fields: []")`,
    ]);
  });

  it("reserves the subject enfants to itself", () => {
    const { text, errors } = breakSchema(
      "blocks/famille.yaml",
      "  - id: famille.en_couple\n    subject: famille",
      "  - id: famille.en_couple\n    subject: enfants",
    );
    expect(errors).toContain(
      `schema/blocks/famille.yaml:${lineOf(text, "subject: enfants")} steps[0].subject: subject "enfants" is only for the "children_list" step`,
    );
  });

  it("is needed as soon as the journey asks about children", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "  - { block: enfants, chapter: foyer }\n",
      "",
    );
    const index = journeyIndex(text, "individu") + 1;
    const line = text.split("\n").findIndex((l) => l.includes("for: enfants")) + 1;
    expect(errors).toEqual([
      `schema/journey.yaml:${line} journey[${index}].for: the journey asks about children but has no "children_list" step to add them`,
    ]);
  });
});

describe("some_child and unanswered", () => {
  it("reads each child as self, even in a household block", () => {
    const { errors } = breakSchema(
      "blocks/parents.yaml",
      "{ var: demandeur.enfant_a_charge }",
      "{ some_child: { var: self.garde_alternee } }",
    );
    expect(errors).toEqual([]);
  });

  it("checks the children's fields and reports them by the child", () => {
    const { text, errors } = breakSchema(
      "blocks/parents.yaml",
      "{ var: demandeur.enfant_a_charge }",
      "{ some_child: { var: self.garde_alternees } }",
    );
    expect(errors).toEqual([
      `${PARENTS}:${lineOf(text, "self.garde_alternees")} steps[0].when.or[0]["==="][0].some_child: unknown field "self.garde_alternees"`,
    ]);
  });

  it("reports a child's field read before the children are asked about", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      '{ ">=": [{ age: { var: self.date_naissance } }, 60] }',
      '{ some_child: { "===": [{ var: self.garde_alternee }, true] } }',
    );
    const line = lineOf(text, "{ var: self.garde_alternee }, true] } }");
    const step = stepIndex(text, "individu.gir");
    expect(errors).toEqual([
      `${INDIVIDU}:${line} steps[${step}].when.and[1].some_child["==="][0]: forward reference: "self.garde_alternee" (enfant.garde_alternee) is first asked by a later step "individu.garde_alternee"`,
    ]);
  });

  it("cannot be nested", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      'when: { "!": { some_child: { unanswered: { var: self.enfant_a_charge } } } }',
      'when: { "!": { some_child: { some_child: { unanswered: { var: self.enfant_a_charge } } } } }',
    );
    const index = text.split("\n").findIndex((l) => l.includes("some_child: { some_child")) + 1;
    expect(errors).toEqual([
      `schema/journey.yaml:${index} journey[3].when["!"].some_child.some_child: "some_child" cannot be nested`,
    ]);
  });

  it("lets unanswered look ahead, but not a value test", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      'when: { "!": { some_child: { unanswered: { var: self.enfant_a_charge } } } }',
      'when: { "!": { some_child: { "===": [{ var: self.enfant_a_charge }, null] } } }',
    );
    expect(errors).toEqual([]);
    // The list comes before that entry, whose children are asked about by the entry before it.
    const early = breakSchema(
      "journey.yaml",
      "when: { some_child: { unanswered: { var: self.enfant_a_charge } } }",
      'when: { some_child: { "===": [{ var: self.enfant_a_charge }, null] } }',
    );
    const line = lineOf(early.text, '"===": [{ var: self.enfant_a_charge }, null]');
    expect(early.errors).toEqual([
      `schema/journey.yaml:${line} journey[1].when.some_child["==="][0]: forward reference: "self.enfant_a_charge" (enfant.enfant_a_charge) is first asked by a later step "individu.enfant_a_charge"`,
    ]);
    expect(text).toContain("null] } } }");
  });

  it("needs a question", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "when: { some_child: { unanswered: { var: self.enfant_a_charge } } }",
      "when: { unanswered: { var: enfants.length } }",
    );
    expect(errors).toEqual([
      `schema/journey.yaml:${lineOf(text, "enfants.length")} journey[1].when.unanswered: "unanswered" needs a question, "enfants.length" is not one`,
    ]);
  });
});

describe("storage: local", () => {
  it("is kept in the bundle", () => {
    const fields = bundle.blocks.projets?.steps.find(
      (s) => s.id === "individu.coordonnees",
    )?.fields;
    expect(fields?.map((f) => [f.name, f.kind, f.storage, f.optional])).toEqual([
      ["prenom", "text", "local", true],
      ["nom", "text", "local", true],
      ["email", "email", "local", true],
      ["telephone", "phone", "local", true],
    ]);
  });

  it("cannot map to the engine", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      "autocomplete: family-name\n",
      "autocomplete: family-name\n        engine: { variable: date_naissance, period: eternity }\n",
    );
    const step = stepIndex(text, "individu.coordonnees");
    expect(errors).toEqual([
      `${PROJETS}:${lineOf(text, "variable: date_naissance")} steps[${step}].fields[1].engine: a field kept in the browser (storage: local) is never sent, so it cannot map to the engine`,
    ]);
  });

  it("cannot be read by a predicate", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      'when: { "===": [{ var: demandeur._interetEtudesEtranger }, true] }',
      'when: { "===": [{ var: demandeur.email }, "a@b.fr"] }',
    );
    const step = stepIndex(text, "individu._dureeMoisEtudesEtranger");
    expect(errors).toEqual([
      `${PROJETS}:${lineOf(text, "demandeur.email")} steps[${step}].when["==="][0]: "demandeur.email" is kept in the browser only (storage: local): no predicate may read it, since the server never sees it`,
      `${PROJETS}:${lineOf(text, "demandeur.email")} steps[${step}].when["==="][0]: forward reference: "demandeur.email" is first asked by a later step "individu.coordonnees"`,
    ]);
  });

  it("allows autocomplete only on text, email, phone and date fields", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      "        kind: boolean\n        question: Souhaitez-vous passer le BAFA ou le BAFD ?",
      "        kind: boolean\n        autocomplete: tel\n        question: Souhaitez-vous passer le BAFA ou le BAFD ?",
    );
    const step = stepIndex(text, "individu._interetBafa");
    expect(errors).toEqual([
      `${PROJETS}:${lineOf(text, "autocomplete: tel\n        question: Souhaitez")} steps[${step}].fields[0].autocomplete: "autocomplete" is only allowed on text, email, phone and date fields`,
    ]);
  });

  it("allows integer only on number fields", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      "        kind: boolean\n        question: Souhaitez-vous passer le BAFA ou le BAFD ?",
      "        kind: boolean\n        integer: true\n        question: Souhaitez-vous passer le BAFA ou le BAFD ?",
    );
    const step = stepIndex(text, "individu._interetBafa");
    expect(errors).toEqual([
      `${PROJETS}:${lineOf(text, "integer: true\n        question: Souhaitez")} steps[${step}].fields[0].integer: "integer" is only allowed on number fields`,
    ]);
  });

  it("keeps bday for date fields", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      "autocomplete: family-name\n",
      "autocomplete: bday\n",
    );
    expect(errors).toEqual([
      `${PROJETS}:${lineOf(text, "autocomplete: bday")} steps[${stepIndex(text, "individu.coordonnees")}].fields[1].autocomplete: "bday" is the only autocomplete of a date field, and only there`,
    ]);
  });
});

describe("{prenom} in questions", () => {
  it("is only allowed in the enfant wording", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      "demandeur: Quelle est votre date de naissance ?",
      "demandeur: Quelle est la date de naissance de {prenom} ?",
    );
    const step = stepIndex(text, "individu.date_naissance");
    expect(errors).toEqual([
      `${INDIVIDU}:${lineOf(text, "demandeur: Quelle est la date de naissance de {prenom}")} steps[${step}].fields[0].question.demandeur: "{prenom}" is only allowed in the "enfant" wording of a question in a person block`,
    ]);
  });

  it("is the only placeholder", () => {
    const { text, errors } = breakSchema(
      "blocks/individu.yaml",
      "enfant: Quelle est la nationalité de {prenom} ?",
      "enfant: Quelle est la nationalité de {nom} ?",
    );
    const step = stepIndex(text, "individu.nationalite");
    expect(errors).toEqual([
      `${INDIVIDU}:${lineOf(text, "{nom}")} steps[${step}].fields[0].question.enfant: unknown placeholder "{nom}" (expected {prenom})`,
    ]);
  });
});

describe("income types", () => {
  it("convert a label list into conditional labels and a default", () => {
    const retraite = bundle.incomeTypes.find((t) => t.id === "retraite_nette");
    expect(retraite?.label).toBe("Pension de réversion ou d’orphelin");
    expect(retraite?.labels).toEqual([
      { when: { "===": [{ var: "self.activite" }, "retraite"] }, text: "Retraite" },
    ]);
  });

  it("keep their further fields, engine entity and hidden flag", () => {
    const autres = bundle.incomeTypes.find((t) => t.id === "rpns_autres_revenus");
    expect(autres?.fields?.[0]).toMatchObject({
      name: "tns_autres_revenus_type_activite",
      kind: "choice",
      default: "bic",
      engine: { variable: "tns_autres_revenus_type_activite", period: "month" },
    });
    expect(autres?.fields?.[0]?.options?.map((o) => o.value)).toEqual([
      "achat_revente",
      "bic",
      "bnc",
    ]);
    expect(bundle.incomeTypes.find((t) => t.id === "af")?.engine).toEqual({
      variable: "af",
      entity: "famille",
    });
    const hidden = bundle.incomeTypes.filter((t) => t.hidden).map((t) => t.id);
    expect(hidden).toEqual(["pensions_alimentaires_versees_individu"]);
  });

  it("need a when on every label but the last", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "{ text: Pension de réversion ou d'orphelin }",
      "{ text: Pension de réversion ou d'orphelin, when: { var: self.handicap } }",
    );
    const type = itemIndex(text, "types", "retraite_nette");
    expect(errors).toEqual([
      `${INCOMES}:${lineOf(text, "orphelin, when")} types[${type}].label[1].when: the last label is the default: it takes no "when"`,
    ]);
    const missing = breakSchema(
      "incomes.yaml",
      "      - { text: Pension de réversion ou d'orphelin }",
      "      - { text: Pension }\n      - { text: Pension de réversion ou d'orphelin }",
    );
    expect(missing.errors).toEqual([
      `${INCOMES}:${lineOf(missing.text, "{ text: Pension }")} types[${type}].label[1]: missing key "when" (only the last label is the default)`,
    ]);
  });

  it("reports an alias used before its anchor as a YAML error", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "when: &partnerOrParent",
      "when: *retired\n    unused: &partnerOrParent",
    );
    expect(errors).toEqual([
      `${INCOMES}:${lineOf(text, "when: *retired\n    unused")}: YAML syntax error: Unresolved alias (the anchor must be set before the alias): retired`,
    ]);
  });

  it("check the default of a further field", () => {
    const { text, errors } = breakSchema("incomes.yaml", "default: bic", "default: bicc");
    const type = itemIndex(text, "types", "rpns_autres_revenus");
    expect(errors).toEqual([
      `${INCOMES}:${lineOf(text, "default: bicc")} types[${type}].fields[0].default: default "bicc" is not a value of field "tns_autres_revenus_type_activite"`,
    ]);
  });

  it("reject a further field named like an income answer", () => {
    const { text, errors } = breakSchema(
      "incomes.yaml",
      "- name: tns_autres_revenus_type_activite",
      "- name: salaire_net",
    );
    const type = itemIndex(text, "types", "rpns_autres_revenus");
    expect(errors).toContain(
      `${INCOMES}:${lineOf(text, "- name: salaire_net")} types[${type}].fields[0].name: "salaire_net" is already the name of an income answer`,
    );
  });

  it("compare ressources with income type ids", () => {
    const { text, errors } = breakSchema(
      "blocks/projets.yaml",
      "in: [bourse_lycee, { var: demandeur.ressources }]",
      "in: [bourse_lyce, { var: demandeur.ressources }]",
    );
    const step = stepIndex(text, "famille.bourse_lycee");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^${PROJETS}:${lineOf(text, "bourse_lyce,")} steps\\[${step}\\]\\.when\\.and\\[1\\]\\["!"\\]\\.in\\[0\\]: "bourse_lyce" is not a value of "demandeur.ressources" \\(expected one of salaire_net, `,
      ),
    );
  });
});

describe("defaults", () => {
  it("are only for choice fields", () => {
    const { text, errors } = breakSchema(
      "blocks/famille.yaml",
      "        kind: boolean\n        question: Vivez-vous en couple ?",
      "        kind: boolean\n        default: non\n        question: Vivez-vous en couple ?",
    );
    expect(errors).toEqual([
      `schema/blocks/famille.yaml:${lineOf(text, "default: non")} steps[0].fields[0].default: "default" is only allowed on choice fields`,
    ]);
  });
});

describe("the real journey", () => {
  it("places the children's profiles around their list and the partner after the couple question", () => {
    expect(bundle.journey.map((e) => [e.block, e.for ?? ""])).toEqual([
      ["individu", "demandeur"],
      ["individu", "enfants"],
      ["enfants", ""],
      ["individu", "enfants"],
      ["famille", ""],
      ["individu", "conjoint"],
      ["parents", ""],
      ["logement", ""],
      ["ressources", "demandeur"],
      ["ressources", "conjoint"],
      ["ressources", "enfants"],
      ["ressources_parentales", ""],
      ["projets", ""],
    ]);
    const text = readFileSync(join(REAL_SCHEMA, "journey.yaml"), "utf8");
    expect(text).toContain("some_child");
  });

  it("reports a duplicate children list", () => {
    const { schemaDir } = breakSchema(
      "blocks/enfants.yaml",
      "title: Vos enfants à charge",
      "title: Vos enfants",
    );
    writeFileSync(
      join(schemaDir, "blocks/enfants2.yaml"),
      "block: enfants2\nkind: household\nsteps:\n  - id: enfants2\n    path: enfants2\n    subject: enfants\n    special: children_list\n    fields: []\n",
    );
    expect(compileErrors(schemaDir)).toEqual([
      `schema/blocks/enfants2.yaml:7 steps[0].special: duplicate special step "children_list" (first declared at ${ENFANTS}:9)`,
    ]);
  });
});
