/**
 * HTTP client for the OpenFisca web API (global fetch + AbortController).
 * Errors are typed so callers can tell "engine down" from "bad request" from "too slow".
 */

/** A value the engine accepts or returns for one period; `null` asks the engine to compute it. */
export type EngineValue = string | number | boolean | null;
/** Period key ("2025-10", "2025", "ETERNITY") → value. */
export type PeriodValues = Record<string, EngineValue>;
/** Variables by name, plus role arrays (e.g. `parents: ["demandeur"]`) for group entities. */
export type EngineEntity = Record<string, PeriodValues | string[]>;
export type EngineEntities = Record<string, EngineEntity>;

/** Body of `POST /calculate`: entity plurals → instance id → variables. */
export interface CalculateRequest {
  individus: EngineEntities;
  familles?: EngineEntities;
  foyers_fiscaux?: EngineEntities;
  menages?: EngineEntities;
}
/** The engine answers with the request, every `null` replaced by its computed value. */
export type CalculateResponse = CalculateRequest;

/** Body of `GET /parameter/<id>` (only the fields we rely on are typed). */
export interface ParameterResponse {
  id: string;
  description?: string;
  /** Simple parameters: start date → value (null when the parameter was abolished). */
  values?: Record<string, number | string | boolean | null>;
  /** Scales (barèmes). */
  brackets?: Record<string, Record<string, number>>;
  /** Nodes: child ids. */
  subparams?: Record<string, { description?: string }>;
  [key: string]: unknown;
}

export interface RequestOptions {
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Caller cancellation (e.g. the visitor went away); rethrown as is. */
  signal?: AbortSignal;
}

/** Body of `GET /variables`: every variable the engine knows, by name. */
export type VariablesResponse = Record<string, { description?: string; href?: string }>;

/** Which engine answered: the country package and the other packages and reforms it runs. */
export interface EngineVersion {
  /** `Country-Package` and `Country-Package-Version` headers, e.g. "openfisca-france@176.0.7". */
  countryPackage: string;
  /** `Engine-Packages` header set by scripts/engine/serve.py (installed packages and reforms), if any. */
  packages?: string;
}

export interface EngineClient {
  readonly baseUrl: string;
  calculate(request: CalculateRequest, options?: RequestOptions): Promise<CalculateResponse>;
  /** Names of every variable the engine knows (`GET /variables`). */
  variables(options?: RequestOptions): Promise<VariablesResponse>;
  /** The engine's package versions, read from the headers of a cheap `GET /entities`. */
  version(options?: RequestOptions): Promise<EngineVersion>;
  /** `path` is the parameter id with dots, e.g. "marche_travail.salaire_minimum.smic.smic_b_horaire". */
  parameter(path: string, options?: RequestOptions): Promise<ParameterResponse>;
  spec(options?: RequestOptions): Promise<unknown>;
  /** True when the engine answers `GET /entities` with 200 in time; never throws. */
  health(options?: RequestOptions): Promise<boolean>;
}

export interface EngineClientOptions {
  baseUrl: string;
  /** Must stay below the gunicorn worker timeout so we give up before the worker is killed. */
  timeoutMs?: number;
}

export const DEFAULT_CLIENT_TIMEOUT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 3_000;

export class EngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The engine cannot be reached or is not answering for itself: connection refused or reset, or a
 * 5xx that is not the web API's own error (502/503/504 from a proxy in front of an engine pool, a
 * 500 without the API's JSON error). Retrying later may help; retrying now will not.
 */
export class EngineUnavailableError extends EngineError {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No complete answer within the timeout. */
export class EngineTimeoutError extends EngineError {
  constructor(readonly timeoutMs: number) {
    super(`engine did not answer within ${timeoutMs} ms`);
  }
}

/**
 * A live engine answered that it cannot compute this request: 4xx (`body` is its JSON error, keyed
 * like the request), or a 500 carrying the web API's JSON error (`{"error": "…"}`: "Unable to
 * compute variable" for a variable asked at a period it is not defined for, "year 10000 is out of
 * range" for a month key past the calendar…). The engine is up; retrying the same request cannot
 * help, but the other households of a merged request can be computed without it.
 */
export class EngineRequestError extends EngineError {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`engine rejected the request (HTTP ${status}): ${summarize(body)}`);
  }
}

function summarize(body: unknown): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * Whether the engine itself answered that this request cannot be computed. The OpenFisca web API
 * turns every exception of a computation into a 500 with a JSON `{"error": "…"}` body (its
 * `errorhandler(500)`): a live engine failing on this request, not an unavailable one. Proxies
 * and a dying gunicorn answer 502/503/504 or close the connection instead.
 */
function isDeterministicFailure(status: number, body: unknown): boolean {
  if (status >= 400 && status < 500) return true;
  const error = (body as { error?: unknown } | null)?.error;
  return status === 500 && typeof error === "string";
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createEngineClient(options: EngineClientOptions): EngineClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;

  async function request(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    opts: RequestOptions = {},
  ): Promise<unknown> {
    return (await requestWithHeaders(method, path, body, opts)).body;
  }

  async function requestWithHeaders(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    opts: RequestOptions = {},
  ): Promise<{ body: unknown; headers: Headers }> {
    const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener("abort", onCallerAbort, { once: true });
    if (opts.signal?.aborted) onCallerAbort();

    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        signal: controller.signal,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      });
      // Read the body under the same timeout: a large answer can stall too.
      const parsed = parseBody(await response.text());
      if (response.ok) return { body: parsed, headers: response.headers };
      if (isDeterministicFailure(response.status, parsed)) {
        throw new EngineRequestError(response.status, parsed);
      }
      throw new EngineUnavailableError(
        `engine failed (HTTP ${response.status}): ${summarize(parsed)}`,
        response.status,
        parsed,
      );
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (timedOut) throw new EngineTimeoutError(timeoutMs);
      if (opts.signal?.aborted) throw opts.signal.reason ?? error;
      throw new EngineUnavailableError(
        `engine unreachable at ${baseUrl}: ${describeNetworkError(error)}`,
        undefined,
        undefined,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  return {
    baseUrl,
    async calculate(req, opts) {
      return (await request("POST", "/calculate", req, opts)) as CalculateResponse;
    },
    async parameter(path, opts) {
      const id = path.replace(/\//g, ".").split(".").map(encodeURIComponent).join(".");
      return (await request("GET", `/parameter/${id}`, undefined, opts)) as ParameterResponse;
    },
    async variables(opts) {
      return (await request("GET", "/variables", undefined, opts)) as VariablesResponse;
    },
    async version(opts) {
      const { headers } = await requestWithHeaders("GET", "/entities", undefined, opts);
      const name = headers.get("country-package") ?? "unknown";
      const version = headers.get("country-package-version") ?? "unknown";
      const packages = headers.get("engine-packages") ?? undefined;
      return { countryPackage: `${name}@${version}`, ...(packages ? { packages } : {}) };
    },
    async spec(opts) {
      return request("GET", "/spec", undefined, opts);
    },
    async health(opts) {
      try {
        await request("GET", "/entities", undefined, { timeoutMs: HEALTH_TIMEOUT_MS, ...opts });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** fetch wraps socket errors in a TypeError whose cause carries the errno code. */
function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
