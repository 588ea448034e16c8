/**
 * `schema:check` is the whole gate: each check an editor's change can fail, proved on a broken
 * copy of the real schema, with the exact `file:line path: reason` and its hint.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileSchema } from "../../../scripts/schema/compile";
import { exclusiveConditions } from "../../../scripts/schema/writers";
import {
  breakSchemaReport,
  compileReport,
  copySchema,
  itemIndex,
  lineOf,
  removeTempDirs,
  stepIndex,
} from "./helpers";

afterAll(removeTempDirs);

const LOGEMENT = "schema/blocks/logement.yaml";
const INDIVIDU = "schema/blocks/individu.yaml";
const ENUMERATIONS = "schema/enumerations.yaml";

/** A copy of the `menage.coloc` step, inserted after it, with this id, path and field. */
function colocCopy(id: string, path: string, field: string): string {
  return [
    `  - id: ${id}`,
    "    subject: menage",
    `    path: ${path}`,
    "    fields:",
    `      - name: ${field}`,
    "        kind: boolean",
    "        question: Êtes-vous en colocation ?",
    "",
    "  - id: menage.logement_chambre\n",
  ].join("\n");
}

describe("two steps writing one field", () => {
  const SAME_FIELD_HINT =
    '  → Une question ne se pose qu’une fois : supprimez l’étape en double, ou donnez un autre nom (name) au champ. Si les deux étapes posent vraiment la même question à des personnes différentes, rendez leurs conditions when exclusives, par exemple { "===": [{ var: self._role }, demandeur] } dans l’une et enfant dans l’autre.';

  it("reports a copied step that writes a field another step writes", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "  - id: menage.logement_chambre\n",
      colocCopy("menage.coloc_copie", "menage/coloc_copie", "coloc"),
    );
    const step = stepIndex(text, "menage.coloc_copie");
    const line = lineOf(text, "id: menage.coloc_copie") + 4;
    const original = lineOf(
      text,
      "- name: coloc\n        kind: boolean\n        question: Êtes-vous en colocation ?\n        help",
    );
    expect(errors).toEqual([
      `${LOGEMENT}:${line} steps[${step}].fields[0].name: field "menage.coloc" is also asked by step "menage.coloc" (${LOGEMENT}:${original}); two steps may ask one field only under exclusive "when" conditions\n${SAME_FIELD_HINT}`,
    ]);
  });

  it("reports two steps on one page path", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "  - id: menage.logement_chambre\n",
      colocCopy("menage.coloc_copie", "menage/coloc", "coloc_copie"),
    );
    const step = stepIndex(text, "menage.coloc_copie");
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, "path: menage/coloc\n")} steps[${step}].path: page path "menage/coloc" is also the path of step "menage.coloc" (${LOGEMENT}:${lineOf(text, "  - id: menage.coloc\n")}); the journey would keep only one of them\n  → Chaque étape a sa propre page : changez le path de l’une des deux étapes (par défaut, le path vient du premier champ), ou rendez leurs conditions when exclusives.`,
    ]);
  });

  it("allows one field in two steps under exclusive conditions only (scolarite)", () => {
    // The real schema asks `scolarite` of the applicant and of a child, under self._role demandeur
    // and enfant: accepted. Letting the child's step also match the applicant is not.
    const { text, errors } = breakSchemaReport(
      "blocks/individu.yaml",
      'path: individu/{id}/scolarite\n    when:\n      and:\n        - { "===": [{ var: self._role }, enfant] }',
      "path: individu/{id}/scolarite\n    when:\n      and:\n        - { in: [{ var: self._role }, [demandeur, enfant]] }",
    );
    const step = stepIndex(text, "individu.scolarite_enfant");
    const first = stepIndex(text, "individu.scolarite");
    const firstLine = lineOf(
      text,
      "- name: scolarite\n        kind: choice\n        enum: scolarite\n        question: Où",
    );
    const copyLine = lineOf(
      text,
      "- name: scolarite\n        kind: choice\n        enum: scolarite\n        question:\n",
    );
    expect(first).toBeLessThan(step);
    expect(errors.map((error) => error.split("\n")[0])).toEqual([
      `${INDIVIDU}:${lineOf(text, "path: individu/{id}/scolarite")} steps[${step}].path: page path "individu/{id}/scolarite" is also the path of step "individu.scolarite" (${INDIVIDU}:${lineOf(text, "  - id: individu.scolarite\n")}); the journey would keep only one of them`,
      `${INDIVIDU}:${copyLine} steps[${step}].fields[0].name: field "individu.scolarite" is also asked by step "individu.scolarite" (${INDIVIDU}:${firstLine}); two steps may ask one field only under exclusive "when" conditions`,
    ]);
  });

  it("tells exclusive conditions from the top-level === and in of one variable", () => {
    const role = (value: string) => ({ "===": [{ var: "self._role" }, value] });
    const etudiant = { "===": [{ var: "self.activite" }, "etudiant"] };
    expect(exclusiveConditions(role("demandeur"), role("enfant"))).toBe(true);
    expect(exclusiveConditions({ and: [role("demandeur"), etudiant] }, role("enfant"))).toBe(true);
    const inList = { in: [{ var: "self._role" }, ["demandeur", "conjoint"]] };
    expect(exclusiveConditions(inList, role("enfant"))).toBe(true);
    expect(exclusiveConditions(inList, role("conjoint"))).toBe(false);
    expect(exclusiveConditions(role("demandeur"), etudiant)).toBe(false);
    expect(exclusiveConditions(undefined, role("enfant"))).toBe(false);
    expect(exclusiveConditions({ or: [role("demandeur")] }, role("enfant"))).toBe(false);
  });
});

describe("territory codes", () => {
  it("reports a commune code that does not exist, with the file and line", () => {
    const { text, errors } = breakSchemaReport(
      "institutions/communes.yaml",
      'territory: { communes: ["2A004"] }',
      'territory: { communes: ["20004"] }',
    );
    const institution = itemIndex(text, "institutions", "ville_ajaccio");
    expect(errors).toEqual([
      `schema/institutions/communes.yaml:${lineOf(text, '"20004"')} institutions[${institution}].territory.communes[0]: unknown commune code "20004" (not in the official geography the commune picker uses)\n  → Vérifiez le code INSEE de la commune, pas son code postal (« 75056 » pour Paris) ; une commune nouvelle a changé de code, sur https://www.insee.fr/fr/recherche/recherche-geographique.`,
    ]);
  });

  it("reports a département code that does not exist", () => {
    const { text, errors } = breakSchemaReport(
      "institutions/autres.yaml",
      'territory: { departements: ["974"] }',
      'territory: { departements: ["979"] }',
    );
    expect(errors.map((error) => error.split("\n")[0])).toEqual([
      `schema/institutions/autres.yaml:${lineOf(text, '"979"')} institutions[${itemIndex(text, "institutions", idAt(text, '"979"'))}].territory.departements[0]: unknown département code "979" (not in the official geography the commune picker uses)`,
    ]);
  });
});

