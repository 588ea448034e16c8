/** schema/places.yaml: the directory place types of each benefit's institution. */
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { breakSchema, REAL_SCHEMA, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

describe("places.yaml", () => {
  it("compiles the place types by institution, by institution type and by default", () => {
    const { bundle, errors } = compileSchema(REAL_SCHEMA);
    expect(errors).toEqual([]);
    expect(bundle?.placeTypes?.byInstitution.france_travail).toContain("france_travail");
    expect(bundle?.placeTypes?.byInstitutionType.caf).toEqual(["caf"]);
    expect(bundle?.placeTypes?.byInstitutionType.commune).toEqual(["mairie"]);
    expect(bundle?.placeTypes?.default).toEqual(["france_services"]);
  });

  it("rejects an unknown institution and an unknown institution type", () => {
    const unknownId = breakSchema("places.yaml", "  assurance_maladie:", "  assurance_inconnue:");
    expect(unknownId.errors.join("\n")).toContain('unknown institution "assurance_inconnue"');
    const unknownType = breakSchema("places.yaml", "  msa: [msa]", "  mutuelle: [msa]");
    expect(unknownType.errors.join("\n")).toMatch(/places\.yaml/);
  });
});
