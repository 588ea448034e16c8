// Only the count of the generated bundle (`?count` makes it a module of its own, tree-shaken to
// this one value): the home page shows it without downloading the questionnaire (issue 8).
import { publicBenefitCount } from "../generated/bundle.json?count";

export const PUBLIC_BENEFIT_COUNT: number = publicBenefitCount;
