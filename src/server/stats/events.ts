import { z } from "zod";

/** Statistics format version (spec §9). */
export const BENEFIT_EVENT_VERSION = 2;
/** Events of one request: a results page lists far fewer benefits than this. */
export const MAX_EVENTS_PER_REQUEST = 200;
/** The endpoint takes small bodies only: 200 events are about 40 KB. */
export const STATS_BODY_LIMIT_BYTES = 64 * 1024;

const benefitEventSchema = z.strictObject({
  benefit_id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.-]+$/, "doit être un identifiant d’aide"),
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
    .regex(/^[A-Za-z_-]+$/, "doit être un nom d’événement, comme show ou showDetails"),
  version: z.literal(BENEFIT_EVENT_VERSION),
});

export const benefitEventsSchema = z.array(benefitEventSchema).min(1).max(MAX_EVENTS_PER_REQUEST);

export type BenefitEvent = z.infer<typeof benefitEventSchema>;
