/**
 * Calls beyond the computation: saving a simulation without computing it, reading a saved one
 * back, and the engine parameters at the value date (docs/product.md §7).
 */
import type { Answers, Patrimoine, RessourcesFiscales, SimulationInput } from "../../domain";
import { ApiError, DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, type FetchLike } from "./api";

export const SAVE_ERROR_MESSAGE =
  "Votre simulation n’a pas pu être enregistrée. Veuillez réessayer dans quelques instants.";

async function getJson<T>(fetchFn: FetchLike, url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (cause) {
    throw new ApiError(NETWORK_ERROR_MESSAGE, undefined, { cause: String(cause) });
  }
  const text = await response.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // keep the text
  }
  if (!response.ok) throw new ApiError(DEFAULT_ERROR_MESSAGE, response.status, body);
  return body as T;
}

export interface SavedSimulation {
  simulationId: string;
  token: string;
}

/** `POST /api/simulation`: stores the simulation as it is, without computing it. */
export async function saveSimulation(
  fetchFn: FetchLike,
  payload: SimulationInput,
): Promise<SavedSimulation> {
  const saved = await getJson<{ _id: string; token: string }>(fetchFn, "/api/simulation", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(payload),
  });
  return { simulationId: saved._id, token: saved.token };
}

/** What `GET /api/simulation/:id` gives back that the browser keeps. */
export interface LoadedSimulation {
  answers: Answers;
  dateDeValeur: string;
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
  /** docs/product.md §4: an anonymised simulation hides the summary and the e-mail button. */
  status?: "anonymized";
}

/** The simulation the browser saved before, which later saves replace while it stays open. */
export interface StoreOptions {
  existing?: SavedSimulation | undefined;
  /** Sent while the page is being left: the browser finishes the request after the page is gone. */
  keepalive?: boolean;
}

/**
 * Saves the simulation: over the one saved before (`PUT /api/simulation/{id}`, docs/architecture.md
 * "Compute ahead"), or as a new one when there is none, or when that one can no longer be changed
 * (a recap was sent, it was anonymised or deleted: 403, 404, 409).
 */
export async function storeSimulation(
  fetchFn: FetchLike,
  payload: SimulationInput,
  { existing, keepalive = false }: StoreOptions = {},
): Promise<SavedSimulation> {
  const body = JSON.stringify(payload);
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (existing) {
    try {
      const saved = await getJson<{ _id: string; token: string }>(
        fetchFn,
        `/api/simulation/${encodeURIComponent(existing.simulationId)}`,
        {
          method: "PUT",
          headers: { ...headers, Authorization: `Bearer ${existing.token}` },
          body,
          keepalive,
        },
      );
      return { simulationId: saved._id, token: existing.token };
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      if (status !== 403 && status !== 404 && status !== 409) throw error;
    }
  }
  const saved = await getJson<{ _id: string; token: string }>(fetchFn, "/api/simulation", {
    method: "POST",
    headers,
    body,
    keepalive,
  });
  return { simulationId: saved._id, token: saved.token };
}

/** `GET /api/simulation/:id` with the bearer token kept in session storage, when there is one. */
export async function fetchSimulation(
  fetchFn: FetchLike,
  simulationId: string,
  token: string | undefined,
): Promise<LoadedSimulation> {
  const body = await getJson<{
    answers: Answers;
    dateDeValeur: string;
    ressourcesFiscales?: RessourcesFiscales | null;
    patrimoine?: Patrimoine | null;
    status?: string;
  }>(fetchFn, `/api/simulation/${encodeURIComponent(simulationId)}`, {
    headers: {
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  return {
    answers: body.answers,
    dateDeValeur: body.dateDeValeur,
    ...(body.ressourcesFiscales ? { ressourcesFiscales: body.ressourcesFiscales } : {}),
    ...(body.patrimoine ? { patrimoine: body.patrimoine } : {}),
    ...(body.status === "anonymized" ? { status: "anonymized" as const } : {}),
  };
}

/**
 * The engine parameters at the value date, or `undefined` when the server cannot be reached:
 * the journey then uses the schema's fallbacks, as the server does when the engine is down.
 */
export async function fetchParameters(
  fetchFn: FetchLike,
  dateDeValeur: string,
): Promise<Record<string, number> | undefined> {
  try {
    const body = await getJson<{ parameters?: Record<string, unknown> }>(
      fetchFn,
      `/api/openfisca/parameters/${encodeURIComponent(dateDeValeur)}`,
      { headers: { Accept: "application/json" } },
    );
    const entries = Object.entries(body?.parameters ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number",
    );
    return Object.fromEntries(entries);
  } catch {
    return undefined;
  }
}
