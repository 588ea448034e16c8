/** "1 038 aides" (thousands separated as fr-FR does), "1 aide", "Aucune aide". */
export function aidCount(count: number): string {
  if (count === 0) return "Aucune aide";
  return `${count.toLocaleString("fr-FR")} ${count === 1 ? "aide" : "aides"}`;
}
