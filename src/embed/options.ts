import { PARENT_WARNING_TIMEOUT_MS } from "./protocol";

/** The `data-*` attributes of the host script's tag (as `HTMLElement.dataset` gives them). */
export interface EmbedDataset {
  /** Present (and not "false"): start on the home page rather than the first question. */
  fromHome?: string;
  /** "false": no header logo (the header collapses). */
  withLogo?: string;
  /** A theme id of the simulator (`schema/themes.yaml`). */
  theme?: string;
  /** Extra pixels below the content (a CSS length in px); a negative value is ignored. */
  margin?: string;
  /** Milliseconds before warning that the simulator never answered. */
  timeout?: string;
  /** The iframe's accessible title. */
  title?: string;
}

export const DEFAULT_IFRAME_TITLE = "Simulateur d’aides pour les jeunes";

const isOn = (value: string | undefined) => value !== undefined && value !== "false";

/** The simulator's address for this embedding, on the origin the script was served from. */
export function embedUrl(origin: string, dataset: EmbedDataset): string {
  const url = new URL(isOn(dataset.fromHome) ? "/" : "/simulation", origin);
  url.searchParams.set("iframe", "true");
  if (dataset.withLogo !== undefined) url.searchParams.set("data-with-logo", dataset.withLogo);
  if (dataset.theme) url.searchParams.set("theme", dataset.theme);
  return url.toString();
}

/** The margin in pixels: a number ("12", "12px") at least 0; negative or invalid gives 0 (docs/product.md §5). */
export function embedMargin(value: string | undefined): number {
  const margin = Number.parseFloat(value ?? "");
  return Number.isFinite(margin) && margin > 0 ? margin : 0;
}

/** The warning timeout: a positive number of milliseconds, else the default (docs/product.md §9). */
export function warningTimeout(value: string | undefined): number {
  const timeout = Number(value);
  return value && Number.isFinite(timeout) && timeout > 0 ? timeout : PARENT_WARNING_TIMEOUT_MS;
}
