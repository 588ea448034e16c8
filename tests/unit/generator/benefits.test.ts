import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { compileErrors, copySchema, lineOf, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const INSTITUTIONS = "schema/institutions/test.yaml";
const BENEFITS = "schema/benefits/test.yaml";

/** The real schema plus `institutions/test.yaml` and `benefits/test.yaml` with these texts. */
function withFiles(institutions: string, benefits?: string) {
  const schemaDir = copySchema();
  writeFileSync(join(schemaDir, "institutions/test.yaml"), institutions);
  if (benefits !== undefined) writeFileSync(join(schemaDir, "benefits/test.yaml"), benefits);
  return { schemaDir, errors: compileErrors(schemaDir) };
}

const VILLE = `institutions:
  - id: ville_test
    label: Ville de Test
    type: commune
    territory: { communes: ["35238"] }
`;

/** A valid benefit of `ville_test`; `extra` lines are appended, indented as keys of the benefit. */
function benefitText(extra: string[] = [], base: Record<string, string> = {}): string {
  const keys: Record<string, string> = {
    id: "aide_test",
    label: "Aide test",
    description: "Une aide pour tester le générateur.",
    institution: "ville_test",
    // A real variable of the pinned engine (schema:check refuses one it lacks).
    engine: "{ variable: aah_base, entity: individus, period: month }",
    type: "float",
    unit: "€",
    periodicity: "ponctuelle",
    links: "{ information: https://example.org/aide }",
    ...base,
  };
  const lines = Object.entries(keys)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `    ${key}: ${value}`);
  lines[0] = lines[0]!.replace(/^ {4}/, "  - ");
  return `benefits:\n${[...lines, ...extra.map((line) => `    ${line}`)].join("\n")}\n`;
}

describe("institutions", () => {
  it("accepts a territorial institution with its territory and emits it", () => {
    const { schemaDir, errors } = withFiles(VILLE, benefitText());
    expect(errors).toEqual([]);
    const bundle = compileSchema(schemaDir).bundle!;
    expect(bundle.institutions.find((i) => i.id === "ville_test")).toEqual({
      id: "ville_test",
      label: "Ville de Test",
      type: "commune",
      territory: { communes: ["35238"] },
    });
  });

  it("rejects a territorial type without territory", () => {
    const text = "institutions:\n  - id: region_test\n    label: Région\n    type: region\n";
    expect(withFiles(text).errors).toEqual([
      `${INSTITUTIONS}:2 institutions[0]: missing key "territory" (a region institution lists its regions: territory: { regions: [...] })`,
    ]);
  });

  it("rejects a territory listed under another kind than the institution's type", () => {
    const text =
      "institutions:\n  - id: dept_test\n    label: Département\n    type: departement\n    territory: { communes: ['35238'] }\n";
    expect(withFiles(text).errors).toEqual([
      `${INSTITUTIONS}:5 institutions[0].territory.communes: a departement institution lists its territory as "departements"`,
    ]);
  });

  it("rejects a territory with two lists, and a national institution with a territory", () => {
    const text = [
      "institutions:",
      "  - id: msa_test",
      "    label: MSA",
      "    type: msa",
      "    territory: { departements: ['35'], communes: ['35238'] }",
      "  - id: national_test",
      "    label: National",
      "    type: national",
      "    territory: { regions: ['53'] }",
      "",
    ].join("\n");
    expect(withFiles(text).errors).toEqual([
      `${INSTITUTIONS}:5 institutions[0].territory: expected exactly one of regions, departements, epcis, communes, found departements, communes`,
      `${INSTITUTIONS}:9 institutions[1].territory: a national institution has no territory`,
    ]);
  });

  it("rejects a malformed code", () => {
    const text =
      "institutions:\n  - id: epci_test\n    label: EPCI\n    type: epci\n    territory: { epcis: ['2435'] }\n";
    expect(withFiles(text).errors).toEqual([
      `${INSTITUTIONS}:5 institutions[0].territory.epcis[0]: expected an EPCI SIREN number (9 digits)`,
    ]);
  });

  it("rejects a duplicate institution id", () => {
    const text = `${VILLE}  - id: ville_test\n    label: Autre\n    type: autre\n`;
    expect(withFiles(text).errors).toEqual([
      `${INSTITUTIONS}:6 institutions[1].id: duplicate institution "ville_test" (first declared at ${INSTITUTIONS}:2)`,
    ]);
  });
});

