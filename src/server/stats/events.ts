import { z } from "zod";

/** Statistics format version (docs/product.md §9). */
export const BENEFIT_EVENT_VERSION = 2;
/** Events of one request: a results page lists far fewer benefits than this. */
export const MAX_EVENTS_PER_REQUEST = 200;
/** The endpoint takes small bodies only: 200 events are about 40 KB. */
export const STATS_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * What the front end sends: `show` when results are listed, `showDetails` on a benefit's page,
 * and the claim links of that page (`teleservice`, `form`, `instructions`; `click` for others).
 */
export const BENEFIT_EVENT_TYPES = [
  "show",
  "showDetails",
  "click",
  "teleservice",
  "form",
  "instructions",
] as const;
/**
 * Header naming the simulation whose results the events are about (the spec's body is a bare list
 * of events, so the tie travels beside it). Sent by the front end to our own endpoint only.
 */
export const SIMULATION_ID_HEADER = "X-Simulation-Id";

const eventTypes = new Set<string>(BENEFIT_EVENT_TYPES);

function benefitEventSchema(knownBenefitIds: ReadonlySet<string>) {
  return z.strictObject({
    benefit_id: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\w.-]+$/, "doit être un identifiant d’aide")
      .refine((id) => knownBenefitIds.has(id), "n’est pas une aide du simulateur"),
    hash_id: z.string().min(1).max(100),
    abtesting: z
      .record(z.string().max(100), z.unknown())
      .nullable()
      .optional()
      .refine((value) => value == null || JSON.stringify(value).length <= 2000, "trop volumineux"),
    benefit_index: z.number().int().min(1).max(10_000),
    page_total: z.number().int().min(1).max(10_000),
    event_type: z
      .string()
      .min(1)
      .max(50)
      .refine(
        (type) => eventTypes.has(type),
        `doit être un type d’événement connu (${BENEFIT_EVENT_TYPES.join(", ")})`,
      ),
    version: z.literal(BENEFIT_EVENT_VERSION),
  });
}

/**
 * A list of events about the benefits of the simulator (engine benefits and catalogue aids), each
 * benefit and event type at most once, so a list is no longer than the simulator's benefits.
 */
export function benefitEventsSchema(knownBenefitIds: ReadonlySet<string>) {
  return z
    .array(benefitEventSchema(knownBenefitIds))
    .min(1)
    .max(Math.min(MAX_EVENTS_PER_REQUEST, Math.max(1, knownBenefitIds.size)))
    .superRefine((events, context) => {
      const seen = new Set<string>();
      events.forEach((event, index) => {
        const key = `${event.event_type}\u0000${event.benefit_id}`;
        if (seen.has(key)) {
          context.addIssue({
            code: "custom",
            path: [index, "benefit_id"],
            message: "figure déjà dans la liste pour ce type d’événement",
          });
        }
        seen.add(key);
      });
    });
}

export type BenefitEvent = z.infer<ReturnType<typeof benefitEventSchema>>;
