import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { z } from "zod";
import { THEME_PROPERTIES, type ThemeCatalogue } from "../../src/app/theme/model";
import type { SchemaError } from "./errors";
import { validate } from "./format";
import { parseSource } from "./load";

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected a colour #rrggbb");
const palette = z.partialRecord(z.enum(THEME_PROPERTIES), colour);

export const themesFile = z.strictObject({
  default: z.string().min(1),
  themes: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z][a-z0-9-]*$/, "expected a lower-case id (letters, digits, -)"),
        label: z.string().min(1),
        radius: z
          .string()
          .regex(/^(0|\d+(\.\d+)?(rem|px|em))$/, "expected a CSS length such as 0.5rem"),
        font: z
          .string()
          .min(1)
          .regex(/^[^;{}<>]+$/, "expected a font-family list without ; { } < >"),
        light: palette,
        dark: palette,
      }),
    )
    .min(1),
});

/**
 * Reads and checks `schema/themes.yaml`: the format, unique ids, a default that names a theme, and
 * the same properties in the light and the dark palette (otherwise a dark page would mix the
 * theme's light colours with the DSFR's dark ones).
 */
export function compileThemes(schemaDir: string): {
  themes?: ThemeCatalogue;
  errors: SchemaError[];
} {
  const absolute = join(schemaDir, "themes.yaml");
  const rel = relative(dirname(schemaDir), absolute).split(sep).join("/");
  if (!existsSync(absolute))
    return { errors: [{ file: rel, line: 1, path: "", reason: "missing file" }] };
  const source = parseSource(readFileSync(absolute, "utf8"), rel);
  if (!source.file) return { errors: source.errors };
  const file = source.file;
  const { parsed, errors } = validate(file, themesFile);
  if (!parsed) return { errors };
  const catalogue = parsed.value as ThemeCatalogue;
  const seen = new Set<string>();
  catalogue.themes.forEach((theme, i) => {
    if (seen.has(theme.id))
      errors.push(file.error(["themes", i, "id"], `duplicate theme "${theme.id}"`));
    seen.add(theme.id);
    const light = Object.keys(theme.light);
    const dark = Object.keys(theme.dark);
    for (const name of light.filter((key) => !dark.includes(key)))
      errors.push(file.error(["themes", i, "dark"], `missing "${name}" (set in light)`));
    for (const name of dark.filter((key) => !light.includes(key)))
      errors.push(file.error(["themes", i, "light"], `missing "${name}" (set in dark)`));
  });
  if (!seen.has(catalogue.default))
    errors.push(file.error(["default"], `unknown theme "${catalogue.default}"`));
  return errors.length > 0 ? { errors } : { themes: catalogue, errors };
}

/** Writes `themes.json` into `outDir` when its content changed; returns the written paths. */
export function emitThemes(themes: ThemeCatalogue, outDir: string): string[] {
  const path = join(outDir, "themes.json");
  const content = `${JSON.stringify(themes, null, 2)}\n`;
  if (existsSync(path) && readFileSync(path, "utf8") === content) return [];
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path, content);
  return [path];
}
