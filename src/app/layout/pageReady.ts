import { useEffect } from "react";

/**
 * On the root element once the app has rendered (or hydrated) a page with its handlers: a form
 * sent or a button pressed on a pre-rendered page before that is held by the page's inline
 * script, then sent or pressed again (src/app/theme/afterPaint.ts). Between the app's start
 * (`data-app`) and this, the page is on screen without its handlers while its code downloads.
 */
export const PAGE_READY_ATTRIBUTE = "data-app-ready";

export function useMarkPageReady(): void {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, "");
  }, []);
}
