import { describe, expect, it } from "vitest";
import type { Bundle, Catalogue, Predicate } from "../../../src/domain";
import {
  DESCRIPTIONS,
  describeConditions,
  describeContext,
  describeTerritory,
  placeConditionsHold,
  placeName,
  type ConditionDescription,
  type DescribeContext,
} from "../../../src/domain/eligibility/describe";
import { OPERATOR_NAMES } from "../../../src/domain/eligibility/condition-names";
import generatedBundle from "../../../src/generated/bundle.json";
import generatedCatalogue from "../../../src/generated/catalogue.json";

const NBSP = "\u00A0";
const bundle = generatedBundle as unknown as Bundle;
const catalogue = generatedCatalogue as unknown as Catalogue;

const context: DescribeContext = {
  enumerations: {
    annee_etude: [
      { value: "licence_1", label: "Licence 1re année" },
      { value: "licence_2", label: "Licence 2e année" },
      { value: "bts_1", label: "BTS 1re année" },
    ],
    mention_baccalaureat: [{ value: "mention_tres_bien", label: "Mention très bien" }],
    contrat_alternance: [{ value: "apprenti", label: "Contrat d’apprentissage" }],
    regime_securite_sociale: [
      { value: "regime_general", label: "Régime général" },
      { value: "regime_agricole", label: "Régime agricole (MSA)" },
      { value: "autre", label: "Autre régime ou je ne sais pas" },
    ],
    statut_occupation_logement: [{ value: "sans_domicile", label: "Sans domicile" }],
  },
  placeNames: {
    "departements:74": "de la Haute-Savoie",
    "departements:59": "du Nord",
    "departements:92": "des Hauts-de-Seine",
    "departements:35": "d’Ille-et-Vilaine",
    "departements:01": "de l’Ain",
    "communes:74010": "d’Annecy",
    "communes:75056": "de Paris",
    "regions:53": "de la région Bretagne",
    "postcodes:67100": "du code postal 67100",
  },
  profileLabels: {
    lyceen: "lycéens et lycéennes",
    apprenti: "apprentis et apprenties",
    enseignement_superieur: "étudiants et étudiantes de l’enseignement supérieur",
  },
  interestQuestions: { _interetBafa: `Souhaitez-vous passer le BAFA ou le BAFD${NBSP}?` },
};

const texts = (eligibility: Predicate) =>
  describeConditions(eligibility, context).map((item) => item.text);

