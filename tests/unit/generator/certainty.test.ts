/**
 * scripts/schema/certainty.ts (docs/schema-format.md "Certainty"): a result with decisive
 * conditions the answers do not decide is never counted, and one not counted says why.
 */
import { afterAll, describe, expect, it } from "vitest";
import { breakSchema, lineOf, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const LYON = "aids/communes/ville_de_lyon.yaml";

describe("certainty", () => {
  it("refuses decisive conditions on a counted aid, at the line of decisive", () => {
    const { text, errors } = breakSchema(
      LYON,
      'certainty: on_application\n    decisive:\n      - "Porter un projet',
      'certainty: counted\n    decisive:\n      - "Porter un projet',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`schema/${LYON}:${lineOf(text, "certainty: counted") + 1} `);
    expect(errors[0]).toContain("cannot be counted");
  });

  it("refuses an aid to verify or on application without its decisive conditions", () => {
    const { text, errors } = breakSchema(
      LYON,
      '    decisive:\n      - "Porter un projet, seul ou à plusieurs, en faveur de la transition écologique et sociale à Lyon."\n      - "Les projets sont sélectionnés sur dossier de candidature ; l\'aide peut atteindre 2 000 € pour un projet individuel et 5 000 € pour un projet collectif."\n',
      "",
    );
    expect(errors).toHaveLength(1);
    const line = text.split("\n").findIndex((l) => l.includes("certainty: on_application")) + 1;
    expect(errors[0]).toContain(`schema/${LYON}:${line} `);
    expect(errors[0]).toContain('needs "decisive"');
  });
});
