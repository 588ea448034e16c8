import { expect, it } from "vitest";
import { parseSource } from "../../../scripts/schema/load";

const TEXT = "steps:\n  - id: a\n    label: Premier\n  - id: b\n    label: Second\n";

it("gives each caller of the same text its own data, with the lines of its own file", () => {
  const first = parseSource(TEXT, "schema/blocks/one.yaml").file!;
  (first.data as { steps: { id: string }[] }).steps[0]!.id = "changed by the compiler";
  const second = parseSource(TEXT, "schema/blocks/two.yaml").file!;
  expect(second.data).toEqual({
    steps: [
      { id: "a", label: "Premier" },
      { id: "b", label: "Second" },
    ],
  });
  expect(second.error(["steps", 1, "label"], "raison")).toEqual({
    file: "schema/blocks/two.yaml",
    line: 5,
    path: "steps[1].label",
    reason: "raison",
  });
});

it("reports a syntax error every time the text is given", () => {
  const broken = "steps:\n  - id: a\n   label: mal indenté\n";
  expect(parseSource(broken, "schema/x.yaml").errors).not.toHaveLength(0);
  expect(parseSource(broken, "schema/x.yaml").errors).not.toHaveLength(0);
});