/** The id of the institution declared just before `needle`. */
function idAt(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle));
  return [...before.matchAll(/- id: (\w+)/g)].at(-1)![1]!;
}

describe("stability of monthly engine variables", () => {
  it("requires stable on a monthly mapping, with the two choices in the hint", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "engine: { variable: coloc, period: month, stable: last_3_months }",
      "engine: { variable: coloc, period: month }",
    );
    const step = stepIndex(text, "menage.coloc");
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, "variable: coloc,")} steps[${step}].fields[0].engine: missing key "stable" (monthly variable "coloc": last_3_months or current_month)\n  → Ajoutez stable: last_3_months si la réponse décrit aussi les 3 mois précédents (activité, logement, handicap…), ou stable: current_month si elle ne vaut que pour le mois en cours. Exemple : engine: { variable: activite, period: month, stable: last_3_months }. Voir docs/schema-format.md (« engine »).`,
    ]);
  });

  it("refuses stable on a variable that is not monthly", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/individu.yaml",
      "engine: { variable: enfant_a_charge, period: year }",
      "engine: { variable: enfant_a_charge, period: year, stable: last_3_months }",
    );
    const step = stepIndex(text, "individu.enfant_a_charge");
    expect(errors).toEqual([
      `${INDIVIDU}:${lineOf(text, "variable: enfant_a_charge,")} steps[${step}].fields[0].engine.stable: "stable" is only for monthly variables (period: month)\n  → Retirez stable : seules les variables mensuelles (period: month) en ont besoin.`,
    ]);
  });

  it("requires one classification per variable", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/individu.yaml",
      "Pas encore scolarisé ou autre situation }\n        engine: { variable: scolarite, period: month, stable: last_3_months }",
      "Pas encore scolarisé ou autre situation }\n        engine: { variable: scolarite, period: month, stable: current_month }",
    );
    const step = stepIndex(text, "individu.scolarite_enfant");
    expect(errors.map((error) => error.split("\n")[0])).toEqual([
      `${INDIVIDU}:${lineOf(text, "stable: current_month }")} steps[${step}].fields[0].engine.stable: "scolarite" is stable: last_3_months at ${INDIVIDU}:${lineOf(text, "engine: { variable: scolarite, period: month, stable: last_3_months }")}, current_month here`,
    ]);
  });

  it("reports a derived value's monthly mapping too", () => {
    const { text, errors } = breakSchemaReport(
      "journey.yaml",
      "variable: statut_occupation_logement, period: month, stable: last_3_months",
      "variable: statut_occupation_logement, period: month",
    );
    expect(errors.map((error) => error.split("\n")[0])).toEqual([
      `schema/journey.yaml:${lineOf(text, "engine: { variable: statut_occupation_logement")} derived[0].engine: missing key "stable" (monthly variable "statut_occupation_logement": last_3_months or current_month)`,
    ]);
  });
});

describe("enumeration values", () => {
  it("reports a value no field offers", () => {
    const { text, errors } = breakSchemaReport(
      "enumerations.yaml",
      "    - { value: inactif, label: Autre situation }\n",
      "    - { value: inactif, label: Autre situation }\n    - { value: benevole, label: Bénévole }\n",
    );
    expect(errors).toEqual([
      `${ENUMERATIONS}:${lineOf(text, "value: benevole")} enumerations.activite[6].value: value "benevole" of enumeration "activite" is offered by no field\n  → Supprimez cette valeur, ou ajoutez-la aux options d’un champ qui utilise la liste (enum: activite).`,
    ]);
  });

  it("reports an enumeration nothing uses", () => {
    const { text, errors } = breakSchemaReport(
      "enumerations.yaml",
      "  velo_type:\n",
      "  couleur:\n    - { value: rouge, label: Rouge }\n  velo_type:\n",
    );
    expect(errors).toEqual([
      `${ENUMERATIONS}:${lineOf(text, "couleur:")} enumerations.couleur: enumeration "couleur" is used by no field, aid condition or bike-aid setting\n  → Supprimez cette liste si plus rien ne s’en sert ; si l’application la lit elle-même, ajoutez couleur à readByApplication (en bas du fichier).`,
    ]);
  });

  it("reports an unknown enumeration in readByApplication, with the closest names", () => {
    const { text, errors } = breakSchemaReport(
      "enumerations.yaml",
      "readByApplication: [statut_compte, patrimoine, ressources_fiscales]",
      "readByApplication: [statut_compte, patrimoine, ressources_fiscale]",
    );
    expect(errors).toEqual([
      `${ENUMERATIONS}:${lineOf(text, "  ressources_fiscales:")} enumerations.ressources_fiscales: enumeration "ressources_fiscales" is used by no field, aid condition or bike-aid setting\n  → Supprimez cette liste si plus rien ne s’en sert ; si l’application la lit elle-même, ajoutez ressources_fiscales à readByApplication (en bas du fichier).`,
      `${ENUMERATIONS}:${lineOf(text, "readByApplication")} readByApplication[2]: unknown enumeration "ressources_fiscale"\n  → Vouliez-vous dire « ressources_fiscales » ?`,
    ]);
  });

  it("still reports an option that is not a value of its enumeration", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/individu.yaml",
      "- { value: lycee, label: Au lycée ou en CAP }\n          - { value: enseignement_superieur, label: Dans l'enseignement supérieur }\n          - {\n",
      "- { value: lycees, label: Au lycée ou en CAP }\n          - { value: enseignement_superieur, label: Dans l'enseignement supérieur }\n          - {\n",
    );
    const step = stepIndex(text, "individu.scolarite");
    expect(errors[0]).toBe(
      `${INDIVIDU}:${lineOf(text, "value: lycees")} steps[${step}].fields[0].options[1].value: option "lycees" is not a value of enumeration "scolarite"\n  → Vouliez-vous dire « lycee » ?`,
    );
  });
});

describe("numeric comparisons", () => {
  const HINT =
    '  → Un nombre se compare à un nombre : retirez les guillemets autour du nombre (25 et non "25"). Pour comparer à une valeur d’une liste, utilisez "===" ou "in".';

  it("reports a number written as a text", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      '{ ">=": [{ age: { var: demandeur.date_naissance } }, 18] }',
      '{ ">=": [{ age: { var: demandeur.date_naissance } }, "18"] }',
    );
    const step = stepIndex(text, "menage._difficultes_acces_ou_frais_logement");
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, '"18"]')} steps[${step}].when.and[0][">="][1]: ">=" compares an age with the text "18": both sides must be numbers\n${HINT}`,
    ]);
  });

  it("reports a text field compared with a number", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      '{ ">=": [{ age: { var: demandeur.date_naissance } }, 18] }',
      '{ ">=": [{ var: demandeur.date_naissance }, 18] }',
    );
    const step = stepIndex(text, "menage._difficultes_acces_ou_frais_logement");
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, "{ var: demandeur.date_naissance }, 18")} steps[${step}].when.and[0][">="][0]: ">=" compares the number 18 with "demandeur.date_naissance" (a date): both sides must be numbers\n${HINT}`,
    ]);
  });
});

describe("links", () => {
  it("reports an aid link that is not https", () => {
    const { text, errors } = breakSchemaReport(
      "benefits/territoriales.yaml",
      "information: https://www.mon-tarif-tisseo.fr",
      "information: http://www.mon-tarif-tisseo.fr",
    );
    const benefit = itemIndex(text, "benefits", "tisseo_transport_reduction");
    expect(errors).toEqual([
      `schema/benefits/territoriales.yaml:${lineOf(text, "http://www.mon-tarif")} benefits[${benefit}].links.information: link "http://www.mon-tarif-tisseo.fr" is not https (http)\n  → Écrivez https://www.mon-tarif-tisseo.fr si le site l’accepte (ouvrez-le dans un navigateur pour vérifier) ; sinon, cherchez la page officielle équivalente en https.`,
    ]);
  });

  it("reports a link that is not https in an institution's aid file", () => {
    const { text, errors } = breakSchemaReport(
      "aids/regions/region_grand_est.yaml",
      "information: https://www.pace-grandest.fr/",
      "information: http://www.pace-grandest.fr/",
    );
    const aid = itemIndex(text, "aids", "grand_est_parcours_acquisition_competences_entreprises");
    expect(errors[0]).toBe(
      `schema/aids/regions/region_grand_est.yaml:${lineOf(text, "http://www.pace")} aids[${aid}].links.information: link "http://www.pace-grandest.fr/" is not https (http)\n  → Écrivez https://www.pace-grandest.fr/ si le site l’accepte (ouvrez-le dans un navigateur pour vérifier) ; sinon, cherchez la page officielle équivalente en https.`,
    );
  });

  it("reports a family member's link", () => {
    const schemaDir = copySchema();
    const path = join(schemaDir, "families/fsl.yaml");
    const original = readFileSync(path, "utf8");
    const text = original.replace("https://www.fsl86.fr/\n", "ftp://www.fsl86.fr/\n");
    expect(text).not.toBe(original);
    writeFileSync(path, text);
    const [error] = compileReport(schemaDir);
    expect(error).toMatch(
      new RegExp(
        `^schema/families/fsl.yaml:${lineOf(text, "ftp://")} members\\[\\d+\\]\\.links\\.information: link "ftp://www.fsl86.fr/" is not https \\(ftp\\)\n  → Un lien officiel commence par https://\\.$`,
      ),
    );
  });
});

