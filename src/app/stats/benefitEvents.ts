import { hasPiwikIgnoreCookie } from "../analytics/privacy";
import type { FetchLike } from "../machine/api";

/** Statistics format version (docs/product.md §9). */
export const BENEFIT_EVENT_VERSION = 2;

/** `show` when results are listed; `showDetails`, `click`… for the pages and links of one. */
export type BenefitEventType = "show" | "showDetails" | "click" | (string & {});

/** One benefit event as the statistics endpoint takes it (docs/product.md §3 "Benefit event"). */
export interface BenefitEvent {
  benefit_id: string;
  hash_id: string;
  abtesting: Record<string, unknown> | null;
  benefit_index: number;
  page_total: number;
  event_type: BenefitEventType;
  version: typeof BENEFIT_EVENT_VERSION;
}

export type SkipReason = "do-not-track" | "no-configuration" | "no-benefits" | "no-simulation";

/**
 * Names the simulation whose results the events are about, for our own endpoint (which refuses
 * events tied to no stored simulation). A header, since the spec's body is a bare list of events.
 */
export const SIMULATION_ID_HEADER = "X-Simulation-Id";

/**
 * Whether the endpoint is on the page's own origin: only then is the simulation id sent (a
 * third-party endpoint is not told it, nor asked to allow a header it does not know).
 */
export function isOwnEndpoint(statsUrl: string, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return new URL(statsUrl, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * docs/product.md §7: nothing is sent when do-not-track is on together with the `piwik_ignore` cookie, when
 * no endpoint is configured, or when there are no benefits.
 */
export function skipReason(options: {
  doNotTrack: boolean;
  piwikIgnore: boolean;
  statsUrl: string | undefined;
  benefitCount: number;
}): SkipReason | undefined {
  if (options.doNotTrack && options.piwikIgnore) return "do-not-track";
  if (!options.statsUrl) return "no-configuration";
  if (options.benefitCount === 0) return "no-benefits";
  return undefined;
}

/** Where one benefit sits in the list of results (1-based), for the events of its own page. */
export interface BenefitPosition {
  index: number;
  total: number;
}

/** One event per benefit, in the order shown (1-based), or at the position given for one. */
export function benefitEvents(
  benefitIds: readonly string[],
  eventType: BenefitEventType,
  hashId: string,
  abtesting: Record<string, unknown> | null,
  position?: BenefitPosition,
): BenefitEvent[] {
  const single = benefitIds.length === 1 ? position : undefined;
  return benefitIds.map((benefitId, index) => ({
    benefit_id: benefitId,
    hash_id: hashId,
    abtesting,
    benefit_index: single?.index ?? index + 1,
    page_total: single?.total ?? benefitIds.length,
    event_type: eventType,
    version: BENEFIT_EVENT_VERSION,
  }));
}

export interface SendDeps {
  fetch: FetchLike;
  statsUrl: string | undefined;
  /** The page's origin (`location.origin`). */
  origin: string | undefined;
  /** The saved simulation whose results are shown. */
  simulationId: string | undefined;
  doNotTrack: boolean;
  /** `document.cookie`. */
  cookie: string;
  hashId: () => Promise<string>;
  abtesting: () => Record<string, unknown> | null;
  /** Errors other than a failed request (docs/product.md §7: those are reported). */
  report: (error: unknown) => void;
}

/** Posts the events unless a skip rule applies; resolves to what happened, never rejects. */
export async function sendBenefitEvents(
  benefitIds: readonly string[],
  eventType: BenefitEventType,
  deps: SendDeps,
  position?: BenefitPosition,
): Promise<"sent" | "failed" | SkipReason> {
  const skip = skipReason({
    doNotTrack: deps.doNotTrack,
    piwikIgnore: hasPiwikIgnoreCookie(deps.cookie),
    statsUrl: deps.statsUrl,
    benefitCount: benefitIds.length,
  });
  if (skip) return skip;
  const own = isOwnEndpoint(deps.statsUrl!, deps.origin);
  // Our own endpoint would refuse them.
  if (own && !deps.simulationId) return "no-simulation";
  let body: string;
  try {
    body = JSON.stringify(
      benefitEvents(benefitIds, eventType, await deps.hashId(), deps.abtesting(), position),
    );
  } catch (error) {
    deps.report(error);
    return "failed";
  }
  try {
    const response = await deps.fetch(deps.statsUrl!, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(own ? { [SIMULATION_ID_HEADER]: deps.simulationId! } : {}),
      },
      body,
      keepalive: true,
    });
    return response.ok ? "sent" : "failed";
  } catch {
    // A failed request is silent (docs/product.md §7): blockers and offline visitors are not errors.
    return "failed";
  }
}
