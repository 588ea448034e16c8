import { Outlet } from "react-router-dom";
import { AppFooter } from "./AppFooter";
import { AppHeader } from "./AppHeader";
import { AppSkipLinks } from "./AppSkipLinks";
import { CONTENT_ID } from "./ids";
import { useFocusOnNavigation } from "./useFocusOnNavigation";

export function RootLayout() {
  useFocusOnNavigation();
  return (
    <>
      <AppSkipLinks />
      <AppHeader />
      <main id={CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
    </>
  );
}
