/**
 * Client of the public directory of French administrations ("API Annuaire de l’administration",
 * DILA, served by Opendatasoft on api-lannuaire.service-public.fr), `LIEUX_API_URL`.
 *
 * Format used (Opendatasoft explore v2.1 `records` endpoint of the dataset
 * `api-lannuaire-administration`; the query and field names follow public clients of that API, not
 * a check against the live service — tests run against a loopback server speaking this format):
 *
 * - request: `GET {base}/records?where=<ODSQL>&limit=<n>`, where
 *   `code_insee_commune="<depcom>" and (pivot like "caf" or pivot like "mairie")` for places of
 *   those types in a commune (`pivot` lists a place's `type_service_local`), `id="<id>"` for one;
 * - response: `{ total_count, results: [record] }`; each record has `id`, `nom`, and, either as JSON
 *   values or as JSON-encoded strings (the live service encodes them as strings): `adresse`
 *   (`[{ type_adresse, numero_voie, complement1, complement2, code_postal, nom_commune }]`),
 *   `telephone` (`[{ valeur, description }]`), `adresse_courriel` (string, `;`-separated),
 *   `site_internet` (`[{ valeur }]`), `plage_ouverture` (`[{ nom_jour_debut, nom_jour_fin,
 *   valeur_heure_debut_1, valeur_heure_fin_1, valeur_heure_debut_2, valeur_heure_fin_2,
 *   commentaire }]`).
 */

export const DEFAULT_LIEUX_API_URL =
  "https://api-lannuaire.service-public.fr/api/explore/v2.1/catalog/datasets/api-lannuaire-administration";

export const LIEUX_TIMEOUT_MS = 3_000;

export interface Lieu {
  id: string;
  nom: string;
  adresse: { lignes: string[]; code_postal: string; commune: string };
  telephone?: string;
  email?: string;
  url?: string;
  horaires?: string[];
}

export interface LieuxClient {
  near(depcom: string, types: readonly string[]): Promise<Lieu[]>;
  /** Undefined when the directory does not know this id. */
  byId(id: string): Promise<Lieu | undefined>;
}

/** The directory did not answer, answered late or answered something unreadable. */
export class LieuxUnavailableError extends Error {
  override name = "LieuxUnavailableError";
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface LieuxClientOptions {
  /** `LIEUX_API_URL`; the public directory by default. */
  url?: string | undefined;
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Most places listed (default 20). */
  limit?: number;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, "")}"`;

export function createLieuxClient(options: LieuxClientOptions = {}): LieuxClient {
  const base = (options.url ?? DEFAULT_LIEUX_API_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? LIEUX_TIMEOUT_MS;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const limit = options.limit ?? 20;

  async function records(where: string, max: number): Promise<unknown[]> {
    const url = `${base}/records?${new URLSearchParams({ where, limit: String(max) })}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LieuxUnavailableError(`directory unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new LieuxUnavailableError(`directory answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new LieuxUnavailableError(`directory answered no JSON: ${String(error)}`);
    }
    const results = (body as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) throw new LieuxUnavailableError("directory answer has no results");
    return results;
  }

  return {
    async near(depcom, types) {
      const anyType = types.map((type) => `pivot like ${quoted(type)}`).join(" or ");
      const where = `code_insee_commune=${quoted(depcom)} and (${anyType})`;
      return (await records(where, limit)).flatMap((record) => {
        const lieu = toLieu(record);
        return lieu ? [lieu] : [];
      });
    },
    async byId(id) {
      const [record] = await records(`id=${quoted(id)}`, 1);
      return record === undefined ? undefined : toLieu(record);
    },
  };
}

/** A field either as a JSON value or as a JSON-encoded string. */
function decoded(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

const list = (value: unknown): Record<string, unknown>[] => {
  const v = decoded(value);
  return (Array.isArray(v) ? v : []).filter(
    (item): item is Record<string, unknown> => typeof item === "object" && item !== null,
  );
};

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** Directory hours come as `08:30:00`: shown as `8 h 30`. */
function hour(value: unknown): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(text(value));
  if (!match) return "";
  const [, h = "0", m = "00"] = match;
  return `${Number(h)}\u00a0h\u00a0${m}`;
}

function openingHours(value: unknown): string[] {
  return list(value).flatMap((slot) => {
    const first = text(slot.nom_jour_debut);
    const last = text(slot.nom_jour_fin);
    if (!first) return [];
    const days =
      last && last !== first ? `Du ${first.toLowerCase()} au ${last.toLowerCase()}` : first;
    const ranges = [1, 2, 3, 4]
      .map((n) => [hour(slot[`valeur_heure_debut_${n}`]), hour(slot[`valeur_heure_fin_${n}`])])
      .filter(([from, to]) => from && to)
      .map(([from, to]) => `de ${from} à ${to}`);
    const comment = text(slot.commentaire);
    return [
      `${days}${ranges.length ? `\u00a0: ${ranges.join(" et ")}` : ""}${comment ? ` (${comment})` : ""}`,
    ];
  });
}

/** One directory record as a place; undefined when it lacks an id or a name. */
export function toLieu(record: unknown): Lieu | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const r = record as Record<string, unknown>;
  const id = text(r.id);
  const nom = text(r.nom);
  if (!id || !nom) return undefined;
  const addresses = list(r.adresse);
  const address =
    // The visitors' address, rather than a postal one (PO box, Cedex).
    addresses.find((a) => !text(a.type_adresse).toLowerCase().includes("postale")) ?? addresses[0];
  const lignes = address
    ? [address.complement1, address.complement2, address.numero_voie]
        .map(text)
        .filter((line) => line !== "")
    : [];
  const telephone = list(r.telephone)
    .map((t) => text(t.valeur))
    .find(Boolean);
  const email = text(r.adresse_courriel).split(";")[0]?.trim();
  const url = list(r.site_internet)
    .map((s) => text(s.valeur))
    .find((v) => /^https?:\/\//.test(v));
  const horaires = openingHours(r.plage_ouverture);
  return {
    id,
    nom,
    adresse: {
      lignes,
      code_postal: address ? text(address.code_postal) : "",
      commune: address ? text(address.nom_commune) : "",
    },
    ...(telephone ? { telephone } : {}),
    ...(email ? { email } : {}),
    ...(url ? { url } : {}),
    ...(horaires.length ? { horaires } : {}),
  };
}
