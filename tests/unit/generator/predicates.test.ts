import { describe, expect, it } from "vitest";
import { formatPath } from "../../../scripts/schema/errors";
import { analysePredicate } from "../../../scripts/schema/predicates";

describe("analysePredicate", () => {
  it("collects vars, including those read by age", () => {
    const result = analysePredicate(
      { and: [{ "<=": [{ age: { var: "self.date_naissance" } }, { var: "parametres.x" }] }] },
      ["when"],
    );
    expect(result.issues).toEqual([]);
    expect(result.vars).toEqual([
      { name: "self.date_naissance", path: ["when", "and", 0, "<=", 0, "age"], inAge: true },
      { name: "parametres.x", path: ["when", "and", 0, "<=", 1], inAge: false },
    ]);
  });

  it("collects string literals compared with a var, either way round and through in", () => {
    const result = analysePredicate(
      {
        or: [
          { "===": ["a", { var: "x.y" }] },
          { in: [{ var: "x.z" }, ["b", null, 3]] },
          { in: ["c", { var: "x.m" }] },
        ],
      },
      [],
    );
    expect(result.comparisons).toEqual([
      { varName: "x.y", literal: "a", path: ["or", 0, "===", 0] },
      { varName: "x.z", literal: "b", path: ["or", 1, "in", 1, 0] },
      { varName: "x.m", literal: "c", path: ["or", 2, "in", 0] },
    ]);
  });

  it("accepts the single-argument form of !", () => {
    expect(analysePredicate({ "!": { var: "a.b" } }, []).vars).toEqual([
      { name: "a.b", path: ["!"], inAge: false },
    ]);
    expect(analysePredicate({ "!": [{ var: "a.b" }] }, []).issues).toEqual([]);
  });

  it("reports malformed predicates", () => {
    const issues = (predicate: unknown) =>
      analysePredicate(predicate, []).issues.map((i) => `${formatPath(i.path)}: ${i.reason}`);
    expect(issues({ "==": [1, 1] })).toEqual([': unknown operator "=="']);
    expect(issues({ "===": [1, 1], "!==": [1, 2] })).toEqual([
      ": expected exactly one operator, found 2",
    ]);
    expect(issues({ var: ["a.b", 1] })).toEqual([
      'var: "var" takes a dotted name, e.g. { var: self.date_naissance }',
    ]);
    expect(issues({ age: 3 })).toEqual([
      'age: "age" takes a date field, e.g. { age: { var: self.date_naissance } }',
    ]);
    expect(issues({ in: [{ var: "a.b" }, [{ var: "c.d" }]] })).toEqual([
      'in[1][0]: the list of "in" may only hold literals',
    ]);
    expect(issues({ and: [] })).toEqual(['and: "and" takes at least one argument']);
    expect(issues({ "===": [[1], 1] })).toEqual([
      '["==="][0]: unexpected list (lists are only allowed as the second argument of "in")',
    ]);
  });
});

describe("formatPath", () => {
  it("writes keys that are not identifiers in brackets", () => {
    expect(formatPath(["steps", 3, "when", "and", 0, "===", 1, "var"])).toBe(
      'steps[3].when.and[0]["==="][1].var',
    );
    expect(formatPath([])).toBe("");
  });
});
