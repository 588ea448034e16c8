/** The browser's do-not-track setting (docs/product.md §7): "1" means the visitor asked not to be tracked. */
export function doNotTrack(nav: Pick<Navigator, "doNotTrack"> | undefined): boolean {
  return nav?.doNotTrack === "1";
}

/** Matomo's opt-out cookie. */
export function hasPiwikIgnoreCookie(cookie: string): boolean {
  return cookie.split(";").some((part) => part.trim().split("=")[0] === "piwik_ignore");
}
