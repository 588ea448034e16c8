import type { ThemeCatalogue } from "../theme/model";
import { parseTheme, themeCatalogue } from "../theme/themes";

/**
 * Where an embedded page runs:
 * - `basic`: inside a parent window (the host script's iframe), which it tells its height;
 * - `integrated`: the `iframe` flag given to a top-level page, e.g. a partner's mobile web view or
 *   portal that shows the simulator as its own page. It gets the embedded layout but has no parent
 *   to talk to.
 * They are kept apart because session storage is copied to a tab opened from the iframe: that tab
 * (top level) must not inherit the framed page's layout.
 */
export type IframeContext = "basic" | "integrated";

/** docs/product.md §3 "Iframe state", plus the embedding's theme so that it survives a reload. */
export interface IframeState {
  inIframe: boolean;
  /** `data-with-logo=false`: the header is collapsed. */
  iframeHeaderCollapse: boolean;
  /** A theme id of `schema/themes.yaml`. */
  theme?: string;
}

export const IFRAME_STORAGE_KEY = "iframe";
export const NOT_EMBEDDED: IframeState = { inIframe: false, iframeHeaderCollapse: false };

type StoredIframeStates = Partial<Record<IframeContext, IframeState>>;

export function iframeContext(framed: boolean): IframeContext {
  return framed ? "basic" : "integrated";
}

/** `?iframe`, `?iframe=true` and `?iframe=1` are on; `false` and `0` are off. */
function flag(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  return !["false", "0"].includes(value.trim().toLowerCase());
}

/**
 * What the query string asks for, or `undefined` when it names neither the `iframe` flag nor a
 * theme (then the stored state applies).
 */
export function iframeQuery(
  search: string,
  catalogue: ThemeCatalogue = themeCatalogue,
): IframeState | undefined {
  const query = new URLSearchParams(search);
  const inIframe = flag(query.get("iframe"));
  const themeValue = query.get("theme");
  if (inIframe === undefined && themeValue === null) return undefined;
  const withLogo = flag(query.get("data-with-logo"));
  const theme = parseTheme(themeValue, catalogue);
  return {
    inIframe: inIframe ?? false,
    iframeHeaderCollapse: (inIframe ?? false) && withLogo === false,
    ...(theme ? { theme: theme.id } : {}),
  };
}

function isState(value: unknown): value is IframeState {
  const state = value as Partial<IframeState> | null;
  return (
    typeof state === "object" &&
    state !== null &&
    typeof state.inIframe === "boolean" &&
    typeof state.iframeHeaderCollapse === "boolean" &&
    (state.theme === undefined || typeof state.theme === "string")
  );
}

export function readStoredStates(storage: Storage): StoredIframeStates {
  const text = storage.getItem(IFRAME_STORAGE_KEY);
  if (text === null) return {};
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const states: StoredIframeStates = {};
    for (const context of ["basic", "integrated"] as const) {
      if (isState(parsed?.[context])) states[context] = parsed[context];
    }
    return states;
  } catch {
    // docs/product.md §8: an unparsable stored value is reported and left aside.
    console.error(`Failed to parse session storage item ${IFRAME_STORAGE_KEY}`);
    return {};
  }
}

/**
 * The page's iframe state: the query's when it has one (then stored for this context), else the
 * one stored for this context, else not embedded. A stored theme that no longer exists is dropped.
 */
export function resolveIframeState({
  search,
  storage,
  framed,
  catalogue = themeCatalogue,
}: {
  search: string;
  storage: Storage;
  framed: boolean;
  catalogue?: ThemeCatalogue;
}): IframeState {
  const context = iframeContext(framed);
  const stored = readStoredStates(storage);
  const fromQuery = iframeQuery(search, catalogue);
  if (fromQuery) {
    try {
      storage.setItem(IFRAME_STORAGE_KEY, JSON.stringify({ ...stored, [context]: fromQuery }));
    } catch (error) {
      console.error(error);
    }
    return fromQuery;
  }
  const state = stored[context];
  if (!state) return NOT_EMBEDDED;
  if (state.theme && !catalogue.themes.some((theme) => theme.id === state.theme)) {
    const { theme: _dropped, ...rest } = state;
    return rest;
  }
  return state;
}
