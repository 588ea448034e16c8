import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { REAL_SCHEMA } from "./helpers";

const require = createRequire(import.meta.url);
const codes = (file: string, keep: (item: Record<string, unknown>) => boolean = () => true) =>
  new Set(
    (require(`@etalab/decoupage-administratif/data/${file}`) as Record<string, unknown>[])
      .filter(keep)
      .map((item) => String(item.code)),
  );

describe("the real institutions' territories", () => {
  const { bundle } = compileSchema(REAL_SCHEMA);
  const known = {
    regions: codes("regions.json"),
    departements: codes("departements.json"),
    epcis: codes("epci.json"),
    // The commune picker offers current communes only (no Paris, Lyon, Marseille districts).
    communes: codes("communes.json", (commune) => commune.type === "commune-actuelle"),
  };

  it("name regions, departments, EPCIs and communes that exist (the commune picker's data)", () => {
    const unknown: string[] = [];
    for (const institution of bundle!.institutions) {
      for (const [kind, list] of Object.entries(institution.territory ?? {})) {
        const set = known[kind as keyof typeof known];
        for (const code of list as string[]) {
          if (!set.has(code)) unknown.push(`${institution.id}: ${kind} ${code}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it("give a territory to every institution of a territorial type", () => {
    const territorial = ["region", "departement", "epci", "commune"];
    const missing = bundle!.institutions
      .filter((i) => territorial.includes(i.type) && !i.territory)
      .map((i) => i.id);
    expect(missing).toEqual([]);
    expect(bundle!.institutions.some((i) => i.territory)).toBe(true);
  });
});
