import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Commune } from "../domain";

/**
 * Offline postcode → communes lookup over @etalab/decoupage-administratif (COG data). The two
 * JSON files weigh ~12 MB, so they are read once, on first use, and indexed by postcode.
 */
export interface CommuneLookup {
  byPostcode(codePostal: string): Promise<Commune[]>;
  /** Loads the data now (e.g. right after start-up) instead of on the first request. */
  preload(): Promise<void>;
}

export interface CommuneIndex {
  byPostcode: Map<string, Commune[]>;
  /** How long reading and indexing took, for the logs. */
  loadMs: number;
}

interface CogCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  codesPostaux?: string[];
}

interface CogEpci {
  code: string;
  membres: { code: string }[];
}

export const POSTCODE_PATTERN = /^\d{5}$/;

export function createCommuneLookup(onLoaded?: (index: CommuneIndex) => void): CommuneLookup {
  let loading: Promise<CommuneIndex> | undefined;
  const load = () => {
    if (!loading) {
      loading = loadCommuneIndex().then((index) => {
        onLoaded?.(index);
        return index;
      });
      // A failed load (missing package) is retried on the next request rather than cached.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  return {
    async byPostcode(codePostal) {
      const index = await load();
      return index.byPostcode.get(codePostal) ?? [];
    },
    async preload() {
      await load();
    },
  };
}

export async function loadCommuneIndex(): Promise<CommuneIndex> {
  const started = performance.now();
  const [communes, epcis] = await Promise.all([
    readPackageJson<CogCommune[]>("communes.json"),
    readPackageJson<CogEpci[]>("epci.json"),
  ]);
  const epciByCommune = new Map<string, string>();
  for (const epci of epcis) {
    for (const member of epci.membres) epciByCommune.set(member.code, epci.code);
  }
  const byPostcode = new Map<string, Commune[]>();
  // Only current communes: delegated/associated communes and Paris/Lyon/Marseille districts
  // are not what the engine expects as a `depcom`.
  for (const commune of communes) {
    if (commune.type !== "commune-actuelle") continue;
    for (const codePostal of commune.codesPostaux ?? []) {
      const entry: Commune = {
        code_insee: commune.code,
        code_postal: codePostal,
        nom: commune.nom,
        departement: commune.departement ?? "",
        region: commune.region ?? "",
        // A handful of island communes and overseas collectivities belong to no EPCI.
        epci: epciByCommune.get(commune.code) ?? "",
      };
      const list = byPostcode.get(codePostal);
      if (list) list.push(entry);
      else byPostcode.set(codePostal, [entry]);
    }
  }
  const collator = new Intl.Collator("fr");
  for (const list of byPostcode.values()) list.sort((a, b) => collator.compare(a.nom, b.nom));
  return { byPostcode, loadMs: Math.round(performance.now() - started) };
}

const require = createRequire(import.meta.url);

async function readPackageJson<T>(file: string): Promise<T> {
  const path = require.resolve(`@etalab/decoupage-administratif/data/${file}`);
  return JSON.parse(await readFile(path, "utf8")) as T;
}
