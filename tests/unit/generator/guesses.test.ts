/**
 * `guesses:` in journey.yaml (docs/schema-format.md "Guessed inputs"): what `schema:check` refuses.
 */
import { afterAll, describe, expect, it } from "vitest";
import { breakSchema, lineOf, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const JOURNEY = "schema/journey.yaml";

describe("guessed inputs (journey.yaml `guesses:`)", { timeout: 60_000 }, () => {
  it("reports a condition that is not an aid condition", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "conditions: [family_quotient]",
      "conditions: [family_quotien]",
    );
    expect(errors).toEqual([
      `${JOURNEY}:${lineOf(text, "conditions: [family_quotien]")} guesses[0].aids.conditions[0]: "family_quotien" is not an aid condition`,
    ]);
  });

  it("reports a derived input that stands for no missing answer", () => {
    const { errors } = breakSchema(
      "journey.yaml",
      "input: { derived: _regimeSecuriteSociale }",
      "input: { derived: _etudiant }",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/guesses\[1\]\.input\.derived: "_etudiant" has no "otherwise"/);
  });

  it("reports an unknown mapping rule", () => {
    const { errors } = breakSchema(
      "journey.yaml",
      "input: { rule: past_benefits }",
      "input: { rule: past_incomes }",
    );
    expect(errors.join("\n")).toMatch(/guesses\[2\]\.input/);
  });

  it("reports a possible effect without its words, and a link neither https nor the simulator's", () => {
    const { errors } = breakSchema(
      "journey.yaml",
      "    label: Possible, selon votre régime de sécurité sociale\n",
      "",
    );
    expect(errors).toEqual([
      expect.stringMatching(/guesses\[1\]: an effect "possible" needs a "label"$/),
    ]);
    const link = breakSchema("journey.yaml", "url: https://www.msa.fr", "url: http://www.msa.fr");
    expect(link.errors).toEqual([
      expect.stringMatching(
        /guesses\[1\]\.links\[1\]\.url: "http:\/\/www\.msa\.fr" is neither an https page/,
      ),
    ]);
  });
});
