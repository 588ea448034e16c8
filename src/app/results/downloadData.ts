import type { Answer, Patrimoine, Results, RessourcesFiscales } from "../../domain";
import { trackEvent } from "../analytics/track";

export interface DataExport {
  answers: Answer[];
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
  results?: Pick<Results, "droitsEligibles" | "droitsInjectes">;
}

/** docs/product.md §2 "keeping the results": the answers and results as a JSON file the browser saves. */
export function downloadData(data: DataExport, fileName = "mes-donnees-simulation.json"): void {
  trackEvent("Résultats", "Téléchargement données");
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
