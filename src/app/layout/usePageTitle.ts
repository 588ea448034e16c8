import { useEffect } from "react";
import { SERVICE_TITLE } from "../config";

/** The document title of a page whose own title is `title`. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${SERVICE_TITLE}` : SERVICE_TITLE;
}

/**
 * The title of the last page rendered without a document (the build's pre-rendering, which runs
 * no effect): src/app/prerender.tsx writes it into the page's `<title>`.
 */
export const serverRenderedTitle: { current: string | undefined } = { current: undefined };

/** Sets the document title for the current route (docs/product.md §2: titles are set per route). */
export function usePageTitle(title: string | undefined): void {
  if (typeof document === "undefined") serverRenderedTitle.current = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
