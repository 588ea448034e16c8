import { describe, expect, it } from "vitest";
import {
  ProducibleClasses,
  removeUnusedCss,
  requiredClasses,
} from "../../../scripts/build/unused-css";

const kept = (css: string, sources: string[]) => removeUnusedCss(css, sources).css;

describe("requiredClasses", () => {
  it("reads the fr- classes every match needs, escapes included", () => {
    expect(requiredClasses(".fr-btn.fr-btn--sm > .fr-icon .x")).toEqual([
      "fr-btn",
      "fr-btn--sm",
      "fr-icon",
    ]);
    expect(requiredClasses(".fr-col-md-1\\:2")).toEqual(["fr-col-md-1:2"]);
  });

  it("ignores what a functional pseudo-class or an attribute selector holds", () => {
    expect(
      requiredClasses(
        '.fr-btns-group--sm:not(.fr-btns-group--lg:is(.fr-a,.fr-b)) .fr-btn[class*=" fr-icon-"]',
      ),
    ).toEqual(["fr-btns-group--sm", "fr-btn"]);
    expect(requiredClasses(":where(.fr-x) p:has(> .fr-y)")).toEqual([]);
  });
});

describe("ProducibleClasses", () => {
  it("reads names, words, prefixes and templates", () => {
    const producible = new ProducibleClasses([
      'className:"fr-card fr-btn--icon-"+side,ns("collapse--expanded"),cx(`fr-${kind}-group`)',
    ]);
    expect(producible.has("fr-card")).toBe(true);
    expect(producible.has("fr-btn--icon-left")).toBe(true);
    // The DSFR's script prefixes its own names.
    expect(producible.has("fr-collapse--expanded")).toBe(true);
    expect(producible.has("fr-radio-group")).toBe(true);
    expect(producible.has("fr-tile")).toBe(false);
    expect(producible.has("fr-btn--secondary")).toBe(false);
  });

  it("reads the DSFR script's state classes: a block's class, `--` and a word", () => {
    const producible = new ProducibleClasses(['selector("modal"),OPENED:{id:"opened"}']);
    expect(producible.has("fr-modal--opened")).toBe(true);
    expect(producible.has("fr-modal--closed")).toBe(false);
  });

  it("does not take `fr-` alone for a prefix of every class", () => {
    expect(new ProducibleClasses(["cx(`fr-${titleAs}`)"]).has("fr-tile")).toBe(false);
  });
});

describe("removeUnusedCss", () => {
  const css = [
    ":root{--used:red;--only-in-dead-rule:blue;--chained:green;--unread:black;--via-script:0}",
    ".fr-card{color:var(--used);border-color:var(--chained-reader)}",
    ":root{--chained-reader:var(--chained)}",
    ".fr-tile{color:var(--only-in-dead-rule)}",
    ".fr-tile,.fr-card--sm{margin:0}",
    ".fr-card:not(.fr-tile){padding:0}",
    '.fr-btn[class*=" fr-icon-"]{max-width:2rem}',
    "@media (min-width:48em){.fr-tile{display:block}}",
    "@keyframes fr-spin{from{opacity:0}to{opacity:1}}",
    "p{margin:0}",
  ].join("");
  const sources = ['cx("fr-card","fr-btn"),style:{"--via-script":1}'];

  it("removes whole rules whose every selector needs a class nothing produces", () => {
    const result = kept(css, sources);
    expect(result).not.toContain(".fr-tile{");
    expect(result).not.toContain(".fr-tile,.fr-card--sm");
    expect(result).not.toContain("@media");
    expect(result).toContain(".fr-card:not(.fr-tile){padding:0}");
    expect(result).toContain('.fr-btn[class*=" fr-icon-"]{max-width:2rem}');
    expect(result).toContain("@keyframes fr-spin");
    expect(result).toContain("p{margin:0}");
  });

  it("keeps a rule whole when one of its selectors may match", () => {
    expect(kept(".fr-tile,.fr-card{margin:0}", sources)).toBe(".fr-tile,.fr-card{margin:0}");
  });

  it("removes the custom properties nothing left reads", () => {
    const result = kept(css, sources);
    expect(result).toContain("--used:red");
    expect(result).toContain("--chained:green");
    expect(result).toContain("--chained-reader:var(--chained)");
    expect(result).toContain("--via-script:0");
    expect(result).not.toContain("--only-in-dead-rule");
    expect(result).not.toContain("--unread");
  });

  it("counts what it removed", () => {
    const result = removeUnusedCss(css, sources);
    expect(result.removedRules).toBe(3);
    expect(result.removedBytes).toBe(css.length - result.css.length);
  });
});
