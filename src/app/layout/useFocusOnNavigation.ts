import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router-dom";
import { LruCache } from "../../domain/lru";
import {
  FOLLOWED_LINKS_KEPT,
  followedLink,
  returnToLink,
  type FollowedLink,
} from "./followedLinks";

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * After each navigation, moves the focus to the page's h1 and scrolls smoothly to it, so that
 * keyboard and screen reader users start reading the new page (docs/product.md §2). A hash target wins.
 *
 * A page that keeps its state in its own address (the results' theme filter, the types opened on
 * `/aides`) replaces it on the same path: that is no new page, and the focus stays on the control
 * the visitor pressed.
 *
 * Back on a page they left by one of its links (a result's details, an aid of `/aides`), the
 * visitor finds it where they left it, that link focused (src/app/layout/followedLinks.ts).
 */
export function useFocusOnNavigation(): void {
  const { key, hash, pathname } = useLocation();
  const navigationType = useNavigationType();
  // The location first rendered is the page load, not a navigation: the browser handles it.
  const handledKey = useRef<string | null>(null);
  const handledPath = useRef<string | null>(null);
  // Pending until the next frame; a same-page change right after a navigation does not cancel it.
  const pendingFrame = useRef<number | undefined>(undefined);
  const [followed] = useState(() => new LruCache<string, FollowedLink>(FOLLOWED_LINKS_KEPT));
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = followedLink(event.target);
      if (link)
        followed.set(currentKey.current, {
          href: link.getAttribute("href") ?? "",
          scrollY: window.scrollY,
        });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [followed]);

  useEffect(
    () => () => {
      if (pendingFrame.current !== undefined) window.cancelAnimationFrame(pendingFrame.current);
    },
    [],
  );

  useEffect(() => {
    const isPageLoad = handledKey.current === null;
    if (handledKey.current === key) return;
    const samePage = handledPath.current === pathname && navigationType === "REPLACE";
    handledKey.current = key;
    handledPath.current = pathname;
    if (isPageLoad || samePage) return;
    if (pendingFrame.current !== undefined) window.cancelAnimationFrame(pendingFrame.current);
    const left = navigationType === "POP" ? followed.get(key) : undefined;
    pendingFrame.current = window.requestAnimationFrame(() => {
      pendingFrame.current = undefined;
      if (left && returnToLink(left)) return;
      if (hash) {
        document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({
          behavior: prefersReducedMotion() ? "auto" : "smooth",
        });
        return;
      }
      const heading = document.querySelector<HTMLElement>("main h1");
      if (!heading) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      const behavior = prefersReducedMotion() ? "auto" : "smooth";
      // The page from its top when its heading is then on the first screen: on a phone, the
      // progress bar and "Retour" above a question stay in view. In a frame, the embedding page
      // scrolls with the heading.
      const headingBottom = heading.getBoundingClientRect().bottom + window.scrollY;
      if (window.self === window.top && headingBottom <= window.innerHeight)
        document.scrollingElement?.scrollTo?.({ top: 0, behavior });
      else heading.scrollIntoView?.({ behavior, block: "start" });
    });
  }, [key, hash, pathname, navigationType, followed]);
}
