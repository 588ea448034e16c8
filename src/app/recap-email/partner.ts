import type { Answer, Droit } from "../../domain";
import type { FetchLike } from "../machine/api";

/** The partner endpoint (docs/product.md §7), fixed at build time; unset: nothing is posted. */
export const PARTNER_RESULTS_URL: string | undefined =
  (import.meta.env?.VITE_PARTNER_RESULTS_URL as string | undefined) || undefined;

function demandeurValue(answers: readonly Answer[], fieldName: string): string | undefined {
  const answer = answers.find(
    (candidate) =>
      candidate.entityName === "individu" &&
      candidate.id === "demandeur" &&
      candidate.fieldName === fieldName,
  );
  return typeof answer?.value === "string" && answer.value !== "" ? answer.value : undefined;
}

/** The partner's payload: the contact kept in the browser, the answers and the benefits found. */
export function partnerPayload(answers: readonly Answer[], droits: readonly Droit[]) {
  return {
    prenom: demandeurValue(answers, "prenom") ?? null,
    nom: demandeurValue(answers, "nom") ?? null,
    email: demandeurValue(answers, "email") ?? null,
    telephone: demandeurValue(answers, "telephone") ?? null,
    answers,
    droits_eligibles: droits,
  };
}

/** Posts the results to the partner; any failure is silent to the visitor. */
export async function postToPartner(
  fetchFn: FetchLike,
  url: string,
  answers: readonly Answer[],
  droits: readonly Droit[],
): Promise<boolean> {
  try {
    const response = await fetchFn(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(partnerPayload(answers, droits)),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function contactOf(answers: readonly Answer[]): { email?: string; phone?: string } {
  const email = demandeurValue(answers, "email");
  const phone = demandeurValue(answers, "telephone");
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}
