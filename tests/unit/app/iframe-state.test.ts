// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  IFRAME_STORAGE_KEY,
  NOT_EMBEDDED,
  iframeQuery,
  resolveIframeState,
} from "../../../src/app/iframe/iframeState";

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const storage = () => window.sessionStorage;
const stored = () => JSON.parse(storage().getItem(IFRAME_STORAGE_KEY) ?? "null") as unknown;

describe("iframe query", () => {
  it("reads the iframe flag, the header collapse and the theme", () => {
    expect(iframeQuery("?iframe=true&data-with-logo=false&theme=bleu-clair")).toEqual({
      inIframe: true,
      iframeHeaderCollapse: true,
      theme: "bleu-clair",
    });
    expect(iframeQuery("?iframe")).toEqual({ inIframe: true, iframeHeaderCollapse: false });
    expect(iframeQuery("?iframe&data-with-logo=true")).toEqual({
      inIframe: true,
      iframeHeaderCollapse: false,
    });
    expect(iframeQuery("?iframe=false")).toEqual({ inIframe: false, iframeHeaderCollapse: false });
  });

  it("names nothing without the flag nor a theme", () => {
    expect(iframeQuery("")).toBeUndefined();
    expect(iframeQuery("?debug=parcours&data-with-logo=false")).toBeUndefined();
  });

  it("accepts a theme by its label, and logs and ignores an unknown one", () => {
    expect(iframeQuery("?iframe&theme=Th%C3%A8me%20bleu%20clair")?.theme).toBe("bleu-clair");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(iframeQuery("?iframe&theme=rose-fluo")).toEqual({
      inIframe: true,
      iframeHeaderCollapse: false,
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("rose-fluo");
  });
});

describe("iframe state in session storage", () => {
  it("stores the query's state under 'iframe' for the framed ('basic') context", () => {
    const state = resolveIframeState({
      search: "?iframe&data-with-logo=false",
      storage: storage(),
      framed: true,
    });
    expect(state).toEqual({ inIframe: true, iframeHeaderCollapse: true });
    expect(stored()).toEqual({ basic: { inIframe: true, iframeHeaderCollapse: true } });
  });

  it("restores it on a later page load without query (a reload inside the frame)", () => {
    resolveIframeState({ search: "?iframe&theme=metropole", storage: storage(), framed: true });
    expect(resolveIframeState({ search: "", storage: storage(), framed: true })).toEqual({
      inIframe: true,
      iframeHeaderCollapse: false,
      theme: "metropole",
    });
  });

  it("keeps the 'basic' and 'integrated' contexts apart", () => {
    resolveIframeState({
      search: "?iframe&data-with-logo=false",
      storage: storage(),
      framed: true,
    });
    // The same tab's storage seen from a top-level page (a window opened from the frame).
    expect(resolveIframeState({ search: "", storage: storage(), framed: false })).toEqual(
      NOT_EMBEDDED,
    );
    resolveIframeState({ search: "?iframe", storage: storage(), framed: false });
    expect(stored()).toEqual({
      basic: { inIframe: true, iframeHeaderCollapse: true },
      integrated: { inIframe: true, iframeHeaderCollapse: false },
    });
    expect(resolveIframeState({ search: "", storage: storage(), framed: true })).toEqual({
      inIframe: true,
      iframeHeaderCollapse: true,
    });
  });

  it("is not embedded by default", () => {
    expect(resolveIframeState({ search: "", storage: storage(), framed: true })).toEqual(
      NOT_EMBEDDED,
    );
    expect(storage().getItem(IFRAME_STORAGE_KEY)).toBeNull();
  });

  it("reports an unparsable stored value and leaves it aside", () => {
    storage().setItem(IFRAME_STORAGE_KEY, "{pas du json");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(resolveIframeState({ search: "", storage: storage(), framed: true })).toEqual(
      NOT_EMBEDDED,
    );
    expect(error).toHaveBeenCalledWith("Failed to parse session storage item iframe");
  });

  it("drops a stored theme that no longer exists and ignores ill-shaped entries", () => {
    storage().setItem(
      IFRAME_STORAGE_KEY,
      JSON.stringify({
        basic: { inIframe: true, iframeHeaderCollapse: false, theme: "ancien-theme" },
        integrated: { inIframe: "oui" },
      }),
    );
    expect(resolveIframeState({ search: "", storage: storage(), framed: true })).toEqual({
      inIframe: true,
      iframeHeaderCollapse: false,
    });
    expect(resolveIframeState({ search: "", storage: storage(), framed: false })).toEqual(
      NOT_EMBEDDED,
    );
  });
});
