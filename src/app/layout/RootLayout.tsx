import { Outlet } from "react-router-dom";
import { useAnalytics } from "../analytics/useAnalytics";
import { PreviewBannerSlot } from "../preview/PreviewBannerSlot";
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
  return (
    <>
      <AppSkipLinks />
      <PreviewBannerSlot />
      <AppHeader />
      <main id={CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </>
  );
}

export function RootLayout() {
  return (
    <SessionStateProvider>
      <Page />
    </SessionStateProvider>
  );
}
