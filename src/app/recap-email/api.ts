import type { FetchLike } from "../machine/api";

export type DeliveryState = "sent" | "error" | "none";

export interface RecapRequest {
  email?: string;
  phone?: string;
  surveyOptin: boolean;
}

export interface FieldErrors {
  email?: string;
  phone?: string;
}

export type RecapOutcome =
  | { ok: true; email: DeliveryState; phone: DeliveryState }
  | { ok: false; message: string; fields: FieldErrors };

export const RECAP_NETWORK_ERROR =
  "Le serveur est injoignable. Vérifiez votre connexion à Internet puis réessayez.";

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** POST /api/simulation/:id/followup; field errors come back by field. */
export async function sendRecap(
  fetchFn: FetchLike,
  simulation: { simulationId: string; token: string },
  request: RecapRequest,
): Promise<RecapOutcome> {
  let response: Response;
  try {
    response = await fetchFn(
      `/api/simulation/${encodeURIComponent(simulation.simulationId)}/followup`,
      {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          Authorization: `Bearer ${simulation.token}`,
        },
        body: JSON.stringify(request),
      },
    );
  } catch {
    return { ok: false, message: RECAP_NETWORK_ERROR, fields: {} };
  }
  const body = (await readJson(response)) as
    | { email?: DeliveryState; phone?: DeliveryState; message?: string; errors?: unknown }
    | undefined;
  if (response.ok) {
    return { ok: true, email: body?.email ?? "none", phone: body?.phone ?? "none" };
  }
  const fields: FieldErrors = {};
  if (Array.isArray(body?.errors)) {
    for (const error of body.errors as { path?: unknown; message?: unknown }[]) {
      if ((error.path === "email" || error.path === "phone") && typeof error.message === "string") {
        fields[error.path] ??= error.message;
      }
    }
  }
  return {
    ok: false,
    message:
      typeof body?.message === "string"
        ? body.message
        : "L’envoi du récapitulatif n’a pas abouti. Veuillez réessayer plus tard.",
    fields,
  };
}
