import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { isTransit } from "../layout/usePageViews";
import { SimulationContext } from "../simulation/SimulationContext";
import { trackJourneyEvents } from "./journeyEvents";
import { doNotTrack } from "./privacy";
import { telemetryConfig } from "./runtimeConfig";
import { trackPageView } from "./track";
import { trackedUrl } from "./trackedUrl";

let started: Promise<boolean> | undefined;

/**
 * Whether web analytics run on this page load: a tracker is configured and the visitor has not
 * asked not to be tracked. The first call loads the tracker script.
 */
export function analyticsEnabled(): Promise<boolean> {
  started ??= (async () => {
    if (doNotTrack(window.navigator)) return false;
    const { matomoUrl, matomoSiteId } = await telemetryConfig();
    if (!matomoUrl) return false;
    const { loadTracker } = await import("./tracker");
    loadTracker({ url: matomoUrl, siteId: matomoSiteId });
    return true;
  })();
  return started;
}

/** Page views on each route change, and the journey's events (docs/product.md §7 "Web analytics"). */
export function useAnalytics(): void {
  // The machine loads with the first page that needs it; its events are tracked from its start.
  const getActor = SimulationContext.useActorGetter();
  const { key, pathname } = useLocation();
  const previousUrl = useRef<string | undefined>(undefined);

  SimulationContext.useActorEffect((actor) => trackJourneyEvents(actor));

  useEffect(() => {
    if (isTransit(pathname, getActor()?.getSnapshot().context.currentPath ?? "")) return;
    // Read now: the page has set its title in its own effects, which run before this one.
    const url = trackedUrl(window.location.href);
    const title = document.title;
    const referrer = previousUrl.current;
    previousUrl.current = url;
    void analyticsEnabled().then((enabled) => {
      if (enabled) trackPageView(url, title, referrer);
    });
  }, [getActor, key, pathname]);
}
