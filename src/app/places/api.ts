import type { FetchLike } from "../machine/api";

export interface Lieu {
  id: string;
  nom: string;
  adresse: { lignes: string[]; code_postal: string; commune: string };
  telephone?: string;
  email?: string;
  url?: string;
  horaires?: string[];
}

export const PLACES_ERROR_MESSAGE =
  "La liste des lieux est momentanément indisponible. Veuillez réessayer dans quelques instants.";

export class PlacesError extends Error {
  override name = "PlacesError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function getJson<T>(fetchFn: FetchLike, url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { Accept: "application/json" } });
  } catch {
    throw new PlacesError(PLACES_ERROR_MESSAGE);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new PlacesError(
      typeof message === "string" && message ? message : PLACES_ERROR_MESSAGE,
      response.status,
    );
  }
  return body as T;
}

/** `GET /api/lieux`: the places of these types near the commune. */
export async function fetchPlaces(
  fetchFn: FetchLike,
  depcom: string,
  types: readonly string[],
): Promise<Lieu[]> {
  const query = new URLSearchParams({ depcom, types: types.join(",") });
  const body = await getJson<{ lieux?: Lieu[] }>(fetchFn, `/api/lieux?${query}`);
  return Array.isArray(body.lieux) ? body.lieux : [];
}

/** `GET /api/lieux/:id`. */
export function fetchPlace(fetchFn: FetchLike, id: string): Promise<Lieu> {
  return getJson<Lieu>(fetchFn, `/api/lieux/${encodeURIComponent(id)}`);
}

export const placesPath = (benefitId: string) =>
  `/simulation/resultats/lieux?${new URLSearchParams({ benefit: benefitId })}`;

export const placePath = (benefitId: string, lieuId: string) =>
  `/simulation/resultats/${encodeURIComponent(benefitId)}/${encodeURIComponent(lieuId)}/informations`;
