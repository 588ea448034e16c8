import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

const prefersReducedMotion = () =>
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * After each navigation, moves the focus to the page's h1 and scrolls smoothly to it, so that
 * keyboard and screen reader users start reading the new page (docs/product.md §2). A hash target wins.
 */
export function useFocusOnNavigation(): void {
  const { key, hash } = useLocation();
  // The location first rendered is the page load, not a navigation: the browser handles it.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    const isPageLoad = handledKey.current === null;
    if (handledKey.current === key) return;
    handledKey.current = key;
    if (isPageLoad) return;
    const frame = window.requestAnimationFrame(() => {
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
      heading.scrollIntoView?.({
        behavior: prefersReducedMotion() ? "auto" : "smooth",
        block: "start",
      });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [key, hash]);
}
