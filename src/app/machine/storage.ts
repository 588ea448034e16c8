import type { Answer, Patrimoine, RessourcesFiscales, Results } from "../../domain";
import { canonicalJson } from "../../domain/canonical-json";

/** Session storage keys (docs/product.md §3 "Persistence"). */
export const STORAGE_KEYS = {
  simulation: "simulation",
  simulationId: "simulationId",
  calculs: "calculs",
  recapEmailState: "recapEmailState",
  recapPhoneState: "recapPhoneState",
} as const;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export type Logger = Pick<Console, "error">;

export interface StoredSimulation {
  answers: { all: Answer[]; current: Answer[] };
  dateDeValeur: string;
  version?: string;
  simulationToken?: string;
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
  /** docs/product.md §4 "Simulation status": only `anonymized` is kept, the default `new` is not stored. */
  status?: "anonymized";
}

export interface StoredCalculs {
  resultats: Results;
  dirty: boolean;
}

export interface PersistedState {
  simulation: StoredSimulation;
  simulationId?: string;
  calculs?: StoredCalculs;
  recapEmailState?: string;
  recapPhoneState?: string;
}

/** docs/product.md §8: an unparsable stored value raises `Failed to parse {storage} storage item {key}`. */
export class StorageParseError extends Error {
  constructor(
    readonly storageName: "session" | "local",
    readonly key: string,
  ) {
    super(`Failed to parse ${storageName} storage item ${key}`);
    this.name = "StorageParseError";
  }
}

/** The JSON value stored under `key`; a value that is not JSON raises a StorageParseError. */
export function parseStorageItem(
  storageName: "session" | "local",
  key: string,
  raw: string,
): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new StorageParseError(storageName, key);
  }
}

function readItem(storage: KeyValueStorage, key: string, logger: Logger): unknown {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch (error) {
    logger.error(error);
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    return parseStorageItem("session", key, raw);
  } catch (error) {
    logger.error(error instanceof StorageParseError ? error.message : error);
    return undefined;
  }
}

