import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../src/domain/escape-html";

// The oracle is an HTML parser: what it reads back must be the text we escaped, whatever it holds.
const samples = [
  "Vos résultats : 3 aides",
  `<script>alert("x")</script>`,
  `" onmouseover="alert(1)`,
  "Tom & Jerry &amp; co",
  "a > b < c",
  "",
];

describe("escapeHtml", () => {
  it.each(samples)("reads back as the same text in an element: %s", (text) => {
    const { document } = new JSDOM(`<p>${escapeHtml(text)}</p>`).window;
    const paragraph = document.querySelector("p")!;
    expect(paragraph.textContent).toBe(text);
    expect(paragraph.children).toHaveLength(0);
  });

  it.each(samples)("reads back as the same value in a quoted attribute: %s", (text) => {
    const { document } = new JSDOM(`<div data-path="${escapeHtml(text)}"></div>`).window;
    const element = document.querySelector("div")!;
    expect(element.getAttribute("data-path")).toBe(text);
    expect(element.attributes).toHaveLength(1);
  });
});
