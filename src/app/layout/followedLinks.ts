/**
 * The link a visitor followed from each page, and where the page was scrolled then, by history
 * entry (react-router's location key): coming back to that entry ("Retour", the browser's back),
 * the visitor finds the page where they left it, the link they followed focused, rather than at
 * the top of a long list (the results, `/aides`).
 */
export interface FollowedLink {
  href: string;
  scrollY: number;
}

/** About as many pages as a visit goes back through; the least recently used are forgotten first. */
export const FOLLOWED_LINKS_KEPT = 50;

/** The link of `main` a click followed, if it is one (not one opening elsewhere). */
export function followedLink(target: EventTarget | null): HTMLAnchorElement | undefined {
  if (!(target instanceof Element)) return undefined;
  const link = target.closest<HTMLAnchorElement>("main a[href]");
  if (!link || (link.target && link.target !== "_self")) return undefined;
  return link;
}

/** Focuses the page's link to `href` where it was scrolled; false when the page has none. */
export function returnToLink({ href, scrollY }: FollowedLink): boolean {
  const link = [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")].find(
    (candidate) => candidate.getAttribute("href") === href,
  );
  if (!link) return false;
  // A link inside a closed disclosure (the results « À vérifier ») cannot take the focus: opened.
  for (let d = link.closest("details"); d; d = d.parentElement?.closest("details") ?? null)
    d.open = true;
  document.scrollingElement?.scrollTo?.({ top: scrollY, behavior: "instant" });
  link.focus({ preventScroll: true });
  const box = link.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) link.scrollIntoView({ block: "center" });
  return true;
}
