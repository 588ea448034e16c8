/**
 * Schema names as types: `tsc` (npm run typecheck, which runs after schema:check) compiles this
 * file, so each `@ts-expect-error` below fails the typecheck as soon as a name unknown to the
 * schema is accepted, and each known name fails it once the schema renames it.
 */
import { describe, expect, it } from "vitest";
import { findAnswer, type EnumerationValue, type FieldName } from "../../../src/domain";
import { a } from "./fixtures";

describe("schema names as types", () => {
  it("accepts the schema's names, and any name read from the bundle", () => {
    const answers = [a("menage.depcom", "75056")];
    expect(findAnswer(answers, "menage", "menage", "depcom")?.value).toBe("75056");
    const dynamic: string = "depcom";
    expect(findAnswer(answers, "menage", "menage", dynamic)).toBeDefined();
    const housing: EnumerationValue<"logement_type"> = "sansDomicile";
    const field: FieldName = "_logementType";
    expect([housing, field]).toEqual(["sansDomicile", "_logementType"]);
  });

  it("rejects names the schema does not have", () => {
    // @ts-expect-error: no such field in schema/
    expect(findAnswer([], "menage", "menage", "depcom_typo")).toBeUndefined();
    // @ts-expect-error: no such value in enumeration logement_type
    const housing: EnumerationValue<"logement_type"> = "sans_domicile_typo";
    expect(housing).toBe("sans_domicile_typo");
  });
});
