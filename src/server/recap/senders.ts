import { createRequire } from "node:module";
import type Nodemailer from "nodemailer";
import type { EmailMessage } from "./message";

/** Sends one e-mail; rejects on failure. */
export interface Mailer {
  send(to: string, message: EmailMessage): Promise<void>;
  close?(): void;
}

/** Sends one SMS; rejects on failure. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** E-mails through SMTP (`SMTP_URL`, e.g. `smtp://user:password@host:587`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Required only when e-mails are configured: a server without SMTP never loads it.
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof Nodemailer;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(to, message) {
      await transport.sendMail({ from, to, ...message });
    },
    close() {
      transport.close();
    },
  };
}

export interface SmsProviderOptions {
  /** POST JSON `{ to, text }` to this URL. */
  url: string;
  user?: string | undefined;
  password?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** SMS through a provider's HTTP API, with basic authentication. */
export function createHttpSmsSender({
  url,
  user,
  password,
  fetch: fetchImpl = fetch,
  timeoutMs = 10_000,
}: SmsProviderOptions): SmsSender {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (user !== undefined || password !== undefined) {
    const credentials = Buffer.from(`${user ?? ""}:${password ?? ""}`, "utf8").toString("base64");
    headers.authorization = `Basic ${credentials}`;
  }
  return {
    async send(to, text) {
      const response = await fetchImpl(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
