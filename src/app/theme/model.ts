/** One theme of the simulator (docs/product.md §3 "Themes"), as `schema/themes.yaml` declares it. */
export interface Theme {
  /** The value of the `theme` query parameter (`data-theme` of the host script). */
  id: string;
  label: string;
  /** A CSS length for the corners of buttons, fields, cards and tags. */
  radius: string;
  /** A CSS `font-family` value. */
  font: string;
  /** DSFR palette custom properties (`--blue-france-…`) and their colours, per scheme. */
  light: Record<string, string>;
  dark: Record<string, string>;
}

export interface ThemeCatalogue {
  /** The theme used when none, or an unknown one, is asked for. */
  default: string;
  themes: Theme[];
}

/**
 * The DSFR palette properties a theme may set: the "blue France" family the DSFR's action, active
 * and title tokens are made of.
 */
export const THEME_PROPERTIES = [
  "--blue-france-sun-113-625",
  "--blue-france-sun-113-625-hover",
  "--blue-france-sun-113-625-active",
  "--blue-france-975-sun-113",
  "--blue-france-main-525",
  "--blue-france-925-125",
  "--blue-france-950-100",
  "--blue-france-975-75",
] as const;
