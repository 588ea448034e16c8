import { describe, expect, it } from "vitest";
import { getColorDecisionsHex as realDecisions } from "@codegouvfr/react-dsfr/fr/generatedFromCss/getColorDecisionsHex";
import { getColorOptionsHex as realOptions } from "@codegouvfr/react-dsfr/fr/generatedFromCss/getColorOptionsHex";
import { getColorDecisionsHex, getColorOptionsHex } from "../../../src/app/dsfr/themeColorTables";

describe("the theme-color stand-in for react-dsfr's hex tables", () => {
  it.each([false, true])("gives the real page background (dark: %s)", (isDark) => {
    const real = realDecisions({ colorOptions: realOptions({ isDark }) });
    const ours = getColorDecisionsHex({ colorOptions: getColorOptionsHex({ isDark }) });
    expect(ours.background.default.grey.default).toBe(real.background.default.grey.default);
  });
});
