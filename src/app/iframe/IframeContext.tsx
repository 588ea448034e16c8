import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { applyTheme, parseTheme } from "../theme/themes";
import { NOT_EMBEDDED, resolveIframeState, type IframeState } from "./iframeState";
import { startAutoResize } from "./autoResize";

const IframeStateContext = createContext<IframeState>(NOT_EMBEDDED);

export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent may not even be compared: that is a frame.
    return true;
  }
}

/**
 * Reads the iframe state once per page load (query string of the first location, else session
 * storage), applies its theme and, inside a parent window, reports the page's height to it.
 */
export function IframeProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  // Without a window (the build's pre-rendering), the page as shown outside a frame: the browser
  // hydrates a pre-rendered page only when it is not embedded (src/app/main.tsx).
  const [state] = useState(() =>
    typeof window === "undefined"
      ? NOT_EMBEDDED
      : resolveIframeState({ search, storage: window.sessionStorage, framed: isFramed() }),
  );
  useEffect(() => {
    if (state.theme) applyTheme(parseTheme(state.theme));
  }, [state.theme]);
  useEffect(() => (state.inIframe ? startAutoResize(window) : undefined), [state.inIframe]);
  return <IframeStateContext.Provider value={state}>{children}</IframeStateContext.Provider>;
}

export function useIframeState(): IframeState {
  return useContext(IframeStateContext);
}
