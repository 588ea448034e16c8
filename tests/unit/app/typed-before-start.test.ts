// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetTypedBeforeStart,
  hydratingPrerenderedForms,
  typedBeforeStart,
  withTypedFields,
} from "../../../src/app/steps/typedBeforeStart";

afterEach(() => {
  forgetTypedBeforeStart();
  document.body.innerHTML = "";
});

/** A pre-rendered form as the server sent it: every field at its default. */
function prerendered(): HTMLElement {
  document.body.innerHTML = `<div id="root"><form>
    <input name="date_naissance.day" value="">
    <input name="date_naissance.month" value="">
    <input name="date_naissance.year" value="">
    <input type="radio" name="activite" value="etudiant">
    <input type="radio" name="activite" value="salarie" checked>
    <input type="checkbox" name="interets" value="velo">
  </form><input name="outside" value=""></div>`;
  return document.getElementById("root")!;
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe("what the visitor typed before the app started", () => {
  it("is the fields of the page's forms that differ from what the server sent", () => {
    const root = prerendered();
    field("date_naissance.day").value = "14";
    field("date_naissance.year").value = "2005";
    document.querySelector<HTMLInputElement>('[value="etudiant"]')!.checked = true;
    field("interets").checked = true;
    field("outside").value = "not in a form";
    hydratingPrerenderedForms(root);
    expect(Object.fromEntries(typedBeforeStart())).toEqual({
      "date_naissance.day": "14",
      "date_naissance.year": "2005",
      activite: "etudiant",
    });
  });

  it("is read once, by the first form: later forms and other pages get nothing", () => {
    const root = prerendered();
    field("date_naissance.day").value = "14";
    hydratingPrerenderedForms(root);
    expect(typedBeforeStart().size).toBe(1);
    expect(typedBeforeStart().size).toBe(1); // the same form rendering again
    forgetTypedBeforeStart();
    expect(typedBeforeStart().size).toBe(0);
  });

  it("is nothing on a page without a form", () => {
    document.body.innerHTML = `<div id="root"><input name="q" value=""></div>`;
    hydratingPrerenderedForms(document.getElementById("root")!);
    field("q").value = "typed";
    expect(typedBeforeStart().size).toBe(0);
  });
});

describe("withTypedFields", () => {
  const defaults = { date_naissance: { day: "", month: "", year: "" }, activite: "salarie" };

  it("puts each field at its dotted path, without changing the defaults given", () => {
    const typed = new Map([
      ["date_naissance.day", "14"],
      ["activite", "etudiant"],
    ]);
    expect(withTypedFields(defaults, typed)).toEqual({
      date_naissance: { day: "14", month: "", year: "" },
      activite: "etudiant",
    });
    expect(defaults.date_naissance.day).toBe("");
  });

  it("leaves alone a name the form does not hold as text", () => {
    const typed = new Map([
      ["date_naissance", "14"],
      ["nowhere.day", "1"],
      ["date_naissance.day.x", "2"],
    ]);
    expect(withTypedFields(defaults, typed)).toEqual(defaults);
  });
});
