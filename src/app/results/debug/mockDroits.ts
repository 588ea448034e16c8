import type { Benefit, Droit } from "../../../domain";

/**
 * docs/product.md §2 `?debug=id1,id2`: the named engine benefits as results with sample values, so their
 * cards can be checked without a matching situation. Loaded lazily by the results page.
 */
export function mockDroits(benefits: Benefit[], ids: string[]): Droit[] {
  return ids.flatMap((id) => {
    const benefit = benefits.find((b) => b.id === id);
    if (!benefit) return [];
    const links = Object.fromEntries(
      Object.entries(benefit.links).filter(([, value]) => typeof value === "string"),
    ) as Record<string, string>;
    return [
      {
        id: benefit.id,
        label: benefit.label,
        description: benefit.description,
        institution: benefit.institution,
        montant: benefit.type === "bool" ? true : sampleAmount(benefit),
        unit: benefit.unit,
        periodicity: benefit.periodicity,
        ...(benefit.legend ? { legend: benefit.legend } : {}),
        links,
      },
    ];
  });
}

function sampleAmount(benefit: Benefit): number {
  if (benefit.unit === "%") return 50;
  if (benefit.unit !== "€") return 10;
  return benefit.periodicity === "mensuelle" ? 150 : 500;
}
