import { Outlet } from "react-router-dom";
import { useAnalytics } from "../analytics/useAnalytics";
import { PreviewBannerSlot } from "../preview/PreviewBannerSlot";
import { CollapsedHeader } from "../iframe/CollapsedHeader";
import { IframeFooter } from "../iframe/IframeFooter";
import { IframeProvider, useIframeState } from "../iframe/IframeContext";
import { AppFooter } from "./AppFooter";
import { AppHeader } from "./AppHeader";
import { AppSkipLinks } from "./AppSkipLinks";
import { CONTENT_ID } from "./ids";
import { SessionStateProvider } from "./SessionState";
import { useFocusOnNavigation } from "./useFocusOnNavigation";
import { usePageViews } from "./usePageViews";

function Page() {
  useFocusOnNavigation();
  usePageViews();
  useAnalytics();
  // Embedded (spec §1): a collapsed header without logo, and a short footer.
  const { inIframe, iframeHeaderCollapse } = useIframeState();
  return (
    <>
      <AppSkipLinks />
      <PreviewBannerSlot />
      {iframeHeaderCollapse ? <CollapsedHeader /> : <AppHeader />}
      <main id={CONTENT_ID} tabIndex={-1}>
        <Outlet />
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
