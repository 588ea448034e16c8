import type { FetchLike } from "../machine/api";

export const SURVEY_CHOICES = [
  { value: "already", label: "Je l’avais déjà" },
  { value: "failed", label: "J’ai essayé sans succès" },
  { value: "applied", label: "J’ai fait la demande" },
  { value: "nothing", label: "Je n’ai rien fait" },
] as const;

export type SurveyStatus = (typeof SURVEY_CHOICES)[number]["value"];

export interface SurveyBenefit {
  id: string;
  label: string;
  status?: SurveyStatus;
}

export const SURVEY_LOAD_ERROR = "Ce lien de suivi n’est pas valide ou a expiré.";

/** The follow-up's benefits; its token goes in the Authorization header, never in the URL. */
export async function fetchSurvey(
  fetchFn: FetchLike,
  token: string,
): Promise<{ ok: true; benefits: SurveyBenefit[] } | { ok: false; message: string }> {
  try {
    const response = await fetchFn("/api/followup", {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
    });
    const body = (await response.json().catch(() => undefined)) as
      { benefits?: SurveyBenefit[]; message?: string } | undefined;
    if (!response.ok) return { ok: false, message: body?.message ?? SURVEY_LOAD_ERROR };
    return { ok: true, benefits: body?.benefits ?? [] };
  } catch {
    return { ok: false, message: "Le serveur est injoignable. Veuillez réessayer plus tard." };
  }
}

export async function postSurveyAnswers(
  fetchFn: FetchLike,
  token: string,
  answers: { benefitId: string; status: SurveyStatus }[],
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const response = await fetchFn("/api/followup/answers", {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ answers }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    return {
      ok: false,
      message: body?.message ?? "Vos réponses n’ont pas pu être enregistrées.",
    };
  } catch {
    return { ok: false, message: "Le serveur est injoignable. Veuillez réessayer plus tard." };
  }
}
