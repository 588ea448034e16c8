import { useEffect, useState } from "react";
import type { FetchLike } from "../machine/api";
import { SimulationContext } from "../simulation/SimulationContext";

/** `GET /api/simulation/:id/eligibility/:benefitId`: whether the saved simulation gets the aid. */
export interface AidEligibility {
  benefitId: string;
  eligible: boolean;
  /** Why not, in French, when not eligible. */
  reason?: string;
}

export interface SavedSimulationRef {
  simulationId: string;
  token: string;
}

function asEligibility(body: unknown, benefitId: string): AidEligibility | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { eligible, reason } = body as Record<string, unknown>;
  if (typeof eligible !== "boolean") return undefined;
  return {
    benefitId,
    eligible,
    ...(typeof reason === "string" && reason.trim() ? { reason } : {}),
  };
}

/**
 * What the saved simulation says about an aid, or `undefined` when it cannot tell (unknown
 * simulation or aid, bad token, server unreachable, unexpected answer): the page then says
 * nothing.
 */
export async function fetchAidEligibility(
  fetchFn: FetchLike,
  simulation: SavedSimulationRef,
  benefitId: string,
): Promise<AidEligibility | undefined> {
  try {
    const response = await fetchFn(
      `/api/simulation/${encodeURIComponent(simulation.simulationId)}/eligibility/${encodeURIComponent(benefitId)}`,
      { headers: { Accept: "application/json", Authorization: `Bearer ${simulation.token}` } },
    );
    if (!response.ok) return undefined;
    return asEligibility(await response.json(), benefitId);
  } catch {
    return undefined;
  }
}

/** The saved simulation's answer for this aid, when the visitor has one. */
export function useAidEligibility(benefitId: string | undefined): AidEligibility | undefined {
  const simulationId = SimulationContext.useSelector((state) => state.context.simulationId);
  const token = SimulationContext.useSelector((state) => state.context.token);
  const fetchFn = SimulationContext.useSelector((state) => state.context.deps.fetch);
  const [answer, setAnswer] = useState<{ key: string; value: AidEligibility | undefined }>();
  const key = simulationId && token && benefitId ? `${simulationId}|${benefitId}` : undefined;

  useEffect(() => {
    if (!simulationId || !token || !benefitId || !key) return;
    let cancelled = false;
    void fetchAidEligibility(fetchFn, { simulationId, token }, benefitId).then((value) => {
      if (!cancelled) setAnswer({ key, value });
    });
    return () => {
      cancelled = true;
    };
  }, [benefitId, fetchFn, key, simulationId, token]);

  return key !== undefined && answer?.key === key ? answer.value : undefined;
}
