import { describe, expect, it } from "vitest";
import type { Bundle } from "../../../src/domain/bundle";
import { compileSchema } from "../../../scripts/schema/compile";
import { frenchTypography } from "../../../scripts/schema/normalise";
import { REAL_SCHEMA } from "./helpers";

const NBSP = "\u00A0";

describe("frenchTypography", () => {
  it("puts a no-break space before ? ! : ;", () => {
    expect(frenchTypography("Êtes-vous ? Oui ! Note : ceci ; cela")).toBe(
      `Êtes-vous${NBSP}? Oui${NBSP}! Note${NBSP}: ceci${NBSP}; cela`,
    );
  });

  it("curls straight apostrophes", () => {
    expect(frenchTypography("l'année d'études")).toBe("l’année d’études");
  });

  it("keeps a number's digits and its unit on one line", () => {
    expect(frenchTypography("au moins 3 214 heures, 5 ans, 8 mois, 685 € et 50 %")).toBe(
      `au moins 3${NBSP}214${NBSP}heures, 5${NBSP}ans, 8${NBSP}mois, 685${NBSP}€ et 50${NBSP}%`,
    );
    expect(frenchTypography("1 000 000 €")).toBe(`1${NBSP}000${NBSP}000${NBSP}€`);
  });

  it("leaves the spaces between separate numbers and words", () => {
    expect(frenchTypography("Par exemple : 14 7 2005, les 3 dernières années, 10 anciens")).toBe(
      `Par exemple${NBSP}: 14 7 2005, les 3 dernières années, 10 anciens`,
    );
    expect(frenchTypography("12 2024 et 5 annuités")).toBe("12 2024 et 5 annuités");
  });

  it("leaves other text alone", () => {
    expect(frenchTypography("Déjà typographié\u00A0? https://example.org/a:b l’été")).toBe(
      "Déjà typographié\u00A0? https://example.org/a:b l’été",
    );
    expect(frenchTypography("Pas d'espace?")).toBe("Pas d’espace?");
  });
});

describe("typography in the bundle", () => {
  const bundle = compileSchema(REAL_SCHEMA).bundle as Bundle;
  const steps = Object.values(bundle.blocks).flatMap((block) => block.steps);
  const field = (stepId: string) => steps.find((s) => s.id === stepId)?.fields[0];

  it("keeps the hours of the RSA's young workers' condition on one line", () => {
    expect(field("individu.rsa_jeune_condition_heures_travail_remplie")?.question).toBe(
      `Avez-vous travaillé au moins 3${NBSP}214${NBSP}heures au cours des 3 dernières années${NBSP}?`,
    );
  });

  it("normalises questions, hints and labels", () => {
    expect(field("menage._logementType")?.question).toBe(
      `Quelle est votre situation de logement${NBSP}?`,
    );
    expect(field("individu.coordonnees")?.hint).toBe(
      `Facultatif. Vos coordonnées restent dans ce navigateur${NBSP}; elles ne sont jamais envoyées avec votre simulation.`,
    );
    expect(field("individu.date_naissance")?.question).toEqual({
      demandeur: `Quelle est votre date de naissance${NBSP}?`,
      conjoint: `Quelle est la date de naissance de votre conjoint ou conjointe${NBSP}?`,
      enfant: `Quelle est la date de naissance de {prenom}${NBSP}?`,
    });
    const retraite = bundle.incomeTypes.find((t) => t.id === "retraite_nette");
    expect(retraite?.label).toBe("Pension de réversion ou d’orphelin");
    expect(bundle.incomeTypes.find((t) => t.id === "bourse_enseignement_sup")?.label).toBe(
      "Bourse de l’enseignement supérieur",
    );
    expect(bundle.enumerations.nationalite?.[1]?.label).toBe(
      "D’un pays de l’Union européenne, de l’EEE ou de la Suisse",
    );
    expect(bundle.benefits.find((b) => b.id === "ppa")?.label).toBe("Prime d’activité");
    expect(bundle.institutions.find((i) => i.id === "caf")?.label).toBe(
      "Caisse d’allocations familiales",
    );
  });

  it("never touches ids, values or URLs", () => {
    const json = JSON.stringify({
      ids: steps.map((s) => s.id),
      values: Object.values(bundle.enumerations).flatMap((options) => options.map((o) => o.value)),
      links: bundle.benefits.map((b) => b.links),
    });
    expect(json).not.toMatch(/[’\u00A0]/);
  });

  it("leaves no plain space before ? ! : ; and no straight apostrophe in user-facing text", () => {
    const texts = [
      ...steps.flatMap((s) =>
        s.fields.flatMap((f) => [
          ...(typeof f.question === "string" ? [f.question] : Object.values(f.question)),
          f.hint ?? "",
          f.help ?? "",
          ...(f.options ?? []).map((o) => o.label),
        ]),
      ),
      ...bundle.benefits.flatMap((b) => [b.label, b.description]),
      ...bundle.chapters.map((c) => c.label),
      ...bundle.incomeTypes.flatMap((t) => [
        t.label,
        ...(t.labels ?? []).map((l) => l.text),
        ...(t.fields ?? []).flatMap((f) => [String(f.question), f.hint ?? ""]),
      ]),
      ...Object.values(bundle.enumerations).flatMap((options) => options.map((o) => o.label)),
    ];
    for (const text of texts) expect(text).not.toMatch(/ [?!:;]|'/);
  });
});
