import { createRequire } from "node:module";

/**
 * France's administrative geography as the commune picker knows it (@etalab/decoupage-administratif,
 * current communes only), for the generator: which places exist, which contain which, and how
 * their names read after "habitants" ("de la Haute-Savoie", "du Nord", "d'Occitanie").
 */
export type PlaceKind = "regions" | "departements" | "epcis" | "communes" | "postcodes";

interface Commune {
  code: string;
  nom: string;
  typeLiaison?: number;
  departement: string;
  region: string;
  codesPostaux?: string[];
}

interface Named {
  code: string;
  nom: string;
  typeLiaison?: number;
  region?: string;
}

interface Epci {
  code: string;
  nom: string;
  membres: { code: string }[];
}

export interface Geography {
  exists(kind: PlaceKind, code: string): boolean;
  /** The communes of a place (INSEE codes). */
  communesOf(kind: PlaceKind, code: string): readonly string[];
  /** "de la Haute-Savoie", "du Nord", "de l'intercommunalité CA du Grand Angoulême"… */
  nameAfterHabitants(kind: PlaceKind, code: string): string;
}

const require = createRequire(import.meta.url);
const data = <T>(file: string): T => require(`@etalab/decoupage-administratif/data/${file}`) as T;

/** COG "type de liaison": how "de" combines with the name (0 "de ", 1 "d'", 2 "du ", 3 "de la "…). */
function ofName(name: string, liaison: number | undefined): string {
  switch (liaison) {
    case 1:
      return `d'${name}`;
    case 2:
      return `du ${name.replace(/^Le /, "")}`;
    case 3:
      return `de la ${name.replace(/^La /, "")}`;
    case 4:
      return `des ${name.replace(/^Les /, "")}`;
    case 5:
      return `de l'${name.replace(/^L'/, "")}`;
    default:
      return `de ${name}`;
  }
}

let cached: Geography | undefined;

export function loadGeography(): Geography {
  if (cached) return cached;
  const communes = data<(Commune & { type: string })[]>("communes.json").filter(
    (c) => c.type === "commune-actuelle",
  );
  const regions = new Map(data<Named[]>("regions.json").map((r) => [r.code, r]));
  const departements = new Map(data<Named[]>("departements.json").map((d) => [d.code, d]));
  const epcis = new Map(data<Epci[]>("epci.json").map((e) => [e.code, e]));
  const communeByCode = new Map(communes.map((c) => [c.code, c]));

  const byRegion = new Map<string, string[]>();
  const byDepartement = new Map<string, string[]>();
  const byPostcode = new Map<string, string[]>();
  const push = (map: Map<string, string[]>, key: string, code: string) => {
    const list = map.get(key);
    if (list) list.push(code);
    else map.set(key, [code]);
  };
  for (const commune of communes) {
    push(byRegion, commune.region, commune.code);
    push(byDepartement, commune.departement, commune.code);
    for (const postcode of commune.codesPostaux ?? []) push(byPostcode, postcode, commune.code);
  }

  cached = {
    exists(kind, code) {
      switch (kind) {
        case "regions":
          return regions.has(code);
        case "departements":
          return departements.has(code);
        case "epcis":
          return epcis.has(code);
        case "communes":
          return communeByCode.has(code);
        case "postcodes":
          return byPostcode.has(code);
      }
    },
    communesOf(kind, code) {
      switch (kind) {
        case "regions":
          return byRegion.get(code) ?? [];
        case "departements":
          return byDepartement.get(code) ?? [];
        case "epcis":
          return epcis.get(code)?.membres.map((m) => m.code) ?? [];
        case "communes":
          return communeByCode.has(code) ? [code] : [];
        case "postcodes":
          return byPostcode.get(code) ?? [];
      }
    },
    nameAfterHabitants(kind, code) {
      switch (kind) {
        case "regions": {
          const region = regions.get(code);
          return region ? `de la région ${region.nom}` : code;
        }
        case "departements": {
          const departement = departements.get(code);
          return departement ? ofName(departement.nom, departement.typeLiaison) : code;
        }
        case "epcis": {
          const epci = epcis.get(code);
          return epci ? `de l'intercommunalité ${epci.nom}` : code;
        }
        case "communes": {
          const commune = communeByCode.get(code);
          return commune ? ofName(commune.nom, commune.typeLiaison) : code;
        }
        case "postcodes":
          return `du code postal ${code}`;
      }
    },
  };
  return cached;
}
