export { recapEmail, recapSms, benefitLine, type EmailMessage, type RecapContent } from "./message";
export { normalizeFrenchMobile } from "./phone";
export { createRateLimiter, type RateLimiter, type RateLimitOptions } from "../rate-limit";
export {
  createHttpSmsSender,
  createSmtpMailer,
  type Mailer,
  type SmsProviderOptions,
  type SmsSender,
} from "./senders";

/** How recaps are sent (docs/product.md §7 "Recap by e-mail and SMS"). */
export interface RecapDeps {
  /** Unset: e-mails are disabled (503). */
  mailer?: import("./senders").Mailer | undefined;
  /** Unset: SMS are disabled (503). */
  sms?: import("./senders").SmsSender | undefined;
  /** The site's public address, for the links (`PUBLIC_URL`). */
  publicUrl: string;
  /** Recaps per IP and per simulation within `windowMs` (defaults: 10, 3, one hour). */
  perIpLimit?: number;
  perSimulationLimit?: number;
  windowMs?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}
