import type { EmbedDataset } from "../../embed/options";

/** What the integrator page lets a partner choose (see IframePage). */
export interface EmbedChoices {
  fromHome: boolean;
  withLogo: boolean;
  /** A theme id; the default theme needs no attribute. */
  theme: string;
}

/** The `data-*` attributes of the host script for these choices, as its `dataset` reads them. */
export function embedDataset(choices: EmbedChoices, defaultTheme: string): EmbedDataset {
  return {
    ...(choices.fromHome ? { fromHome: "" } : {}),
    ...(choices.withLogo ? {} : { withLogo: "false" }),
    ...(choices.theme !== defaultTheme ? { theme: choices.theme } : {}),
  };
}

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The tag to paste, e.g. `<script src="https://…/embed.js" data-from-home></script>`. */
export function embedSnippet(origin: string, choices: EmbedChoices, defaultTheme: string): string {
  const dataset = embedDataset(choices, defaultTheme);
  const attributes = [`src="${escapeAttribute(`${origin}/embed.js`)}"`];
  if (dataset.fromHome !== undefined) attributes.push("data-from-home");
  if (dataset.withLogo !== undefined)
    attributes.push(`data-with-logo="${escapeAttribute(dataset.withLogo)}"`);
  if (dataset.theme !== undefined)
    attributes.push(`data-theme="${escapeAttribute(dataset.theme)}"`);
  return `<script ${attributes.join(" ")}></script>`;
}
