import { Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useAnalytics } from "../analytics/useAnalytics";
import { AidesIntro } from "../aides/AidesIntro";
import { AIDES_PATH } from "../aides/paths";
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

function PageLoading() {
  const { pathname } = useLocation();
  if (pathname === AIDES_PATH)
    return (
      <div className="fr-container fr-py-6w">
        <AidesIntro />
        <p role="status">Chargement de la liste des aides…</p>
      </div>
    );
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

function Page() {
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
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageShown />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {inIframe ? <IframeFooter /> : <AppFooter />}
    </>
  );
}

export function RootLayout() {
  return (
    <SessionStateProvider>
      <IframeProvider>
        <Page />
      </IframeProvider>
    </SessionStateProvider>
  );
}
