/**
 * The catalogue of aids: one test per catalogue file (every entry compiled, none rejected), and
 * the generator's checks of condition-based aids, each on a broken copy of the real schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compileSchema } from "../../../scripts/schema/compile";
import { formatSchemaError } from "../../../scripts/schema/errors";
import { breakSchema, lineOf, REAL_SCHEMA, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const compiled = compileSchema(REAL_SCHEMA);
const errors = compiled.errors.map(formatSchemaError);
const aidIds = new Set(compiled.catalogue?.aids.map((aid) => aid.id));
const benefitIds = new Set(compiled.bundle?.benefits.map((benefit) => benefit.id));
const institutionIds = new Set(compiled.bundle?.institutions.map((i) => i.id));

const files = (dir: string) =>
  readdirSync(join(REAL_SCHEMA, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => `${dir}/${name.split(sep).join("/")}`)
    .sort();
const read = (file: string) =>
  parse(readFileSync(join(REAL_SCHEMA, file), "utf8")) as Record<string, unknown>;

describe("each catalogue file compiles", () => {
  it.each(files("benefits"))("%s", (file) => {
    expect(errors.filter((error) => error.startsWith(`schema/${file}:`))).toEqual([]);
    const content = read(file) as { benefits?: { id: string }[]; aids?: { id: string }[] };
    for (const { id } of content.benefits ?? []) expect(benefitIds).toContain(id);
    for (const { id } of content.aids ?? []) expect(aidIds).toContain(id);
    expect((content.benefits ?? []).length + (content.aids ?? []).length).toBeGreaterThan(0);
  });

  it.each(files("aids"))("%s", (file) => {
    expect(errors.filter((error) => error.startsWith(`schema/${file}:`))).toEqual([]);
    const content = read(file) as { aids: { id: string; institution: string }[] };
    for (const { id, institution } of content.aids) {
      expect(aidIds).toContain(id);
      expect(file).toMatch(new RegExp(`/${institution}\\.yaml$`));
    }
  });

  it.each(files("families"))("%s", (file) => {
    expect(errors.filter((error) => error.startsWith(`schema/${file}:`))).toEqual([]);
    const content = read(file) as { family: string; members: { institution: string }[] };
    for (const { institution } of content.members) {
      expect(aidIds).toContain(`${content.family}_${institution}`);
    }
  });

  it.each(files("institutions"))("%s", (file) => {
    expect(errors.filter((error) => error.startsWith(`schema/${file}:`))).toEqual([]);
    const content = read(file) as { institutions: { id: string }[] };
    for (const { id } of content.institutions) expect(institutionIds).toContain(id);
  });

  it("counts at least 1,000 public aids", () => {
    const bundle = compiled.bundle!;
    const catalogue = compiled.catalogue!;
    expect(bundle.publicBenefitCount).toBe(
      bundle.benefits.length +
        catalogue.aids.filter((aid) => !aid.private).length +
        catalogue.bikeAids.length,
    );
    expect(bundle.publicBenefitCount).toBeGreaterThanOrEqual(1000);
  });

  it("carries the conditions to check of engine benefits, in French typography", () => {
    const housing = compiled.bundle!.benefits.find((benefit) => benefit.id === "aide_logement");
    expect(housing?.toCheck).toContain(
      "Le logement est décent\u00a0: il respecte une surface minimale et les normes de confort et de sécurité.",
    );
    expect(housing?.toCheck?.join(" ")).not.toMatch(/'/);
  });

  it("attaches every bike aid of @betagouv/aides-velo to an institution", () => {
    expect(compiled.catalogue!.bikeAids.length).toBeGreaterThan(300);
    for (const aid of compiled.catalogue!.bikeAids)
      expect(institutionIds).toContain(aid.institution);
  });
});

describe("checks of condition-based aids", () => {
  const CAF = "aids/caf/caf_haute_savoie.yaml";
  const FIRST =
    '      - { lives_in: { departements: ["74"] } }\n    links:\n      information: https://www.caf.fr/allocataires/caf-de-la-haute-savoie/offre-de-service/vie-professionnelle/solidarite-et-insertion\n      form:';

  it("reports a place outside the institution's territory, and a CAF aid naming two départements", () => {
    const { text, errors } = breakSchema(CAF, FIRST, FIRST.replace('["74"]', '["74", "01"]'));
    const line = lineOf(text, '["74", "01"]');
    expect(errors).toEqual([
      `schema/${CAF}:${line - 2} aids[0].conditions: a CAF aid names exactly one département (lives_in: { departements: [code] }), found 2`,
      `schema/${CAF}:${line} aids[0].conditions[1].lives_in: departements 01 lies outside the territory of institution "caf_haute_savoie" (departements 74)`,
    ]);
  });

  it("reports an unknown operator and an enumeration value that does not exist", () => {
    const { errors } = breakSchema(
      CAF,
      '      - { age_between: [16, null] }\n      - { lives_in: { departements: ["74"] } }\n    links:\n      information: https://www.caf.fr/allocataires/caf-de-la-haute-savoie/offre-de-service/vie-professionnelle/solidarite-et-insertion\n      form:',
      '      - { age_over: 16 }\n      - { study_year: [licence_9] }\n      - { lives_in: { departements: ["74"] } }\n    links:\n      information: https://www.caf.fr/allocataires/caf-de-la-haute-savoie/offre-de-service/vie-professionnelle/solidarite-et-insertion\n      form:',
    );
    expect(errors).toEqual([
      expect.stringMatching(/aids\[0\]\.conditions\[0\]\.age_over: unknown condition "age_over"/),
      expect.stringMatching(
        /aids\[0\]\.conditions\[1\]\.study_year: unknown annee_etude value "licence_9"$/,
      ),
    ]);
  });

  it("reports an aid naming a profile that does not exist", () => {
    const { errors } = breakSchema("profiles.yaml", "  - id: collegien\n", "  - id: college\n");
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error).toMatch(
        /profiles\[\d+\]\.profile: unknown profile "collegien" \(see schema\/profiles\.yaml\)$/,
      );
    }
  });

  it("reports a duplicate aid id across files", () => {
    const { errors } = breakSchema(
      CAF,
      "  - id: aide_bafa_generale_caf_haute_savoie\n",
      "  - id: aide_bafa_dapprofondissement_qualification_caf_haute_savoie\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /aids\[1\]\.id: duplicate aid id "aide_bafa_dapprofondissement_qualification_caf_haute_savoie" \(first at schema\/aids\/caf\/caf_haute_savoie\.yaml:\d+\)$/,
      ),
    ]);
  });

  it("reports a malformed link", () => {
    const { errors } = breakSchema(
      CAF,
      `${FIRST} https://www.caf.fr/sites/default/files/medias/741/Enfance-jeunesse/BAFA_032016.pdf`,
      `${FIRST} www.caf.fr/BAFA_032016.pdf`,
    );
    expect(errors).toEqual([expect.stringMatching(/aids\[0\]\.links\.form: expected a URL$/)]);
  });
});

describe("one file per institution (ADR 0006)", { timeout: 60_000 }, () => {
  it("reports an aid in another institution's file", () => {
    const { text, errors } = breakSchema(
      "aids/caf/caf_haute_savoie.yaml",
      "      formation générale, à partir de 16 ans.\n    institution: caf_haute_savoie\n",
      "      formation générale, à partir de 16 ans.\n    institution: caf_ain\n",
    );
    expect(errors).toContainEqual(
      `schema/aids/caf/caf_haute_savoie.yaml:${lineOf(text, "institution: caf_ain")} aids[1].institution: an aid of "caf_ain" belongs in schema/aids/caf/caf_ain.yaml (one file per institution)`,
    );
  });

  it("reads aid files at any depth, in path order", () => {
    const ids = compiled.catalogue!.aids.map((aid) => aid.id);
    const region = ids.indexOf("auvergne_rhone_alpes_pass_region");
    const caf = ids.indexOf("aide_bafa_generale_caf_haute_savoie");
    expect(caf).toBeGreaterThanOrEqual(0);
    expect(caf).toBeLessThan(region);
  });
});
