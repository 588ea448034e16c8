import { readFileSync } from "node:fs";
import { DEFAULT_REFORMS, type EngineClient } from "../engine";
import { repoPath } from "../repo-paths";

const REQUIREMENTS = repoPath("scripts", "engine", "requirements.txt");

/**
 * The OpenFisca packages pinned in scripts/engine/requirements.txt and the reforms we apply, for
 * engines that do not name them in an `Engine-Packages` header (one not started by serve.py).
 */
export function pinnedEnginePackages(path = REQUIREMENTS): string {
  let pins: string[] = [];
  try {
    pins = readFileSync(path, "utf8")
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter((line) => /^openfisca-/i.test(line))
      .map((line) => line.replace(/\[[^\]]*\]/, ""))
      .sort();
  } catch {
    // No requirements file next to the server: the country package version still keys the cache.
  }
  return [...pins, `reforms=${[...DEFAULT_REFORMS].sort().join(",")}`].join(" ");
}

/** What the server needs to know about the running engine, read once and kept. */
export interface EngineInfo {
  /** Country package and extension versions, e.g. "openfisca-france@176.0.7 openfisca-core==…". */
  version(): Promise<string>;
  /** Every variable the engine knows. */
  variables(): Promise<ReadonlySet<string>>;
  /** The variables if already read, without asking the engine. */
  knownVariables(): ReadonlySet<string> | undefined;
  /** Forgets what was read (the engine restarted, possibly upgraded). */
  reset(): void;
}

/**
 * Reads the engine's version and variables on first use and keeps them until `reset()`. A failed
 * read (engine down) is not kept: the next call asks again. Errors keep their engine types.
 */
export function createEngineInfo(
  client: Pick<EngineClient, "version" | "variables">,
  fallbackPackages: string = pinnedEnginePackages(),
): EngineInfo {
  let version: Promise<string> | undefined;
  let variables: Promise<ReadonlySet<string>> | undefined;
  let known: ReadonlySet<string> | undefined;

  function once<T>(
    read: () => Promise<T>,
    get: () => Promise<T> | undefined,
    set: (value: Promise<T> | undefined) => void,
  ): Promise<T> {
    const existing = get();
    if (existing) return existing;
    const reading = read();
    set(reading);
    reading.catch(() => {
      if (get() === reading) set(undefined);
    });
    return reading;
  }

  return {
    version: () =>
      once(
        async () => {
          const { countryPackage, packages } = await client.version();
          return `${countryPackage} ${packages ?? fallbackPackages}`;
        },
        () => version,
        (value) => (version = value),
      ),
    variables: () =>
      once(
        async () => {
          const names = new Set(Object.keys(await client.variables()));
          known = names;
          return names;
        },
        () => variables,
        (value) => (variables = value),
      ),
    knownVariables: () => known,
    reset() {
      version = undefined;
      variables = undefined;
      known = undefined;
    },
  };
}
