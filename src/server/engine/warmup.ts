import type { CalculateRequest, EngineEntity } from "./client.js";
import { defaultWarmupRequest } from "./supervisor.js";

/** The part of a catalogue benefit the warm-up needs (the domain's `Benefit` fits). */
export interface WarmupBenefit {
  engine: {
    variable: string;
    entity: "individus" | "familles" | "foyers_fiscaux" | "menages";
    period: string;
  };
}

const INSTANCE: Record<WarmupBenefit["engine"]["entity"], string> = {
  individus: "demandeur",
  familles: "famille",
  foyers_fiscaux: "foyer_fiscal",
  menages: "menage",
};

/**
 * The default warm-up household (a student renting in Lyon) asking for every catalogue benefit at
 * the current month (or year), so each worker has loaded every formula and parameter a visitor's
 * computation can reach before the first visitor comes. Unknown variables are dropped at boot.
 */
export function catalogueWarmupRequest(
  benefits: readonly WarmupBenefit[],
  now: Date = new Date(),
): CalculateRequest {
  const request = defaultWarmupRequest(now);
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
  const year = String(now.getFullYear());
  for (const { engine } of benefits) {
    const plural = request[engine.entity] ?? {};
    request[engine.entity] = plural;
    const instance: EngineEntity = plural[INSTANCE[engine.entity]] ?? {};
    plural[INSTANCE[engine.entity]] = instance;
    const period = engine.period === "year" ? year : month;
    const existing = instance[engine.variable];
    instance[engine.variable] = {
      ...(existing && !Array.isArray(existing) ? existing : {}),
      [period]: null,
    };
  }
  return request;
}
