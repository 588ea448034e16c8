import { describe, expect, it } from "vitest";
import { embedMargin, embedUrl, warningTimeout } from "../../../src/embed/options";
import {
  PARENT_WARNING_TIMEOUT_MS,
  RESIZE_MESSAGE,
  isResizeMessage,
} from "../../../src/embed/protocol";
import { embedSnippet } from "../../../src/app/iframe/snippet";

const ORIGIN = "https://simulateur.example.fr";

describe("host script options", () => {
  it("starts on the simulation unless data-from-home is there", () => {
    expect(embedUrl(ORIGIN, {})).toBe(`${ORIGIN}/simulation?iframe=true`);
    expect(embedUrl(ORIGIN, { fromHome: "" })).toBe(`${ORIGIN}/?iframe=true`);
    expect(embedUrl(ORIGIN, { fromHome: "false" })).toBe(`${ORIGIN}/simulation?iframe=true`);
  });

  it("passes the logo flag and the theme to the simulator", () => {
    const url = new URL(embedUrl(ORIGIN, { fromHome: "", withLogo: "false", theme: "metropole" }));
    expect(url.searchParams.get("iframe")).toBe("true");
    expect(url.searchParams.get("data-with-logo")).toBe("false");
    expect(url.searchParams.get("theme")).toBe("metropole");
  });

  it("ignores a negative or invalid margin", () => {
    expect(embedMargin("24")).toBe(24);
    expect(embedMargin("12px")).toBe(12);
    expect(embedMargin("-40")).toBe(0);
    expect(embedMargin("-1px")).toBe(0);
    expect(embedMargin("beaucoup")).toBe(0);
    expect(embedMargin(undefined)).toBe(0);
  });

  it("warns after 5000 ms by default, or the configured delay", () => {
    expect(warningTimeout(undefined)).toBe(PARENT_WARNING_TIMEOUT_MS);
    expect(PARENT_WARNING_TIMEOUT_MS).toBe(5000);
    expect(warningTimeout("8000")).toBe(8000);
    expect(warningTimeout("-1")).toBe(5000);
    expect(warningTimeout("jamais")).toBe(5000);
  });

  it("accepts only well-formed resize messages", () => {
    expect(isResizeMessage({ type: RESIZE_MESSAGE, height: 812 })).toBe(true);
    expect(isResizeMessage({ type: RESIZE_MESSAGE, height: -3 })).toBe(false);
    expect(isResizeMessage({ type: RESIZE_MESSAGE, height: "812" })).toBe(false);
    expect(isResizeMessage({ type: "autre", height: 812 })).toBe(false);
    expect(isResizeMessage(null)).toBe(false);
    expect(isResizeMessage("812")).toBe(false);
  });
});

describe("integrator snippet", () => {
  it("names only the attributes that differ from the defaults", () => {
    expect(embedSnippet(ORIGIN, { fromHome: true, withLogo: true, theme: "dsfr" }, "dsfr")).toBe(
      `<script src="${ORIGIN}/embed.js" data-from-home></script>`,
    );
    expect(
      embedSnippet(ORIGIN, { fromHome: false, withLogo: false, theme: "bleu-clair" }, "dsfr"),
    ).toBe(
      `<script src="${ORIGIN}/embed.js" data-with-logo="false" data-theme="bleu-clair"></script>`,
    );
  });
});
