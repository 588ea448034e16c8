/** Results content of the schema: benefit groups, unexpected-amount pages, priority and dependsOn. */
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { breakSchema, REAL_SCHEMA, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const { bundle, errors } = compileSchema(REAL_SCHEMA);

describe("groups.yaml", () => {
  it("compiles the BAFA and bike groups with their interest flags", () => {
    expect(errors).toEqual([]);
    expect(bundle?.groups).toEqual([
      expect.objectContaining({
        id: "bafa-bafd",
        label: "Aides BAFA et BAFD",
        interestFlag: "_interetBafa",
      }),
      expect.objectContaining({
        id: "velo",
        label: "Aides à l’achat d’un vélo",
        interestFlag: "_interetsAidesVelo",
      }),
    ]);
    for (const group of bundle?.groups ?? []) expect(group.description.length).toBeGreaterThan(20);
  });

  it("rejects a group without an interest flag", () => {
    const { errors } = breakSchema("groups.yaml", "    interestFlag: _interetBafa\n", "");
    expect(errors.join("\n")).toMatch(/schema\/groups\.yaml:\d+ .*interestFlag/);
  });

  it("rejects a duplicate group id", () => {
    const { errors } = breakSchema("groups.yaml", "  - id: velo", "  - id: bafa-bafd");
    expect(errors.join("\n")).toContain('duplicate group "bafa-bafd"');
  });
});

describe("unexpected.yaml", () => {
  it("has the generic page and the three specific ones", () => {
    expect(bundle?.unexpected?.generic.paragraphs.length).toBeGreaterThan(0);
    expect(Object.keys(bundle?.unexpected?.benefits ?? {}).sort()).toEqual([
      "aide_logement",
      "contrat_engagement_jeune",
      "ppa",
    ]);
  });

  it("rejects a page for an unknown benefit", () => {
    const { errors } = breakSchema("unexpected.yaml", "  ppa:\n", "  ppa_inconnue:\n");
    expect(errors.join("\n")).toContain('unknown engine benefit "ppa_inconnue"');
  });
});

describe("benefit priority and dependsOn", () => {
  it("marks the benefits whose amount reads the N-2 incomes or the patrimoine", () => {
    const dependsOn = (id: string) => bundle?.benefits.find((b) => b.id === id)?.dependsOn;
    expect(dependsOn("aide_logement")).toEqual(["ressources_fiscales"]);
    expect(dependsOn("rsa")).toEqual(["patrimoine"]);
  });

  it("rejects an unknown dependsOn value", () => {
    const { errors } = breakSchema(
      "benefits/nationales.yaml",
      "dependsOn: [ressources_fiscales]",
      "dependsOn: [loyer]",
    );
    expect(errors.join("\n")).toMatch(/nationales\.yaml:\d+ .*dependsOn/);
  });
});
