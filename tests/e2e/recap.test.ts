/**
 * Sending the recap in a browser: a student opens the results (answers seeded in session storage),
 * asks for the recap by e-mail with the survey, and a loopback SMTP server receives it; the survey
 * link of the e-mail opens /suivi, which takes the answers. axe finds no violation.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { chromium, type Browser } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import { createEngineSupervisor, type EngineSupervisor } from "../../src/server/engine";
import { migrateToLatest, openSqliteDatabase, type DatabaseHandle } from "../../src/server/storage";
import { student, VALUE_DATE } from "../fixtures/situations";
import { freePort, quietLogger } from "../integration/helpers/engine";
import { CHROMIUM_ARGS, expectNoAxeViolations, staticDir } from "./harness";

let engine: EngineSupervisor;
let database: DatabaseHandle;
let app: FastifyInstance;
let browser: Browser;
let smtp: SMTPServer;
let dir: string;
let baseUrl: string;
const mails: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(staticDir, "index.html"))) {
    throw new Error(`${staticDir} is missing: run npm run build first`);
  }
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  dir = mkdtempSync(join(tmpdir(), "e2e-recap-"));
  // The project's engine (vitest.config.ts globalSetup).
  engine = createEngineSupervisor({ externalUrl: inject("engineUrl"), logger: quietLogger() });
  database = openSqliteDatabase(join(dir, "e2e.sqlite"));
  await migrateToLatest(database.db);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  app = buildSimulatorApp({
    bundle: loadBundle(),
    db: database.db,
    engine,
    staticDir,
    logger: false,
    recap: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, publicUrl: baseUrl },
  });
  [, browser] = await Promise.all([
    engine.start().then(() => engine.waitUntilReady(240_000)),
    chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS }),
  ]);
  await app.listen({ port, host: "127.0.0.1" });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  await engine?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Quoted-printable soft breaks and escapes undone. */
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

describe("recap", () => {
  it("sends the results by e-mail from the results page, then takes the survey", async () => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.evaluate(
      ({ answers, dateDeValeur }) =>
        sessionStorage.setItem(
          "simulation",
          JSON.stringify({ answers: { all: answers, current: answers }, dateDeValeur }),
        ),
      { answers: student, dateDeValeur: VALUE_DATE },
    );
    await page.goto(`${baseUrl}/simulation/resultats`);
    await page
      .getByText(/aides? trouvées?/)
      .first()
      .waitFor({ timeout: 120_000 });

    await page.getByRole("button", { name: "Recevoir les résultats par email/SMS" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Recevoir un récapitulatif" }).waitFor();
    await expectNoAxeViolations(page, "recap modal");
    await dialog.getByLabel("Adresse électronique").fill("camille@example.org");
    await dialog.getByText("J’accepte d’être recontacté").click();
    await dialog.getByRole("button", { name: "Envoyer" }).click();
    await dialog.getByText("Votre récapitulatif a été envoyé par e-mail.").waitFor();

    expect(mails).toHaveLength(1);
    const mail = decoded(mails[0]!);
    const simulationId = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem("simulationId")!) as string,
    );
    expect(subjectOf(mails[0]!)).toBe(`Vos résultats de simulation ${simulationId}`);
    expect(mail).toContain(`${baseUrl}/simulation/redirect?to=/resultats`);
    const survey = new RegExp(`${baseUrl}/suivi\\?token=[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
    expect(survey).toBeDefined();

    await page.goto(survey!);
    await page
      .getByRole("heading", { level: 1, name: "Avez-vous fait vos demandes\u00a0?" })
      .waitFor();
    // The heading shows at once; the benefits come from GET /api/followup.
    const groups = page.locator("main fieldset");
    await groups.first().waitFor();
    expect(await groups.count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, "suivi");
    const count = await groups.count();
    for (let index = 0; index < count; index += 1) {
      await groups.nth(index).getByText("J’ai fait la demande").click();
    }
    await page.getByRole("button", { name: "Envoyer mes réponses" }).click();
    await page.getByText("Merci pour vos réponses").waitFor();
    await context.close();
  });
});
