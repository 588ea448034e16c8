import { useEffect } from "react";
import { SERVICE_TITLE } from "../config";

/** Sets the document title for the current route (docs/product.md §2: titles are set per route). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SERVICE_TITLE}` : SERVICE_TITLE;
  }, [title]);
}
