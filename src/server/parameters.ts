import type { Parameter } from "../domain";
import type { ParameterResponse, RequestOptions } from "./engine";

/** What `GET /api/openfisca/parameters/:date` answers. */
export interface ParametersAtDate {
  date: string;
  /** `fallback` when the engine could not be read: every value is then the schema's fallback. */
  source: "openfisca" | "fallback";
  /** Values in force at `date`, by the schema's parameter name. */
  parameters: Record<string, number>;
}

export interface ParameterReader {
  parameter(path: string, options?: RequestOptions): Promise<ParameterResponse>;
}

export type ParametersAt = (date: string) => Promise<ParametersAtDate>;

export interface ParameterServiceOptions {
  /** Skips the engine (and its timeout) while it is known not to be ready. */
  engineStatus?: () => string;
  /** Kept short: the visitor is waiting to start a simulation. */
  timeoutMs?: number;
  /** Dates come from the URL: bound the cache. */
  maxCachedDates?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_CACHED_DATES = 64;

/**
 * The value in force at `date`: OpenFisca lists a parameter's values by start date
 * (`{ "2007-03-20": 26, "2020-06-08": 28 }`); a `null` value means it was abolished.
 */
export function valueAt(response: ParameterResponse, date: string): number | undefined {
  const starts = Object.keys(response.values ?? {})
    .filter((start) => start <= date)
    .sort();
  const latest = starts.at(-1);
  const value = latest === undefined ? undefined : response.values?.[latest];
  return typeof value === "number" ? value : undefined;
}

export function fallbackParameters(parameters: readonly Parameter[], date: string) {
  return {
    date,
    source: "fallback" as const,
    parameters: Object.fromEntries(parameters.map((p) => [p.name, p.fallback])),
  };
}

/**
 * Reads the schema's engine parameters at a date, cached per date. When the engine cannot be
 * read, answers the fallbacks (not cached, so that the engine's values are used once it is up).
 */
export function createParameterService(
  declared: readonly Parameter[],
  engine: ParameterReader,
  options: ParameterServiceOptions = {},
): ParametersAt {
  const cache = new Map<string, Promise<ParametersAtDate>>();
  const maxCached = options.maxCachedDates ?? DEFAULT_MAX_CACHED_DATES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function read(date: string): Promise<ParametersAtDate> {
    const values = await Promise.all(
      declared.map(async (p) => valueAt(await engine.parameter(p.openfisca, { timeoutMs }), date)),
    );
    return {
      date,
      source: "openfisca",
      // A parameter not yet (or no longer) in force at the date keeps its fallback.
      parameters: Object.fromEntries(declared.map((p, i) => [p.name, values[i] ?? p.fallback])),
    };
  }

  return async (date) => {
    if (options.engineStatus && options.engineStatus() !== "ready") {
      return fallbackParameters(declared, date);
    }
    let pending = cache.get(date);
    if (!pending) {
      pending = read(date);
      if (cache.size >= maxCached) cache.delete(cache.keys().next().value as string);
      cache.set(date, pending);
      // Shared while in flight; a failure is forgotten so the next request asks again.
      pending.catch(() => cache.delete(date));
    }
    return pending.catch(() => fallbackParameters(declared, date));
  };
}