describe("describeConditions", () => {
  it("has a description for every eligibility operator", () => {
    expect(Object.keys(DESCRIPTIONS).sort()).toEqual([...OPERATOR_NAMES].sort());
  });

  it("describes ages", () => {
    expect(texts({ age_between: [16, 25] })).toEqual([`Avoir entre 16 et 25${NBSP}ans.`]);
    expect(texts({ age_between: [18, null] })).toEqual([`Avoir 18${NBSP}ans ou plus.`]);
    expect(texts({ age_between: [null, 29] })).toEqual([`Avoir 29${NBSP}ans ou moins.`]);
    expect(texts({ age_between: [18, 18] })).toEqual([`Avoir 18${NBSP}ans.`]);
  });

  it("names the places to live in, with their article", () => {
    expect(texts({ lives_in: ["departements", ["74"]] })).toEqual(["Habiter la Haute-Savoie."]);
    expect(texts({ lives_in: ["departements", ["59", "92"]] })).toEqual([
      "Habiter le Nord ou les Hauts-de-Seine.",
    ]);
    expect(texts({ lives_in: ["departements", ["35", "01"]] })).toEqual([
      "Habiter l’Ille-et-Vilaine ou l’Ain.",
    ]);
    expect(texts({ lives_in: ["communes", ["74010", "75056"]] })).toEqual([
      "Habiter Annecy ou Paris.",
    ]);
    expect(texts({ lives_in: ["regions", ["53"]] })).toEqual(["Habiter la région Bretagne."]);
    expect(texts({ lives_in: ["postcodes", ["67100"]] })).toEqual([
      "Habiter une commune du code postal 67100.",
    ]);
    expect(texts({ lives_outside: ["communes", ["75056"]] })).toEqual(["Ne pas habiter Paris."]);
  });

  it("lists many places one per item", () => {
    const [only] = describeConditions(
      { lives_in: ["departements", ["74", "59", "92", "35", "01"]] },
      context,
    );
    expect(only).toEqual({
      text: `Habiter l’un de ces départements${NBSP}:`,
      items: [
        { text: "la Haute-Savoie" },
        { text: "le Nord" },
        { text: "les Hauts-de-Seine" },
        { text: "l’Ille-et-Vilaine" },
        { text: "l’Ain" },
      ],
    });
  });

  it("uses the enumerations' labels", () => {
    expect(texts({ study_year: [["licence_1", "licence_2"]] })).toEqual([
      "Être en licence 1re année ou licence 2e année.",
    ]);
    expect(texts({ study_year: [["bts_1"]] })).toEqual(["Être en BTS 1re année."]);
    expect(texts({ bac_mention: [["mention_tres_bien"]] })).toEqual([
      "Avoir obtenu le baccalauréat avec la mention très bien.",
    ]);
    expect(texts({ work_study_contract: [["apprenti"]] })).toEqual([
      "Être en alternance avec un contrat d’apprentissage.",
    ]);
    expect(texts({ social_security: [["regime_agricole"]] })).toEqual([
      "Être affilié ou affiliée au régime agricole (MSA).",
    ]);
    expect(texts({ social_security: [["regime_general", "autre"]] })).toEqual([
      "Être affilié ou affiliée au régime général ou à un autre régime.",
    ]);
    expect(texts({ housing_status: [["sans_domicile"]] })).toEqual([
      `Être dans l’une de ces situations de logement${NBSP}: sans domicile.`,
    ]);
  });

  it("describes the other operators", () => {
    expect(texts({ grant_holder: [] })).toEqual(["Être boursier ou boursière."]);
    expect(texts({ family_quotient: ["<=", 1000, "month"] })).toEqual([
      `Avoir un quotient familial (revenu fiscal de référence du foyer divisé par son nombre de parts) inférieur ou égal à 1${NBSP}000${NBSP}€ par mois.`,
    ]);
    expect(texts({ family_quotient: [">", 12500.5, "year"] })[0]).toContain(
      `supérieur à 12${NBSP}500,50${NBSP}€ par an.`,
    );
    expect(texts({ rsa_recipient: [] })).toEqual(["Percevoir le RSA."]);
    expect(texts({ health_social_training: [] })).toEqual([
      "Suivre une formation sanitaire ou sociale.",
    ]);
    expect(texts({ housing_difficulties: [] })).toEqual([
      "Avoir des difficultés pour accéder à un logement ou pour le payer.",
    ]);
    expect(texts({ temp_agency: [] })).toEqual(["Travailler pour une agence d’intérim."]);
    expect(texts({ disability_rate: [">=", 0.5] })).toEqual([
      `Avoir un taux d’incapacité supérieur ou égal à 50${NBSP}%.`,
    ]);
    expect(texts({ children_in_age_band: [1, 11, 25] })).toEqual([
      `Avoir au moins un enfant de 11 à 25${NBSP}ans.`,
    ]);
    expect(texts({ children_in_age_band: [2, 3, 6] })).toEqual([
      `Avoir au moins 2 enfants de 3 à 6${NBSP}ans.`,
    ]);
    expect(texts({ interest: "_interetBafa" })).toEqual([
      `Avoir le projet correspondant (question «${NBSP}Souhaitez-vous passer le BAFA ou le BAFD${NBSP}?${NBSP}»).`,
    ]);
    expect(texts({ profile: "apprenti" })).toEqual(["Faire partie des apprentis et apprenties."]);
  });

  it("describes an aid's conditions in their order, profiles last with their own conditions", () => {
    const eligibility: Predicate = {
      and: [
        { interest: "_interetBafa" },
        { age_between: [16, null] },
        { lives_in: ["departements", ["74"]] },
        {
          or: [
            { profile: "lyceen" },
            {
              and: [{ profile: "enseignement_superieur" }, { study_year: [["licence_1"]] }],
            },
            { profile: "apprenti" },
          ],
        },
      ],
    };
    expect(describeConditions(eligibility, context)).toEqual<ConditionDescription[]>([
      {
        text: `Avoir le projet correspondant (question «${NBSP}Souhaitez-vous passer le BAFA ou le BAFD${NBSP}?${NBSP}»).`,
      },
      { text: `Avoir 16${NBSP}ans ou plus.` },
      { text: "Habiter la Haute-Savoie." },
      {
        text: `Être dans l’une de ces situations${NBSP}:`,
        items: [
          { text: "lycéens et lycéennes" },
          {
            text: `étudiants et étudiantes de l’enseignement supérieur${NBSP}:`,
            items: [{ text: "Être en licence 1re année." }],
          },
          { text: "apprentis et apprenties" },
        ],
      },
    ]);
  });

  it("states a single profile as a condition, followed by its own conditions", () => {
    expect(
      texts({
        and: [{ or: [{ and: [{ profile: "lyceen" }, { age_between: [15, 18] }] }] }],
      }),
    ).toEqual(["Faire partie des lycéens et lycéennes.", `Avoir entre 15 et 18${NBSP}ans.`]);
  });

  it("describes every aid of the generated catalogue with known operators only", () => {
    const generated = describeContext(bundle, catalogue);
    const flatten = (items: ConditionDescription[]): string[] =>
      items.flatMap((item) => [item.text, ...flatten(item.items ?? [])]);
    for (const aid of catalogue.aids) {
      const sentences = flatten(describeConditions(aid.eligibility, generated));
      expect(sentences.length, aid.id).toBeGreaterThan(0);
      for (const text of sentences) {
        expect(text, aid.id).not.toContain("condition particulière");
        expect(text, aid.id).not.toMatch(/undefined|\[object|\b(?:de|la) \d{5}\b/);
        expect(text, aid.id).not.toMatch(/ [:;?!]/);
      }
    }
    expect(generated.interestQuestions._interetBafa).toBeDefined();
  });
});

describe("describeTerritory", () => {
  it("reads an institution's territory as a place to live in", () => {
    expect(describeTerritory({ departements: ["74"] }, context.placeNames)).toEqual({
      text: "Habiter la Haute-Savoie.",
    });
    expect(placeName(context.placeNames, "departements", "2A")).toBe("le département 2A");
  });
});

describe("placeConditionsHold", () => {
  const annecy = {
    code_insee: "74010",
    code_postal: "74000",
    departement: "74",
    region: "84",
    epci: "200066793",
  };

  it("checks the places every visitor must live in or outside", () => {
    expect(placeConditionsHold({ and: [{ lives_in: ["departements", ["74"]] }] }, annecy)).toBe(
      true,
    );
    expect(placeConditionsHold({ and: [{ lives_in: ["departements", ["73"]] }] }, annecy)).toBe(
      false,
    );
    expect(placeConditionsHold({ and: [{ lives_in: ["postcodes", ["74000"]] }] }, annecy)).toBe(
      true,
    );
    expect(placeConditionsHold({ and: [{ lives_in: ["epcis", ["200066793"]] }] }, annecy)).toBe(
      true,
    );
    expect(placeConditionsHold({ and: [{ lives_outside: ["communes", ["74010"]] }] }, annecy)).toBe(
      false,
    );
    expect(placeConditionsHold({ and: [{ age_between: [16, 25] }] }, annecy)).toBe(true);
  });

  it("does not read the places of a profile", () => {
    expect(
      placeConditionsHold(
        {
          and: [
            {
              or: [{ and: [{ profile: "lyceen" }, { lives_in: ["departements", ["73"]] }] }],
            },
          ],
        },
        annecy,
      ),
    ).toBe(true);
  });
});
