import type { Droit } from "../../domain";
import { resultValue, settledLine } from "../../domain";
import { escapeHtml } from "../../domain/escape-html";

export interface RecapContent {
  simulationId: string;
  droits: readonly Droit[];
  /** Brings the visitor back to their results. */
  resultsUrl: string;
  /** The follow-up survey, when the visitor agreed to answer it. */
  surveyUrl?: string | undefined;
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * The benefit line of a recap: "Aide au logement : 210,50 € / mois", followed, for an amount of
 * the first months, by what it becomes ("Ensuite, environ 315 € par mois une fois…").
 */
export function benefitLine(droit: Droit): string {
  const value = resultValue(droit);
  const line = value ? `${droit.label}\u00a0: ${value}` : droit.label;
  // An aid that depends on an input we guessed says so (docs/engine-notes.md "Guessed inputs").
  const status = droit.status?.label;
  const withStatus = status
    ? `${line} (${status.charAt(0).toLowerCase()}${status.slice(1)})`
    : line;
  const settled = settledLine(droit);
  return settled ? `${withStatus}. ${settled}` : withStatus;
}

/** The recap e-mail: an HTML part and its plain-text twin, the simulation id in the subject. */
export function recapEmail({
  simulationId,
  droits,
  resultsUrl,
  surveyUrl,
}: RecapContent): EmailMessage {
  const subject = `Vos résultats de simulation ${simulationId}`;
  const intro =
    droits.length === 0
      ? "D’après vos réponses, nous n’avons pas trouvé d’aide que vous pourriez demander."
      : droits.length === 1
        ? "D’après vos réponses, vous pourriez bénéficier de cette aide\u00a0:"
        : `D’après vos réponses, vous pourriez bénéficier de ces ${droits.length}\u00a0aides\u00a0:`;
  const lines = droits.map(benefitLine);
  const survey = surveyUrl
    ? `Dans quelques semaines, dites-nous si vous avez fait vos demandes\u00a0: ${surveyUrl}`
    : undefined;

  const text = [
    "Bonjour,",
    "",
    intro,
    ...lines.map((line) => `- ${line}`),
    "",
    `Retrouvez vos résultats et les démarches à suivre\u00a0: ${resultsUrl}`,
    ...(survey ? ["", survey] : []),
    "",
    "Le simulateur d’aides",
  ].join("\n");

  const html = [
    "<!doctype html>",
    '<html lang="fr"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    "</title></head><body>",
    "<p>Bonjour,</p>",
    `<p>${escapeHtml(intro)}</p>`,
    lines.length > 0
      ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "",
    `<p><a href="${escapeHtml(resultsUrl)}">Retrouver vos résultats et les démarches à suivre</a></p>`,
    surveyUrl
      ? `<p>Dans quelques semaines, <a href="${escapeHtml(surveyUrl)}">dites-nous si vous avez fait vos demandes</a>.</p>`
      : "",
    "<p>Le simulateur d’aides</p>",
    "</body></html>",
  ].join("");

  return { subject, text, html };
}

/** The recap SMS: short, with the link to the results. */
export function recapSms({ droits, resultsUrl }: RecapContent): string {
  const count =
    droits.length === 0
      ? "Aucune aide trouvée"
      : droits.length === 1
        ? "1 aide trouvée"
        : `${droits.length} aides trouvées`;
  return `Simulateur d’aides\u00a0: ${count}. Vos résultats\u00a0: ${resultsUrl}`;
}
