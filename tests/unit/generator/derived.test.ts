import { afterAll, describe, expect, it } from "vitest";
import { breakSchema, lineOf, removeTempDirs } from "./helpers";

afterAll(removeTempDirs);

const JOURNEY = "schema/journey.yaml";

describe("derived values (journey.yaml `derived:`)", { timeout: 60_000 }, () => {
  it("reports a housing option without an occupation status", () => {
    const { errors } = breakSchema(
      "enumerations.yaml",
      "    - { value: sansDomicile, label: Sans domicile stable }\n",
      "    - { value: sansDomicile, label: Sans domicile stable }\n    - { value: caravane, label: Caravane }\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^${JOURNEY}:\\d+ derived\\[0\\]\\.map: no value for the answer "caravane" of "_logementType": add it to map, or give otherwise$`,
      ),
    );
  });

  it("reports an answer the field cannot take, and the one left without a value", () => {
    const { text, errors } = breakSchema(
      "journey.yaml",
      "heberge: loge_gratuitement",
      "hebergee: loge_gratuitement",
    );
    expect(errors).toEqual([
      `${JOURNEY}:${lineOf(text, "    map:\n      proprietaire:")} derived[0].map: no value for the answer "heberge" of "_logementType": add it to map, or give otherwise`,
      `${JOURNEY}:${lineOf(text, "hebergee:")} derived[0].map.hebergee: unknown answer "hebergee" of "_logementType" (expected one of: "locataire", "proprietaire", "heberge", "sansDomicile")`,
    ]);
  });

  it("reports a value outside the engine enumeration, in a nested table", () => {
    const { text, errors } = breakSchema("journey.yaml", "foyer: locataire_foyer", "foyer: foyer");
    expect(errors).toEqual([
      `${JOURNEY}:${lineOf(text, "map: { vide: locataire_vide")} derived[0].map.locataire.map.foyer: "foyer" is not a value of enumeration "statut_occupation_logement" (expected one of: "primo_accedant", "proprietaire", "locataire_vide", "locataire_meuble", "loge_gratuitement", "locataire_foyer", "sans_domicile")`,
    ]);
  });

  it("reports a table on an unknown field and on a field without a fixed list of answers", () => {
    const unknown = breakSchema("journey.yaml", "from: _locationType", "from: _locationTyp");
    expect(unknown.errors).toEqual([
      `${JOURNEY}:${lineOf(unknown.text, "from: _locationTyp")} derived[0].map.locataire.from: unknown field "menage._locationTyp"`,
    ]);
    const number = breakSchema("journey.yaml", "from: _locationType", "from: loyer");
    expect(number.errors).toEqual([
      `${JOURNEY}:${lineOf(number.text, "from: loyer")} derived[0].map.locataire.from: a table reads a choice or yes/no field, but "menage.loyer" is a money field`,
    ]);
  });

  it("reads another entity's answers only through `reads`, and keeps `for` to a person's value", () => {
    const unread = breakSchema("journey.yaml", "    reads: famille\n", "");
    expect(unread.errors).toEqual([
      `${JOURNEY}:${lineOf(unread.text, "from: en_couple")} derived[3].from: unknown field "individu.en_couple"`,
    ]);
    const household = breakSchema(
      "journey.yaml",
      "  - entity: individu\n    for: demandeur",
      "  - entity: famille\n    for: demandeur",
    );
    expect(household.errors).toEqual([
      `${JOURNEY}:${lineOf(household.text, "entity: famille\n    for: demandeur") + 1} derived[3].for: "for" names a person, but this value is set on "famille": remove "for", or set the value on "individu"`,
    ]);
  });

  it("reports a constant written with a table, a value outside its enumeration, and no value", () => {
    const both = breakSchema(
      "journey.yaml",
      '    value: "2018-12-31"\n',
      '    value: "2018-12-31"\n    from: _logementType\n',
    );
    expect(both.errors).toEqual([
      `${JOURNEY}:${lineOf(both.text, 'value: "2018-12-31"\n    from') + 1} derived[9].from: a value is a constant ("value") or a table ("from", "map"), not both: remove "from", or "value"`,
    ]);
    const outside = breakSchema(
      "journey.yaml",
      '    value: "2018-12-31"\n',
      '    enum: statut_marital\n    value: "2018-12-31"\n',
    );
    expect(outside.errors).toEqual([
      `${JOURNEY}:${lineOf(outside.text, 'value: "2018-12-31"')} derived[9].value: "2018-12-31" is not a value of enumeration "statut_marital" (expected one of: "marie", "pacse", "celibataire")`,
    ]);
    const none = breakSchema("journey.yaml", '    value: "2018-12-31"\n', "");
    expect(none.errors).toEqual([
      `${JOURNEY}:${lineOf(none.text, "attribute: aide_logement_date_pret_conventionne") - 1} derived[9]: give the value: a constant ("value"), or a table ("from" and "map")`,
    ]);
  });
});
