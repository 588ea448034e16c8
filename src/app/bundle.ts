import type { Bundle } from "../domain";
import generated from "../generated/bundle.json";

/** The questionnaire, generated from `schema/` by `npm run schema:build`. */
export const bundle = generated as unknown as Bundle;
