import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Droit } from "../../src/domain";
import { buildRecapDeps } from "../../src/server/compose";
import type { RecapDeps } from "../../src/server/recap";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

const DROITS: Droit[] = [
  {
    id: "aide_logement",
    label: "Aide personnalisée au logement",
    description: "",
    institution: "caf",
    montant: 210.5,
    unit: "€",
    periodicity: "mensuelle",
    links: {},
  },
  {
    id: "css",
    label: "Complémentaire santé solidaire",
    description: "",
    institution: "assurance_maladie",
    montant: true,
    unit: "",
    periodicity: "ponctuelle",
    links: {},
  },
];

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtp(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface ReceivedSms {
  authorization: string | undefined;
  body: { to: string; text: string };
}

/** A loopback SMS provider: POST JSON `{ to, text }` with basic auth. */
async function startSmsProvider(): Promise<{
  url: string;
  messages: ReceivedSms[];
  server: Server;
}> {
  const messages: ReceivedSms[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      messages.push({
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedSms["body"],
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/send`, messages, server };
}

/** Quoted-printable soft breaks and escapes undone, enough to read the parts. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/((?:=[0-9A-F]{2})+)/g, (match) =>
      Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"),
    );
}

/** The Subject header, unfolded, its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = /^Subject: (.*)$/m.exec(headers)?.[1] ?? "";
  return line
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decoded(text.replace(/_/g, " ")),
    );
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function createSimulation(ctx: TestContext): Promise<{ _id: string; token: string }> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: sampleInput(),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("recap by e-mail and SMS", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSmsProvider();
    const recap: RecapDeps = buildRecapDeps({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: "Simulateur d’aides <no-reply@example.org>",
      publicUrl: "https://aides.example.org/",
      smsUrl: sms.url,
      smsUser: "compte",
      smsPassword: "motdepasse",
      limits: { perIpLimit: 100, perSimulationLimit: 3 },
    });
    ctx = await startTestApp({
      computeResults: async () => ({ droitsEligibles: DROITS, droitsInjectes: [] }),
      recap,
      logger: {
        level: "debug",
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    });
  });

  afterAll(async () => {
    await ctx.close();
    await smtp.close();
    await new Promise((resolve) => sms.server.close(resolve));
  });

  it("e-mails the results: the id in the subject, HTML and text parts, benefits and links", async () => {
    const { _id, token } = await createSimulation(ctx);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/simulation/${_id}/followup`,
      headers: bearer(token),
      payload: { email: "camille@example.org", surveyOptin: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "sent", phone: "none" });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["camille@example.org"]);
    expect(mail.from).toBe("no-reply@example.org");
    expect(subjectOf(mail.raw)).toBe(`Vos résultats de simulation ${_id}`);
    const raw = decoded(mail.raw);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain("Aide personnalisée au logement\u00a0: 210,50\u00a0€ / mois");
    expect(raw).toContain("Complémentaire santé solidaire\u00a0: Vous pouvez en bénéficier");
    expect(raw).toContain("<li>Aide personnalisée au logement");
    expect(raw).toContain("https://aides.example.org/simulation/redirect?to=/resultats");
    expect(raw).toMatch(/https:\/\/aides\.example\.org\/suivi\?token=[A-Za-z0-9_-]{43}/);

    // The survey needs the address: it is kept; the follow-up lists the benefits.
    const row = await ctx.database.db.selectFrom("followups").selectAll().executeTakeFirstOrThrow();
    expect(row.email).toBe("camille@example.org");
    expect(row.email_state).toBe("sent");
    const followup = await ctx.app.inject({
      url: `/api/simulation/${_id}/followup`,
      headers: bearer(token),
    });
    expect(followup.statusCode).toBe(200);
    expect(followup.json().benefits).toEqual([
      { id: "aide_logement", label: "Aide personnalisée au logement" },
      { id: "css", label: "Complémentaire santé solidaire" },
    ]);

    // The survey, with the follow-up's own token.
    const surveyToken = /suivi\?token=([A-Za-z0-9_-]{43})/.exec(raw)![1]!;
    const survey = await ctx.app.inject({ url: "/api/followup", headers: bearer(surveyToken) });
    expect(survey.statusCode).toBe(200);
    expect(survey.json().benefits).toHaveLength(2);
    const answered = await ctx.app.inject({
      method: "POST",
      url: "/api/followup/answers",
      headers: bearer(surveyToken),
      payload: {
        answers: [
          { benefitId: "aide_logement", status: "applied" },
          { benefitId: "css", status: "nothing" },
        ],
      },
    });
    expect(answered.statusCode).toBe(200);
    const after = await ctx.app.inject({
      url: `/api/simulation/${_id}/followup`,
      headers: bearer(token),
    });
    expect(after.json().benefits).toEqual([
      { id: "aide_logement", label: "Aide personnalisée au logement", status: "applied" },
      { id: "css", label: "Complémentaire santé solidaire", status: "nothing" },
    ]);
    expect(after.json().answeredAt).toEqual(expect.any(String));

    const wrong = await ctx.app.inject({ url: "/api/followup", headers: bearer(token) });
    expect(wrong.statusCode).toBe(403);
    const badStatus = await ctx.app.inject({
      method: "POST",
      url: "/api/followup/answers",
      headers: bearer(surveyToken),
      payload: { answers: [{ benefitId: "css", status: "maybe" }] },
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it("texts a French mobile in E.164 with basic auth and the link, then wipes the contact", async () => {
    const { _id, token } = await createSimulation(ctx);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/simulation/${_id}/followup`,
      headers: bearer(token),
      payload: { email: "dominique@example.org", phone: "06 12 34 56 78", surveyOptin: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "sent", phone: "sent" });

    const message = sms.messages.at(-1)!;
    expect(message.body.to).toBe("+33612345678");
    expect(message.authorization).toBe(
      `Basic ${Buffer.from("compte:motdepasse").toString("base64")}`,
    );
    expect(message.body.text).toContain("2 aides trouvées");
    expect(message.body.text).toContain(
      "https://aides.example.org/simulation/redirect?to=/resultats",
    );
    const mail = decoded(smtp.mails.at(-1)!.raw);
    expect(mail).not.toContain("/suivi?token=");

    const row = await ctx.database.db
      .selectFrom("followups")
      .selectAll()
      .where("simulation_id", "=", _id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBeNull();
    expect(row.phone).toBeNull();
    expect(row.sms_state).toBe("sent");

    // Neither the address nor the number ever reach the logs.
    const log = logLines.join("");
    expect(log).not.toContain("dominique@example.org");
    expect(log).not.toContain("camille@example.org");
    expect(log).not.toContain("612345678");
  });

  it("accepts overseas mobiles and refuses other numbers and bad addresses in French", async () => {
    const { _id, token } = await createSimulation(ctx);
    const post = (payload: unknown) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/simulation/${_id}/followup`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });

    const badEmail = await post({ email: "camille@", surveyOptin: false });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual([
      { path: "email", message: "Adresse électronique invalide" },
    ]);

    for (const phone of ["01 23 45 67 89", "+44 7700 900123", "+33 1 23 45 67 89", "0612"]) {
      const badPhone = await post({ phone, surveyOptin: false });
      expect(badPhone.statusCode, phone).toBe(400);
      expect(badPhone.json().errors).toEqual([
        {
          path: "phone",
          message: "Numéro de téléphone invalide\u00a0: seuls les mobiles français sont acceptés",
        },
      ]);
    }

    const nothing = await post({ surveyOptin: false });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0].path).toBe("email");

    const overseas = await post({ phone: "+262 692 12 34 56", surveyOptin: false });
    expect(overseas.statusCode).toBe(200);
    expect(sms.messages.at(-1)!.body.to).toBe("+262692123456");

    const forbidden = await ctx.app.inject({
      method: "POST",
      url: `/api/simulation/${_id}/followup`,
      payload: { email: "camille@example.org", surveyOptin: false },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it("limits recaps per simulation with a 429 and Retry-After", async () => {
    const { _id, token } = await createSimulation(ctx);
    const post = () =>
      ctx.app.inject({
        method: "POST",
        url: `/api/simulation/${_id}/followup`,
        headers: bearer(token),
        payload: { email: "claude@example.org", surveyOptin: false },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await post()).statusCode).toBe(200);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toBe(
      "Vous avez demandé trop de récapitulatifs. Veuillez réessayer un peu plus tard.",
    );
  });
});

describe("recap without senders", () => {
  it("answers 503 in French when e-mail or SMS is not configured", async () => {
    const ctx = await startTestApp();
    try {
      const { _id, token } = await createSimulation(ctx);
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/simulation/${_id}/followup`,
        headers: bearer(token),
        payload: { email: "camille@example.org", surveyOptin: false },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(
        "L’envoi des résultats par e-mail n’est pas disponible pour le moment.",
      );
      const none = await ctx.app.inject({
        url: `/api/simulation/${_id}/followup`,
        headers: bearer(token),
      });
      expect(none.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe("recap rate limit per IP", () => {
  it("answers 429 once an address has asked for too many recaps, whatever the simulation", async () => {
    const sent: string[] = [];
    let now = 0;
    const ctx = await startTestApp({
      recap: {
        publicUrl: "http://localhost:8080",
        mailer: { send: async (to) => void sent.push(to) },
        perIpLimit: 2,
        perSimulationLimit: 10,
        windowMs: 60_000,
        now: () => now,
      },
    });
    try {
      const post = async () => {
        const { _id, token } = await createSimulation(ctx);
        return ctx.app.inject({
          method: "POST",
          url: `/api/simulation/${_id}/followup`,
          headers: bearer(token),
          payload: { email: "camille@example.org", surveyOptin: false },
        });
      };
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBe("60");
      expect(sent).toHaveLength(2);
      now = 60_001;
      expect((await post()).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it("counts each visitor behind a trusted proxy apart (TRUST_PROXY)", async () => {
    const ctx = await startTestApp({
      trustProxy: 1,
      recap: {
        publicUrl: "http://localhost:8080",
        mailer: { send: async () => {} },
        perIpLimit: 1,
        perSimulationLimit: 10,
        windowMs: 60_000,
      },
    });
    try {
      const post = async (visitor: string) => {
        const { _id, token } = await createSimulation(ctx);
        return ctx.app.inject({
          method: "POST",
          url: `/api/simulation/${_id}/followup`,
          headers: { ...bearer(token), "x-forwarded-for": visitor },
          payload: { email: "camille@example.org", surveyOptin: false },
        });
      };
      expect((await post("203.0.113.1")).statusCode).toBe(200);
      expect((await post("203.0.113.2")).statusCode).toBe(200);
      expect((await post("203.0.113.1")).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});
