import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import bundleJson from "../../../src/generated/bundle.json";
import { aidsCountPlugin, aidsCountText } from "../../../vite.config";

const formatted = bundleJson.publicBenefitCount.toLocaleString("fr-FR");

describe("index.html", () => {
  it("carries the number of aids in its meta description once built", () => {
    const html = readFileSync(new URL("../../../src/app/index.html", import.meta.url), "utf8");
    expect(html).toContain("%AIDS_COUNT%");
    expect(html).not.toMatch(/\b1026\b/);
    expect(aidsCountText()).toBe(formatted);
    const plugin = aidsCountPlugin();
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const out = transform(html);
    expect(out).toContain(`vos droits parmi ${formatted} aides`);
    expect(out).not.toContain("%AIDS_COUNT%");
  });
});
