/** schema/results.yaml: categories, themes and exclusions, and the gate on the ids they name. */
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { breakSchema, REAL_SCHEMA, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const { bundle, errors } = compileSchema(REAL_SCHEMA);

describe("results.yaml", () => {
  it("compiles the categories by value, the themes and the exclusions", () => {
    expect(errors).toEqual([]);
    const rules = bundle?.results;
    expect(rules?.categories.map((c) => [c.id, c.total])).toEqual([
      ["par-mois", "mensuel"],
      ["par-an", "annuel"],
      ["en-une-fois", "ponctuel"],
      ["avantages", "none"],
    ]);
    expect(rules?.themes.map((t) => t.id)).toContain("logement");
    expect(rules?.themes.some((t) => t.id === rules.defaultTheme)).toBe(true);
    const cej = rules?.exclusions.find((e) => e.id === "cej-rsa-ppa");
    expect(cej?.options).toEqual([["contrat_engagement_jeune"], ["rsa", "ppa"]]);
    expect(cej?.reason).toContain("d’activité");
  });

  it("rejects an unknown benefit in an exclusion, with a suggestion", () => {
    const { errors } = breakSchema("results.yaml", "      - [rsa, ppa]\n", "      - [rsa, ppaa]\n");
    expect(errors.join("\n")).toMatch(/schema\/results\.yaml:\d+ .*unknown benefit or aid "ppaa"/);
  });

  it("rejects an unknown id in a category or a theme, and an unknown interest flag", () => {
    expect(
      breakSchema(
        "results.yaml",
        "      - grand_est_fluo_67_tarification_solidaire\n",
        "      - grand_est_fluo_67\n",
      ).errors.join("\n"),
    ).toContain('unknown benefit or aid "grand_est_fluo_67"');
    expect(
      breakSchema("results.yaml", "[_interetBafa,", "[_interetBafaa,").errors.join("\n"),
    ).toContain('unknown interest flag "_interetBafaa"');
  });

  it("rejects a preferred result outside the exclusion, one result in two options, a last category that adds up", () => {
    const preferred = breakSchema(
      "results.yaml",
      "    preferred: css_participation_forfaitaire\n",
      "    preferred: rsa\n",
    ).errors.join("\n");
    expect(preferred).toContain(`"rsa" is not one of the exclusion's options`);
    const twice = breakSchema("results.yaml", "      - [ass]\n", "      - [ass, aah]\n");
    expect(twice.errors.join("\n")).toContain('"aah" is in two options');
    const last = breakSchema(
      "results.yaml",
      "    total: none\n    sort: label\n    compact: true\n",
      "    total: ponctuel\n    sort: label\n    compact: true\n",
    );
    expect(last.errors.join("\n")).toContain(
      'the last category "avantages" takes every result left',
    );
  });

  it("rejects an unknown default theme", () => {
    const { errors } = breakSchema("results.yaml", "defaultTheme: argent", "defaultTheme: sous");
    expect(errors.join("\n")).toContain('unknown theme "sous"');
  });
});