describe("hints", () => {
  it("use no-break spaces before French punctuation", () => {
    const schemaDir = copySchema();
    const enumerations = join(schemaDir, "enumerations.yaml");
    writeFileSync(
      enumerations,
      readFileSync(enumerations, "utf8").replace("ressources_fiscales]", "ressources_fiscale]"),
    );
    const hint = compileSchema(schemaDir).errors.find((error) =>
      error.path.startsWith("readByApplication"),
    )?.hint;
    expect(hint).toBe("Vouliez-vous dire «\u00a0ressources_fiscales\u00a0»\u00a0?");
  });
});

describe("did you mean", () => {
  it("a misspelt key of a field", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "        question: Êtes-vous en colocation ?",
      "        quesiton: Êtes-vous en colocation ?",
    );
    const step = stepIndex(text, "menage.coloc");
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, "- name: coloc\n")} steps[${step}].fields[0].question: expected a text or a map by role (demandeur, conjoint, enfant)`,
      `${LOGEMENT}:${lineOf(text, "quesiton")} steps[${step}].fields[0]: unknown key "quesiton"\n  → Vouliez-vous dire « question » ?`,
    ]);
  });

  it("a misspelt field and operator in a predicate", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "  - id: menage.coloc\n    subject: menage\n    when: { in: [{ var: menage._logementType }, [locataire, null]] }",
      "  - id: menage.coloc\n    subject: menage\n    when: { inn: [{ var: menage._logementType }, [locataire, null]] }",
    );
    expect(errors).toEqual([
      `${LOGEMENT}:${lineOf(text, "inn:")} steps[${stepIndex(text, "menage.coloc")}].when: unknown operator "inn"\n  → Vouliez-vous dire « in » ?`,
    ]);
    const field = breakSchemaReport(
      "blocks/logement.yaml",
      "  - id: menage.coloc\n    subject: menage\n    when: { in: [{ var: menage._logementType }, [locataire, null]] }",
      "  - id: menage.coloc\n    subject: menage\n    when: { in: [{ var: menage._logementTyp }, [locataire, null]] }",
    );
    expect(field.errors[0]).toBe(
      `${LOGEMENT}:${lineOf(field.text, "_logementTyp }")} steps[${stepIndex(field.text, "menage.coloc")}].when.in[0]: unknown field "menage._logementTyp"\n  → Vouliez-vous dire « menage._logementType » ?`,
    );
  });

  it("a misspelt value and a misspelt institution of an aid", () => {
    const { text, errors } = breakSchemaReport(
      "blocks/logement.yaml",
      "  - id: menage.coloc\n    subject: menage\n    when: { in: [{ var: menage._logementType }, [locataire, null]] }",
      "  - id: menage.coloc\n    subject: menage\n    when: { in: [{ var: menage._logementType }, [locatair, null]] }",
    );
    expect(errors[0]).toBe(
      `${LOGEMENT}:${lineOf(text, "locatair,")} steps[${stepIndex(text, "menage.coloc")}].when.in[1][0]: "locatair" is not a value of "menage._logementType" (expected one of locataire, proprietaire, heberge, sansDomicile)\n  → Vouliez-vous dire « locataire » ?`,
    );
    const aid = breakSchemaReport(
      "aids/communes/ville_bethune.yaml",
      "institution: ville_bethune",
      "institution: ville_betune",
    );
    expect(aid.errors[0]).toBe(
      `schema/aids/communes/ville_bethune.yaml:${lineOf(aid.text, "ville_betune")} aids[${aid.text.slice(0, aid.text.indexOf("ville_betune")).split("\n  - id:").length - 2}].institution: unknown institution "ville_betune"\n  → Vouliez-vous dire « ville_bethune » ?`,
    );
  });
});
