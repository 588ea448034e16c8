import { buildEngineRequest, buildSituation, type Answer } from "../../../../src/domain";
import type { EngineRequestOptions } from "../../../../src/domain/engine";
import type { SituationOptions } from "../../../../src/domain/situation";
import { bundle, DATE } from "../fixtures";

/** The engine request of some answers at a value date. */
export function requestFor(
  answers: Answer[],
  options: EngineRequestOptions & { date?: string; situation?: SituationOptions } = {},
) {
  const { date = DATE, situation: situationOptions, ...engineOptions } = options;
  const situation = buildSituation(bundle, answers, date, situationOptions);
  return { situation, ...buildEngineRequest(bundle, situation, engineOptions) };
}

export { lyon } from "../../../fixtures/situations";

export const paris = {
  code_insee: "75056",
  code_postal: "75001",
  nom: "Paris",
  departement: "75",
  region: "11",
  epci: "200054781",
};
