import { Suspense, type ComponentType } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useAnalytics } from "../analytics/useAnalytics";
import { PreviewBannerSlot } from "../preview/PreviewBannerSlot";
import { CollapsedHeader } from "../iframe/CollapsedHeader";
import { IframeFooter } from "../iframe/IframeFooter";
import { IframeProvider, useIframeState } from "../iframe/IframeContext";
import { AppFooter } from "./AppFooter";
import { AppHeader } from "./AppHeader";
import { AppSkipLinks } from "./AppSkipLinks";
import { CONTENT_ID } from "./ids";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { useMarkPageReady } from "./pageReady";
import { SessionStateProvider } from "./SessionState";
import { useFocusOnNavigation } from "./useFocusOnNavigation";
import { useNavigationTrail } from "./navigationTrail";
import { usePageViews } from "./usePageViews";

/** The loading state a route declares for `pathname` (src/app/layout/pageLoading.ts). */
export type LoadingOf = (pathname: string) => ComponentType | undefined;

function PageLoading({ loadingOf }: { loadingOf: LoadingOf | undefined }) {
  const { pathname } = useLocation();
  const Declared = loadingOf?.(pathname);
  if (Declared) return <Declared />;
  return (
    <div className="fr-container fr-py-6w" role="status">
      Chargement…
    </div>
  );
}

/**
 * What follows each page once it is shown: the page marked ready (its forms have their handlers),
 * focus on its h1, its view counted and tracked. Inside
 * the Suspense boundary after the page, so that a page still loading is neither focused nor
 * counted: these effects run once it is rendered (and has set its title).
 */
function PageShown() {
  useMarkPageReady();
  useFocusOnNavigation();
  useNavigationTrail();
  usePageViews();
  useAnalytics();
  return null;
}

function Page({ loadingOf }: { loadingOf: LoadingOf | undefined }) {
  // Embedded (docs/product.md §1): a collapsed header without logo, and a short footer.
  const { inIframe, iframeHeaderCollapse } = useIframeState();
  const { pathname } = useLocation();
  return (
    <>
      <AppSkipLinks />
      <PreviewBannerSlot />
      {iframeHeaderCollapse ? <CollapsedHeader /> : <AppHeader />}
      {/* Embedded, the page is as tall as its content: the iframe follows it (no screen-tall floor). */}
      <main id={CONTENT_ID} tabIndex={-1} className={inIframe ? "app-embedded" : undefined}>
        {/* A page loading on demand: header and footer stay, the page's place says so. */}
        <PageErrorBoundary location={pathname}>
          <Suspense fallback={<PageLoading loadingOf={loadingOf} />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {inIframe ? <IframeFooter /> : <AppFooter />}
    </>
  );
}

export function RootLayout({ loadingOf }: { loadingOf?: LoadingOf }) {
  return (
    <SessionStateProvider>
      <IframeProvider>
        <Page loadingOf={loadingOf} />
      </IframeProvider>
    </SessionStateProvider>
  );
}
