import { useEffect } from "react";
import { doNotTrack } from "../analytics/privacy";
import { telemetryConfig } from "../analytics/runtimeConfig";
import { trackEvent } from "../analytics/track";
import { reportError } from "../error-reporting/report";
import { sendBenefitEvents, type BenefitEventType, type BenefitPosition } from "./benefitEvents";
import { hashId } from "./visitorId";
import { abTestingPayload, readAbTesting } from "../ab-testing/abTesting";

function abtesting(): Record<string, unknown> | null {
  try {
    return abTestingPayload(readAbTesting(window.localStorage)) ?? null;
  } catch {
    // Local storage denied (a third-party frame): no A/B record.
    return null;
  }
}

/**
 * Posts benefit events to the configured statistics endpoint (docs/product.md §7), for any page: e.g.
 * `postBenefitEvents([id], "showDetails", simulationId, { index, total })` on a benefit's page,
 * `"teleservice"` on its teleservice link. `simulationId`: the saved simulation whose results are
 * shown, which our own endpoint requires.
 */
export async function postBenefitEvents(
  benefitIds: readonly string[],
  eventType: BenefitEventType,
  simulationId: string | undefined,
  position?: BenefitPosition,
): Promise<void> {
  const { statsUrl } = await telemetryConfig();
  await sendBenefitEvents(
    benefitIds,
    eventType,
    {
      fetch: (input, init) => window.fetch(input, init),
      statsUrl,
      origin: window.location.origin,
      simulationId,
      doNotTrack: doNotTrack(window.navigator),
      cookie: document.cookie,
      hashId,
      abtesting,
      report: reportError,
    },
    position,
  );
}

/**
 * When results are shown: the `show` benefit events, in the order of the page, and the analytics
 * event. Once per list of benefits of a simulation.
 */
export function useBenefitStatistics(
  benefits: readonly { id: string }[] | undefined,
  simulationId: string | undefined,
): void {
  const ids = benefits?.map((benefit) => benefit.id).join(",");
  useEffect(() => {
    if (ids === undefined) return;
    const list = ids ? ids.split(",") : [];
    trackEvent("Résultats", "show", undefined, list.length);
    void postBenefitEvents(list, "show", simulationId);
  }, [ids, simulationId]);
}
