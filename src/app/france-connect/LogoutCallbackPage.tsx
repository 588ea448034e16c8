import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { FRANCE_CONNECT_SETTINGS, type FranceConnectSettings } from "./settings";

const leavePage = (url: string) => window.location.assign(url);

interface LogoutCallbackPageProps {
  settings?: FranceConnectSettings;
  /** Leaves the single-page app for the provider's API (a full page load). */
  leave?: (url: string) => void;
}

/**
 * docs/product.md §2 `/logout-callback`: the provider sends the visitor back here after logging out; the
 * provider's API ends the session, so the whole path and query go on to it
 * (`/logout-callback?state=…` → `{apiPath}/logout-callback?state=…`).
 */
export function LogoutCallbackPage({
  settings = FRANCE_CONNECT_SETTINGS,
  leave = leavePage,
}: LogoutCallbackPageProps) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (settings.enabled) leave(`${settings.apiPath}${pathname}${search}${hash}`);
    else navigate("/", { replace: true });
  }, [hash, leave, navigate, pathname, search, settings]);
  return null;
}
