import { analyticsEnabled } from "../analytics/useAnalytics";

/** docs/product.md §9: without a tracker's visitor id, a random id written in base 12, prefixed `uid_`. */
export function randomHashId(random: () => number = Math.random): string {
  return `uid_${random().toString(12).slice(2)}`;
}

let shared: Promise<string> | undefined;

/** The tracker's visitor id when web analytics run (awaited up to 3000 ms), else a random id. */
export function hashId(): Promise<string> {
  shared ??= (async () => {
    if (await analyticsEnabled()) {
      const { waitForTracker } = await import("../analytics/tracker");
      const tracker = await waitForTracker();
      const visitorId = tracker?.getVisitorId();
      if (visitorId) return visitorId;
    }
    return randomHashId();
  })();
  return shared;
}
