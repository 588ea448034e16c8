/** Plain-French hints for YAML syntax mistakes, one test per hint. */
import { afterAll, describe, expect, it } from "vitest";
import { formatSchemaErrorWithHint } from "../../../scripts/schema/errors";
import { parseSource } from "../../../scripts/schema/load";
import { breakSchemaReport, lineOf, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

/** What `schema:check` prints for this text as `schema/x.yaml` (no-break spaces as spaces). */
function report(text: string): string[] {
  return parseSource(text, "schema/x.yaml").errors.map((error) =>
    formatSchemaErrorWithHint(error).replace(/\u00a0/g, " "),
  );
}

describe("YAML syntax hints", () => {
  it("a colon in an unquoted text: put the text in quotes", () => {
    expect(report("steps:\n  - question: Vous: êtes-vous étudiant ?\n")).toEqual([
      'schema/x.yaml:2: YAML syntax error: Nested mappings are not allowed in compact mappings\n  → Un texte contient « : » suivi d’une espace : mettez le texte entre guillemets, par exemple question: "Vous : êtes-vous étudiant ?". Sinon, vérifiez l’indentation de la ligne.',
    ]);
  });

  it("a colon in a text between braces", () => {
    expect(report("options:\n  - { value: oui, label: Oui: tout à fait }\n")).toEqual([
      'schema/x.yaml:2: YAML syntax error: Block collections are not allowed within flow collections\n  → Entre { } ou [ ], un texte qui contient « : » ou « - » se met entre guillemets, par exemple { value: oui, label: "Oui : tout à fait" }.',
    ]);
  });

  it("a tab: indent with spaces", () => {
    expect(report("a:\n\tb: 1\n")).toEqual([
      "schema/x.yaml:2: YAML syntax error: Tabs are not allowed as indentation\n  → Indentez avec des espaces, jamais des tabulations (réglez votre éditeur sur « espaces »).",
    ]);
  });

  it("keys of one level at different columns", () => {
    expect(report("a:\n    b: 1\n  c: 2\n")).toEqual([
      "schema/x.yaml:3: YAML syntax error: All mapping items must start at the same column\n  → Les clés d’un même niveau commencent à la même colonne : alignez cette ligne sur celles du dessus (2 espaces par niveau).",
    ]);
  });

  it("an unclosed brace", () => {
    expect(report("a: { b: 1\nc: 2\n")).toEqual([
      "schema/x.yaml:2: YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }\n  → Une accolade { ou un crochet [ ouvert n’est pas refermé : ajoutez } ou ] à la fin de l’élément, sur la même ligne ou plus loin avec la même indentation.",
    ]);
  });

  it("a line that is not key: value", () => {
    expect(report("a:1\nb: 2\n")).toEqual([
      "schema/x.yaml:1: YAML syntax error: Implicit keys need to be on a single line\n  → Une ligne n’est ni « clé: valeur » ni un élément « - … » : ajoutez une espace après les deux-points (clé: valeur), vérifiez l’indentation, ou mettez un texte sur plusieurs lignes entre guillemets.",
    ]);
  });

  it("a key written twice", () => {
    expect(report("label: a\nlabel: b\n")).toEqual([
      "schema/x.yaml:2: YAML syntax error: Map keys must be unique\n  → Cette clé est déjà écrite plus haut au même niveau : supprimez l’une des deux, ou renommez-la.",
    ]);
  });

  it("an unclosed quote", () => {
    expect(report('a: "abc\nb: 2\n')).toEqual([
      'schema/x.yaml:3: YAML syntax error: Missing closing "quote\n  → Un guillemet ouvert n’est pas refermé : fermez-le à la fin du texte, avec le même guillemet (" ou \').',
    ]);
  });

  it("text after a closing quote (an apostrophe inside apostrophes)", () => {
    expect(report("label: 'l'aide'\n")).toEqual([
      "schema/x.yaml:1: YAML syntax error: Unexpected scalar at node end\n  → Du texte suit un guillemet fermant : mettez tout le texte entre guillemets doubles, par exemple \"l'aide « Pass » de la ville\". Dans un texte entre apostrophes, une apostrophe s’écrit deux fois ('l''aide').",
    ]);
  });

  it("a text starting with a reserved character", () => {
    expect(report("label: @ville\n")).toEqual([
      "schema/x.yaml:1: YAML syntax error: Plain value cannot start with reserved character @\n  → Un texte ne peut pas commencer par @, `, % ou | : mettez-le entre guillemets.",
    ]);
  });

  it("a backslash in double quotes", () => {
    expect(report('label: "a\\qb"\n')).toEqual([
      "schema/x.yaml:1: YAML syntax error: Invalid escape sequence \\q\n  → Dans un texte entre guillemets doubles, \\ commence un code spécial : écrivez \\\\ pour une barre oblique inverse, ou utilisez des apostrophes.",
    ]);
  });

  it("reach schema:check with the file and line of the real schema", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "question: Êtes-vous en colocation ?",
      "question: Colocation : êtes-vous en colocation ?",
    );
    const [first] = errors;
    expect(first?.split("\n")[0]).toBe(
      `schema/blocks/logement.yaml:${lineOf(text, "Colocation :")}: YAML syntax error: Nested mappings are not allowed in compact mappings`,
    );
    expect(first).toContain("mettez le texte entre guillemets");
  });
});
