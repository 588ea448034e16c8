// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compileThemes } from "../../../scripts/schema/themes";
import { formatSchemaError } from "../../../scripts/schema/errors";
import type { Theme } from "../../../src/app/theme/model";
import {
  THEME_ATTRIBUTE,
  applyTheme,
  parseTheme,
  themeCatalogue,
  themeCss,
} from "../../../src/app/theme/themes";

afterEach(() => {
  applyTheme(undefined);
  vi.restoreAllMocks();
});

describe("themes", () => {
  it("are the four of the spec, the DSFR dark blue first and by default", () => {
    expect(themeCatalogue.default).toBe("dsfr");
    expect(themeCatalogue.themes.map((theme) => theme.label)).toEqual([
      "Thème bleu foncé (DSFR)",
      "Thème bleu clair",
      "Thème métropole",
      "Thème annuaire de l’action sociale",
    ]);
    for (const theme of themeCatalogue.themes) {
      expect(theme.radius, theme.id).toBeTruthy();
      expect(theme.font, theme.id).toBeTruthy();
      expect(Object.keys(theme.light).length, theme.id).toBeGreaterThan(0);
    }
  });

  it("are found by id or label; an unknown one is logged and ignored", () => {
    expect(parseTheme("metropole")?.id).toBe("metropole");
    expect(parseTheme("Thème bleu clair")?.id).toBe("bleu-clair");
    expect(parseTheme(null)).toBeUndefined();
    expect(parseTheme("")).toBeUndefined();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseTheme("vert-pomme")).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("set the palette per scheme, the radius and the font at the document's root", () => {
    const theme = parseTheme("bleu-clair")!;
    applyTheme(theme);
    expect(document.documentElement.getAttribute(THEME_ATTRIBUTE)).toBe("bleu-clair");
    const css = document.getElementById("app-theme")?.textContent ?? "";
    expect(css).toBe(themeCss(theme));
    expect(css).toContain(`:root[data-app-theme="bleu-clair"] { --app-radius: 0.5rem;`);
    expect(css).toContain(
      `--blue-france-sun-113-625: ${theme.light["--blue-france-sun-113-625"]};`,
    );
    expect(css).toContain(
      `:root[data-app-theme="bleu-clair"][data-fr-theme="dark"] { --blue-france-sun-113-625: ${theme.dark["--blue-france-sun-113-625"]};`,
    );
    // Another theme replaces it; none goes back to the DSFR's look.
    applyTheme(parseTheme("metropole"));
    expect(document.querySelectorAll("#app-theme")).toHaveLength(1);
    applyTheme(undefined);
    expect(document.documentElement.hasAttribute(THEME_ATTRIBUTE)).toBe(false);
    expect(document.getElementById("app-theme")).toBeNull();
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

// The DSFR's page backgrounds (default and alternative grey) in each scheme.
const BACKGROUNDS = { light: ["#ffffff", "#f6f6f6"], dark: ["#161616", "#1e1e1e"] } as const;

describe.each(themeCatalogue.themes.map((theme) => [theme.id, theme] as [string, Theme]))(
  "theme %s contrasts (WCAG AA, 4.5:1)",
  (_id, theme) => {
    for (const scheme of ["light", "dark"] as const) {
      const palette = theme[scheme];
      const main = palette["--blue-france-sun-113-625"]!;
      it(`${scheme}: links and titles on the page backgrounds`, () => {
        for (const background of BACKGROUNDS[scheme])
          expect(contrast(main, background)).toBeGreaterThanOrEqual(4.5);
      });
      it(`${scheme}: the text of primary buttons on their background`, () => {
        expect(contrast(palette["--blue-france-975-sun-113"]!, main)).toBeGreaterThanOrEqual(4.5);
      });
      it(`${scheme}: links on the light action background (tags, tertiary buttons)`, () => {
        expect(contrast(main, palette["--blue-france-925-125"]!)).toBeGreaterThanOrEqual(4.5);
      });
    }
  },
);

describe("schema/themes.yaml check", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const check = (yaml: string) => {
    const dir = mkdtempSync(join(tmpdir(), "themes-"));
    dirs.push(dir);
    const schemaDir = join(dir, "schema");
    mkdirSync(schemaDir);
    writeFileSync(join(schemaDir, "themes.yaml"), yaml);
    return compileThemes(schemaDir).errors.map(formatSchemaError);
  };

  it("accepts the project's file", () => {
    expect(compileThemes(join(process.cwd(), "schema")).errors).toEqual([]);
  });

  it("reports file:line path: reason", () => {
    const errors = check(
      [
        "default: absent",
        "themes:",
        "  - id: a",
        "    label: A",
        "    radius: large",
        "    font: Arial",
        "    light:",
        '      --blue-france-sun-113-625: "#000091"',
        '      --rouge: "#ff0000"',
        "    dark: {}",
        "  - id: a",
        "    label: B",
        '    radius: "0"',
        "    font: Arial",
        "    light: {}",
        "    dark: {}",
        "",
      ].join("\n"),
    );
    expect(errors).toContain(
      "schema/themes.yaml:5 themes[0].radius: expected a CSS length such as 0.5rem",
    );
    expect(errors.some((error) => error.startsWith("schema/themes.yaml:9 themes[0].light"))).toBe(
      true,
    );
  });

  it("requires the same properties in both schemes, unique ids and a known default", () => {
    const errors = check(
      [
        "default: absent",
        "themes:",
        "  - id: a",
        "    label: A",
        '    radius: "0"',
        "    font: Arial",
        "    light:",
        '      --blue-france-sun-113-625: "#000091"',
        "    dark: {}",
        "  - id: a",
        "    label: B",
        '    radius: "0"',
        "    font: Arial",
        "    light: {}",
        "    dark: {}",
        "",
      ].join("\n"),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'schema/themes.yaml:9 themes[0].dark: missing "--blue-france-sun-113-625" (set in light)',
        'schema/themes.yaml:10 themes[1].id: duplicate theme "a"',
        'schema/themes.yaml:1 default: unknown theme "absent"',
      ]),
    );
  });
});
