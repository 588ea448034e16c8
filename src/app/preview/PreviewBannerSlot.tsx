import { lazy, Suspense } from "react";

// A constant of the build: outside previews the banner's code is never downloaded (and the
// lookup module stays out of the home page's chunk).
const IS_PREVIEW = import.meta.env.VITE_BUILD_CONTEXT === "deploy-preview";

const PreviewBanner = lazy(async () => ({
  default: (await import("./PreviewBanner")).PreviewBanner,
}));

/** docs/product.md §4: the demo banner is visible only when the build context is `deploy-preview`. */
export function PreviewBannerSlot() {
  if (!IS_PREVIEW) return null;
  return (
    <Suspense fallback={null}>
      <PreviewBanner />
    </Suspense>
  );
}