function writeItem(storage: KeyValueStorage, key: string, value: unknown, logger: Logger): void {
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    logger.error(error);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asSimulation(value: unknown): StoredSimulation | undefined {
  if (!isRecord(value) || !isRecord(value.answers)) return undefined;
  const { all, current } = value.answers;
  if (!Array.isArray(all) || typeof value.dateDeValeur !== "string" || !value.dateDeValeur) {
    return undefined;
  }
  return {
    answers: { all: all as Answer[], current: Array.isArray(current) ? (current as Answer[]) : [] },
    dateDeValeur: value.dateDeValeur,
    ...(typeof value.version === "string" ? { version: value.version } : {}),
    ...(typeof value.simulationToken === "string"
      ? { simulationToken: value.simulationToken }
      : {}),
    ...(isRecord(value.ressourcesFiscales)
      ? { ressourcesFiscales: value.ressourcesFiscales as RessourcesFiscales }
      : {}),
    ...(isRecord(value.patrimoine) ? { patrimoine: value.patrimoine as Patrimoine } : {}),
    ...(value.status === "anonymized" ? { status: "anonymized" as const } : {}),
  };
}

function asCalculs(value: unknown): StoredCalculs | undefined {
  if (!isRecord(value) || !isRecord(value.resultats)) return undefined;
  const resultats = value.resultats;
  if (typeof resultats._id !== "string" || !Array.isArray(resultats.droitsEligibles)) {
    return undefined;
  }
  return { resultats: resultats as unknown as Results, dirty: value.dirty === true };
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function clearPersistedState(storage: KeyValueStorage, logger: Logger): void {
  for (const key of Object.values(STORAGE_KEYS)) writeItem(storage, key, undefined, logger);
}

/**
 * Reads the stored simulation. A simulation without a value date is unusable: the stored state is
 * cleared and the visitor starts from a blank simulation (docs/product.md §4).
 */
export function loadPersistedState(
  storage: KeyValueStorage,
  logger: Logger,
): PersistedState | undefined {
  const simulation = asSimulation(readItem(storage, STORAGE_KEYS.simulation, logger));
  if (!simulation) {
    clearPersistedState(storage, logger);
    return undefined;
  }
  const simulationId = asString(readItem(storage, STORAGE_KEYS.simulationId, logger));
  const calculs = asCalculs(readItem(storage, STORAGE_KEYS.calculs, logger));
  const recapEmailState = asString(readItem(storage, STORAGE_KEYS.recapEmailState, logger));
  const recapPhoneState = asString(readItem(storage, STORAGE_KEYS.recapPhoneState, logger));
  return {
    simulation,
    ...(simulationId ? { simulationId } : {}),
    ...(calculs ? { calculs } : {}),
    ...(recapEmailState ? { recapEmailState } : {}),
    ...(recapPhoneState ? { recapPhoneState } : {}),
  };
}

export function savePersistedState(
  storage: KeyValueStorage,
  state: PersistedState,
  logger: Logger,
): void {
  writeItem(storage, STORAGE_KEYS.simulation, state.simulation, logger);
  writeItem(storage, STORAGE_KEYS.simulationId, state.simulationId, logger);
  writeItem(storage, STORAGE_KEYS.calculs, state.calculs, logger);
  writeItem(storage, STORAGE_KEYS.recapEmailState, state.recapEmailState, logger);
  writeItem(storage, STORAGE_KEYS.recapPhoneState, state.recapPhoneState, logger);
}

/**
 * The stored simulation, read without side effects (nothing logged, nothing cleared): what the
 * home page needs to offer a resume without loading the machine.
 */
export function peekStoredSimulation(storage: KeyValueStorage): StoredSimulation | undefined {
  return asSimulation(peekItem(storage, STORAGE_KEYS.simulation));
}

/** The JSON value stored under `key`, or undefined when absent, unreadable or not JSON. */
function peekItem(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The stored simulation id and results, read as loadPersistedState reads them but without side
 * effects: what src/app/main.tsx needs to know whether the results the server rendered are this
 * tab's own (then it hydrates them).
 */
export function peekStoredResults(storage: KeyValueStorage): {
  simulationId?: string;
  calculs?: StoredCalculs;
} {
  const simulationId = asString(peekItem(storage, STORAGE_KEYS.simulationId));
  const calculs = asCalculs(peekItem(storage, STORAGE_KEYS.calculs));
  return { ...(simulationId ? { simulationId } : {}), ...(calculs ? { calculs } : {}) };
}

/** The id of the results a storage holds that are not stale, if any. */
function freshResultsId(storage: KeyValueStorage): string | undefined {
  const { calculs } = peekStoredResults(storage);
  return calculs && !calculs.dirty ? calculs.resultats._id : undefined;
}

/** What a page of the simulation shows of the stored simulation: its answers and declarations. */
function shownSimulation(storage: KeyValueStorage): string | undefined {
  const simulation = peekStoredSimulation(storage);
  if (!simulation) return undefined;
  const { answers, dateDeValeur, ressourcesFiscales, patrimoine } = simulation;
  return canonicalJson({ answers: answers.all, dateDeValeur, ressourcesFiscales, patrimoine });
}

/**
 * Whether this tab holds what the server rendered its page from (src/server/results-page.ts,
 * recap-page.ts; `server` is the session storage the server rendered over): the simulation it
 * names, its answers and declarations (whatever the order of their keys), and the same results
 * not stale, or none. src/app/main.tsx then hydrates the page; otherwise the tab renders its own.
 */
export function holdsServerRendering(
  storage: KeyValueStorage,
  rendered: string,
  server: KeyValueStorage,
): boolean {
  const shown = shownSimulation(storage);
  return (
    rendered !== "" &&
    peekStoredResults(storage).simulationId === rendered &&
    freshResultsId(storage) === freshResultsId(server) &&
    shown !== undefined &&
    shown === shownSimulation(server)
  );
}
