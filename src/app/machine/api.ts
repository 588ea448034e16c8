import type { Commune, Results, SimulationInput } from "../../domain";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const NETWORK_ERROR_MESSAGE =
  "Le serveur est injoignable. Vérifiez votre connexion à Internet puis réessayez.";
export const DEFAULT_ERROR_MESSAGE =
  "Une erreur est survenue pendant le calcul de vos droits. Veuillez réessayer dans quelques instants.";

/** A failed call; `body` keeps the server's response (docs/product.md §4: kept as `exception`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body === "object" && body !== null && "message" in body) {
    const { message } = body;
    if (typeof message === "string" && message.trim()) return message;
  }
  return undefined;
}

async function requestJson<T>(fetchFn: FetchLike, url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (cause) {
    throw new ApiError(NETWORK_ERROR_MESSAGE, undefined, { cause: String(cause) });
  }
  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(serverMessage(body) ?? DEFAULT_ERROR_MESSAGE, response.status, body);
  }
  return body as T;
}

export interface ComputeOutput {
  simulationId: string;
  token: string;
  results: Results;
}

/** Saves the simulation, then reads its results with the token the save returned. */
export async function computeResults(
  fetchFn: FetchLike,
  payload: SimulationInput,
): Promise<ComputeOutput> {
  const saved = await requestJson<{ _id: string; token: string }>(fetchFn, "/api/simulation", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(payload),
  });
  return retrieveResults(fetchFn, saved._id, saved.token);
}

/** The results of a saved simulation, without saving it again (docs/product.md §4: an anonymised one). */
export async function retrieveResults(
  fetchFn: FetchLike,
  simulationId: string,
  token: string,
): Promise<ComputeOutput> {
  const results = await requestJson<Results>(
    fetchFn,
    `/api/simulation/${encodeURIComponent(simulationId)}/results`,
    { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } },
  );
  return { simulationId, token, results };
}

/** The communes of a postcode; an unknown postcode gives an empty list. */
export async function fetchCommunes(fetchFn: FetchLike, codePostal: string): Promise<Commune[]> {
  try {
    const communes = await requestJson<unknown>(
      fetchFn,
      `/api/communes/${encodeURIComponent(codePostal)}`,
      { headers: { Accept: "application/json" } },
    );
    return Array.isArray(communes) ? (communes as Commune[]) : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