describe("benefits", () => {
  it("emits a benefit with its prefilter, links and an empty unit for a bool", () => {
    const text = benefitText(
      [
        'prefilter: { "<=": [{ age: { var: self.date_naissance } }, 26] }',
        "interestFlag: _interetPermisDeConduire",
      ],
      {
        type: "bool",
        unit: "",
        periodicity: "autre",
        links:
          "{ information: https://example.org/a, teleservice: https://example.org/t, teleserviceNeedsRegistration: true }",
      },
    );
    const { schemaDir, errors } = withFiles(VILLE, text);
    expect(errors).toEqual([]);
    const benefit = compileSchema(schemaDir).bundle!.benefits.find((b) => b.id === "aide_test");
    expect(benefit).toMatchObject({
      type: "bool",
      unit: "",
      periodicity: "autre",
      interestFlag: "_interetPermisDeConduire",
      prefilter: { "<=": [{ age: { var: "self.date_naissance" } }, 26] },
      links: {
        information: "https://example.org/a",
        teleservice: "https://example.org/t",
        teleserviceNeedsRegistration: true,
      },
    });
  });

  it("rejects a benefit of an unknown institution", () => {
    const text = benefitText([], { institution: "ville_inconnue" });
    expect(withFiles(VILLE, text).errors).toEqual([
      `${BENEFITS}:5 benefits[0].institution: unknown institution "ville_inconnue"`,
    ]);
  });

  it("rejects a float without unit and a bool with one", () => {
    expect(withFiles(VILLE, benefitText([], { unit: "" })).errors).toEqual([
      `${BENEFITS}:2 benefits[0]: missing key "unit" (required for a float benefit: €, %…)`,
    ]);
    expect(withFiles(VILLE, benefitText([], { type: "bool" })).errors).toEqual([
      `${BENEFITS}:8 benefits[0].unit: a bool benefit has no unit`,
    ]);
  });

  it("asks a mixed benefit for the variable under which 0 means granted, and only it", () => {
    expect(withFiles(VILLE, benefitText([], { type: "mixed" })).errors).toEqual([
      `${BENEFITS}:6 benefits[0].engine: missing key "eligibleAtZero" (a mixed benefit names the boolean variable under which 0 means granted)`,
    ]);
    const engine =
      "{ variable: css_participation_forfaitaire, entity: familles, period: month, eligibleAtZero: cmu_c }";
    expect(withFiles(VILLE, benefitText([], { type: "mixed", engine })).errors).toEqual([]);
    expect(withFiles(VILLE, benefitText([], { engine })).errors).toEqual([
      `${BENEFITS}:6 benefits[0].engine.eligibleAtZero: "eligibleAtZero" is only for mixed benefits`,
    ]);
  });

  it("reads the amount once the aids claimed with it are paid for an amount only", () => {
    const engine =
      "{ variable: ppa, entity: familles, period: month, settled: { variable: ppa_fictive, minimumPaid: 15, after: une fois versées } }";
    expect(withFiles(VILLE, benefitText([], { engine })).errors).toEqual([]);
    expect(withFiles(VILLE, benefitText([], { type: "bool", unit: "", engine })).errors).toContain(
      `${BENEFITS}:6 benefits[0].engine.settled: "settled" is only for float benefits (an amount)`,
    );
  });

  it("rejects an unknown periodicity and a link that is not a URL", () => {
    const text = benefitText([], {
      periodicity: "hebdomadaire",
      links: "{ form: formulaire.pdf }",
    });
    const { errors } = withFiles(VILLE, text);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      new RegExp(`^${BENEFITS}:9 benefits\\[0\\]\\.periodicity: Invalid option: expected one of`),
    );
    expect(errors[1]).toBe(`${BENEFITS}:10 benefits[0].links.form: expected a URL`);
  });

  it("rejects an interest flag that is no question about the applicant", () => {
    const { errors } = withFiles(VILLE, benefitText(["interestFlag: _interetVoyage"]));
    expect(errors).toEqual([
      `${BENEFITS}:11 benefits[0].interestFlag: unknown interest question "_interetVoyage" (expected a question about the applicant)`,
    ]);
    const dated = withFiles(VILLE, benefitText(["interestFlag: date_naissance"]));
    expect(dated.errors).toEqual([
      `${BENEFITS}:11 benefits[0].interestFlag: interest question "date_naissance" is a date, expected a boolean or a multi_choice`,
    ]);
  });

  it("rejects a registration flag without a teleservice", () => {
    const links = "{ information: https://example.org/a, teleserviceNeedsRegistration: true }";
    expect(withFiles(VILLE, benefitText([], { links })).errors).toEqual([
      `${BENEFITS}:10 benefits[0].links.teleserviceNeedsRegistration: "teleserviceNeedsRegistration" needs a "teleservice" link`,
    ]);
  });

  it("checks a prefilter like a step's condition: unknown field, unknown operator", () => {
    const text = benefitText([
      "prefilter:",
      "  and:",
      "    - { '===': [{ var: self.activites }, etudiant] }",
      "    - { '~=': [{ var: menage.depcom.code_insee }, '35238'] }",
      "    - { '===': [{ var: self.activite }, astronaute] }",
    ]);
    const { errors } = withFiles(VILLE, text);
    expect(errors).toEqual([
      `${BENEFITS}:${lineOf(text, "self.activites")} benefits[0].prefilter.and[0]["==="][0]: unknown field "self.activites"`,
      `${BENEFITS}:${lineOf(text, "'~='")} benefits[0].prefilter.and[1]: unknown operator "~="`,
      `${BENEFITS}:${lineOf(text, "astronaute")} benefits[0].prefilter.and[2]["==="][1]: "astronaute" is not a value of "self.activite" (expected one of etudiant, salarie, independant, chomeur, retraite, inactif)`,
    ]);
  });

  it("lets a prefilter read any question, asked before or after the projects", () => {
    // Prefilters run once the questionnaire is over: no forward-reference rule.
    const text = benefitText([
      "prefilter: { '===': [{ var: demandeur._interetPermisDeConduire }, true] }",
    ]);
    expect(withFiles(VILLE, text).errors).toEqual([]);
  });
});
