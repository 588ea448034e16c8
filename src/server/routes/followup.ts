import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ComputeResults } from "../app-deps";
import { bearerToken } from "../auth";
import { authorizedSimulation } from "./owned-simulation";
import { sendComputationError, sendError, type FieldError } from "../http-errors";
import { messages } from "../messages";
import { memoryRateLimiters, type RateLimiterFactory } from "../rate-limit";
import { normalizeFrenchMobile, recapEmail, recapSms, type RecapDeps } from "../recap";
import {
  FOLLOWUP_STATUSES,
  withoutSecret,
  type Followup,
  type FollowupRepository,
  type SimulationRepository,
} from "../storage";

interface FollowupRouteDeps {
  simulations: SimulationRepository;
  /** Where the recap limits count; this process's memory by default. */
  limiters?: RateLimiterFactory;
  followups: FollowupRepository;
  computeResults: ComputeResults;
  recap: RecapDeps;
}

type WithId = { Params: { id: string } };

const HOUR_MS = 60 * 60 * 1000;

const followupSchema = z
  .strictObject({
    email: z
      .string(messages.invalidEmail)
      .trim()
      .max(254, messages.invalidEmail)
      .pipe(z.email(messages.invalidEmail))
      .optional(),
    phone: z
      .string(messages.invalidPhone)
      .transform((value, context) => {
        const normalized = normalizeFrenchMobile(value);
        if (!normalized) context.addIssue({ code: "custom", message: messages.invalidPhone });
        return normalized ?? "";
      })
      .optional(),
    surveyOptin: z.boolean(messages.invalidSurveyOptin),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: messages.missingContact,
    path: ["email"],
  });

const answersSchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        benefitId: z.string().min(1).max(200),
        status: z.enum(FOLLOWUP_STATUSES, messages.invalidSurveyStatus),
      }),
    )
    .max(200),
});

type DeliveryState = "sent" | "error" | "none";

export function registerFollowupRoutes(app: FastifyInstance, deps: FollowupRouteDeps): void {
  const { recap } = deps;
  const windowMs = recap.windowMs ?? HOUR_MS;
  const now = recap.now ?? Date.now;
  const limiters = deps.limiters ?? memoryRateLimiters;
  const perIp = limiters("recap-ip", { limit: recap.perIpLimit ?? 10, windowMs, now });
  const perSimulation = limiters("recap-simulation", {
    limit: recap.perSimulationLimit ?? 3,
    windowMs,
    now,
  });
  const link = (path: string) => `${recap.publicUrl}${path}`;

  app.post<WithId>("/api/simulation/:id/followup", async (request, reply) => {
    const simulation = await authorizedSimulation(deps.simulations, request, reply);
    if (!simulation) return reply;
    // docs/product.md §6: an anonymised simulation loses the e-mail recap.
    if (simulation.status === "anonymized") return sendError(reply, 410, messages.recapAnonymized);
    const parsed = followupSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return sendError(reply, 400, messages.invalidFollowup, fieldErrors(parsed.error.issues));
    }
    const { email, phone, surveyOptin } = parsed.data;
    if ((email !== undefined && !recap.mailer) || (phone !== undefined && !recap.sms)) {
      return sendError(
        reply,
        503,
        email !== undefined && !recap.mailer ? messages.emailDisabled : messages.smsDisabled,
      );
    }
    for (const [limiter, key] of [
      [perIp, request.ip],
      [perSimulation, simulation.id],
    ] as const) {
      const taken = await limiter.take(key);
      if (!taken.ok) {
        reply.header("retry-after", String(taken.retryAfterS));
        return sendError(reply, 429, messages.tooManyRecaps);
      }
    }

    let droits;
    try {
      droits = (await deps.computeResults(withoutSecret(simulation))).droitsEligibles;
    } catch (error) {
      return sendComputationError(request, reply, error, "a recap's results");
    }

    const { followup, token } = await deps.followups.createFollowup({
      simulationId: simulation.id,
      email,
      phone,
      surveyOptin,
      benefits: droits.map((droit) => ({ id: droit.id, label: droit.label })),
    });
    const content = {
      simulationId: simulation.id,
      droits,
      resultsUrl: link("/simulation/redirect?to=/resultats"),
      surveyUrl: surveyOptin ? link(`/suivi?token=${token}`) : undefined,
    };

    let emailState: DeliveryState = "none";
    if (email !== undefined && recap.mailer) {
      try {
        await recap.mailer.send(email, recapEmail(content));
        emailState = "sent";
      } catch (error) {
        // The error may quote the address: only its kind is logged.
        request.log.warn({ followup: followup.id, kind: errorKind(error) }, "recap e-mail failed");
        emailState = "error";
      }
    }
    let smsState: DeliveryState = "none";
    if (phone !== undefined && recap.sms) {
      try {
        await recap.sms.send(phone, recapSms(content));
        smsState = "sent";
      } catch (error) {
        request.log.warn({ followup: followup.id, kind: errorKind(error) }, "recap SMS failed");
        smsState = "error";
      }
    }
    await deps.followups.markSent(followup.id, {
      emailState: emailState === "none" ? null : emailState,
      smsState: smsState === "none" ? null : smsState,
    });
    return { _id: followup.id, email: emailState, phone: smsState };
  });

  app.get<WithId>("/api/simulation/:id/followup", async (request, reply) => {
    const simulation = await authorizedSimulation(deps.simulations, request, reply);
    if (!simulation) return reply;
    const followup = await deps.followups.latestForSimulation(simulation.id);
    if (!followup) return sendError(reply, 404, messages.followupNotFound);
    return publicFollowup(followup);
  });

  // The survey: the follow-up's own token in the Authorization header, never in the URL.
  app.get("/api/followup", async (request, reply) => {
    const followup = await followupOfToken(deps.followups, request, reply);
    if (!followup) return reply;
    return publicFollowup(followup);
  });

  app.post("/api/followup/answers", async (request, reply) => {
    const followup = await followupOfToken(deps.followups, request, reply);
    if (!followup) return reply;
    const parsed = answersSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return sendError(reply, 400, messages.invalidSurvey, fieldErrors(parsed.error.issues));
    }
    const known = new Set(followup.benefits.map((benefit) => benefit.id));
    const unknown = parsed.data.answers.findIndex((answer) => !known.has(answer.benefitId));
    if (unknown >= 0) {
      return sendError(reply, 400, messages.invalidSurvey, [
        { path: `answers[${unknown}].benefitId`, message: messages.unknownBenefit },
      ]);
    }
    return publicFollowup(await deps.followups.saveAnswers(followup.id, parsed.data.answers));
  });
}

function publicFollowup(followup: Followup) {
  const answers = new Map(
    (followup.answers ?? []).map((answer) => [answer.benefitId, answer.status]),
  );
  return {
    _id: followup.id,
    sentAt: followup.sentAt,
    surveyOptin: followup.surveyOptin,
    answeredAt: followup.answeredAt,
    benefits: followup.benefits.map((benefit) => ({
      id: benefit.id,
      label: benefit.label,
      ...(answers.has(benefit.id) ? { status: answers.get(benefit.id) } : {}),
    })),
  };
}

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path
      .map((key, index) =>
        typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
      )
      .join(""),
    message: issue.message,
  }));
}

function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

async function followupOfToken(
  repository: FollowupRepository,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Followup | undefined> {
  const token = bearerToken(request);
  const followup = token ? await repository.byToken(token) : undefined;
  if (!followup) {
    sendError(reply, 403, messages.followupForbidden);
    return undefined;
  }
  return followup;
}
