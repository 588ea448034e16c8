/**
 * Issue 8 "Security": hardening headers and CSP (frame-ancestors for partners), tokens (256 bits,
 * stored hashed, bearer header only), input limits, and contact details kept out of the logs.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_PAINT_SCRIPT } from "../../src/app/theme/afterPaint";
import { EARLY_SCHEME_SCRIPT } from "../../src/app/theme/earlyScheme";
import { parseSimulationInput, VALUE_DATES } from "../../src/domain";
import { loadBundle } from "../../src/server/compose";
import { ConfigError, loadConfig } from "../../src/server/config";
import { contentSecurityPolicy, securitySettings } from "../../src/server/security-headers";
import { createFollowupRepository } from "../../src/server/storage";
import { CHROMIUM_ARGS } from "../e2e/harness";
import { student, VALUE_DATE } from "../fixtures/situations";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createSimulation(ctx: TestContext) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/simulation",
    payload: sampleInput(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ _id: string; token: string }>();
}

/** A built app in miniature: index.html and one hashed asset. */
function writeStaticSite(dir: string): string {
  const root = join(dir, "site");
  mkdirSync(join(root, "assets"), { recursive: true });
  writeFileSync(join(root, "index.html"), "<!doctype html><title>Simulateur</title>");
  writeFileSync(join(root, "assets", "index-abc123.js"), "console.log(1)");
  return root;
}

describe("hardening headers", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({
      staticDir: writeStaticSite(mkdtempSync(join(tmpdir(), "security-site-"))),
      security: securitySettings(
        loadConfig({
          FRAME_ANCESTORS: "https://partenaire.fr https://*.collectivite.fr",
          VITE_MATOMO_URL: "https://stats.beta.gouv.fr/",
          VITE_SENTRY_DSN: "https://cle@sentry.incubateur.net/42",
          PUBLIC_URL: "https://aides.example.fr",
        }),
      ),
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("gives the pages a strict CSP that lets partners frame them", async () => {
    for (const url of ["/", "/simulation/individu/demandeur/date_naissance"]) {
      const page = await ctx.app.inject({ url, headers: { accept: "text/html" } });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      // The inline scripts of the pre-rendered pages (colour scheme, start after the first
      // paint), by the hash of their text.
      const [scheme, start] = [EARLY_SCHEME_SCRIPT, AFTER_PAINT_SCRIPT].map((script) =>
        createHash("sha256").update(script).digest("base64"),
      );
      expect(csp).toContain(
        `script-src 'self' 'sha256-${scheme}' 'sha256-${start}' https://stats.beta.gouv.fr;`,
      );
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain(
        "connect-src 'self' https://stats.beta.gouv.fr https://sentry.incubateur.net",
      );
      expect(csp).toContain(
        "frame-ancestors 'self' https://partenaire.fr https://*.collectivite.fr",
      );
      // X-Frame-Options cannot name partners: the CSP alone decides who frames the site.
      expect(page.headers["x-frame-options"]).toBeUndefined();
    }
  });

  it("sends the usual hardening headers on pages, files and API answers", async () => {
    for (const url of ["/", "/assets/index-abc123.js", "/api/config", "/api/inconnue"]) {
      const response = await ctx.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"], url).toContain("camera=()");
      expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(response.headers["strict-transport-security"], url).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(response.headers["x-powered-by"], url).toBeUndefined();
    }
    const api = await ctx.app.inject({ url: "/api/config" });
    expect(api.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("sends no HSTS over plain http, and frames only from the site itself by default", () => {
    const csp = contentSecurityPolicy(securitySettings(loadConfig({})));
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("connect-src 'self';");
    expect(loadConfig({}).frameAncestors).toBeUndefined();
  });

  it("refuses FRAME_ANCESTORS values that are not origins", () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://ok.fr javascript:alert(1)" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://ok.fr; script-src *" })).toThrow(
      ConfigError,
    );
  });
});

describe("access tokens", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("are 256 random bits, stored only as a SHA-256 hash", async () => {
    const { _id, token } = await createSimulation(ctx);
    const other = await createSimulation(ctx);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(other.token).not.toBe(token);
    const row = await ctx.database.db
      .selectFrom("simulations")
      .selectAll()
      .where("id", "=", _id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("are read from the Authorization header only", async () => {
    const { _id, token } = await createSimulation(ctx);
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url, headers });
    expect((await get(`/api/simulation/${_id}`, bearer(token))).statusCode).toBe(200);
    expect(
      (await get(`/api/simulation/${_id}`, { authorization: `bearer  ${token} ` })).statusCode,
    ).toBe(200);
    for (const [url, headers] of [
      [`/api/simulation/${_id}?token=${token}`, {}],
      [`/api/simulation/${_id}?access_token=${token}`, {}],
      [`/api/simulation/${_id}`, { cookie: `token=${token}` }],
      [`/api/simulation/${_id}`, { authorization: token }],
      [`/api/simulation/${_id}`, { authorization: `Basic ${token}` }],
      [`/api/simulation/${_id}`, { authorization: `Bearer ${token}x` }],
      [`/api/simulation/${_id}`, { authorization: `Bearer ${token.slice(1)}` }],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      expect(response.json()).toEqual({
        message: "Vous n’avez pas accès à cette simulation.",
        errors: [],
      });
    }
  });

  it("of follow-ups (the /suivi survey) are hashed too and read from the header only", async () => {
    const { _id } = await createSimulation(ctx);
    const { token } = await createFollowupRepository(ctx.database.db).createFollowup({
      simulationId: _id,
      surveyOptin: true,
      benefits: [{ id: "css", label: "Complémentaire santé solidaire" }],
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await ctx.database.db
      .selectFrom("followups")
      .selectAll()
      .where("simulation_id", "=", _id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));

    expect(
      (await ctx.app.inject({ url: "/api/followup", headers: bearer(token) })).statusCode,
    ).toBe(200);
    // The survey page's address carries the token; the API never takes it from there.
    const fromQuery = await ctx.app.inject({ url: `/api/followup?token=${token}` });
    expect(fromQuery.statusCode).toBe(403);
    expect(fromQuery.json<{ message: string }>().message).toBe(
      "Ce lien de suivi n’est pas valide ou a expiré.",
    );
    // A simulation token does not open a follow-up, nor the reverse.
    const simulation = await createSimulation(ctx);
    expect(
      (await ctx.app.inject({ url: "/api/followup", headers: bearer(simulation.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/simulation/${_id}`, headers: bearer(token) })).statusCode,
    ).toBe(403);
  });
});

describe("input limits", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("refuses bodies over 1 MB, JSON nested too deeply and malformed URLs in French", async () => {
    const large = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "a".repeat(1_100_000) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json<{ message: string }>().message).toMatch(/trop volumineux/);

    const deep = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "application/json" },
      payload: `{"answers":{"all":[],"current":[]},"dateDeValeur":"2026-01-15","abtesting":{"x":${"[".repeat(20_000)}${"]".repeat(20_000)}}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ message: "La requête n’est pas valide.", errors: [] });

    const badUrl = await ctx.app.inject({ url: "/api/%" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: "La requête n’est pas valide.", errors: [] });
  });

  it("refuses a repeated query parameter instead of failing on it", async () => {
    const response = await ctx.app.inject({
      url: "/api/lieux?depcom=75056&types=caf&types=mairie",
    });
    expect(response.statusCode).toBe(400);
    const twice = await ctx.app.inject({ url: "/api/lieux?depcom=75056&depcom=69123&types=caf" });
    expect(twice.statusCode).toBe(400);
  });
});

describe("logs", () => {
  it("never contain contact details: names, e-mail addresses, phone numbers", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString("utf8"));
        callback();
      },
    });
    const ctx = await startTestApp({ logger: { level: "info", stream } });
    try {
      const { _id, token } = await createSimulation(ctx);
      // A recap request (no mailer configured: 503) and a survey link as a visitor would send them.
      await ctx.app.inject({
        method: "POST",
        url: `/api/simulation/${_id}/followup?email=jeanne.dupont@exemple.fr`,
        headers: bearer(token),
        payload: { email: "jeanne.dupont@exemple.fr", phone: "06 12 34 56 78", surveyOptin: true },
      });
      await ctx.app.inject({ url: `/suivi?token=${token}&tel=0612345678` });
      // What a route might log by mistake.
      ctx.app.log.warn(
        {
          body: {
            prenom: "Jeanne",
            nom: "Dupont",
            email: "jeanne.dupont@exemple.fr",
            telephone: "+33 6 12 34 56 78",
          },
          answers: [
            { entityName: "individu", id: "enfant_0", fieldName: "_firstName", value: "Léonie" },
          ],
          err: new Error("refused recipient jeanne.dupont@exemple.fr"),
        },
        "recap failed",
      );
    } finally {
      await ctx.close();
    }
    const output = lines.join("");
    expect(output).toContain("recap failed");
    expect(output).toContain("[redacted]");
    // One access line per request, its URL without the survey token.
    expect(output.match(/"request completed"/g)).toHaveLength(3);
    expect(output).toContain("/suivi?token=[redacted]");
    for (const secret of [
      "jeanne.dupont@exemple.fr",
      "Jeanne",
      "Dupont",
      "Léonie",
      "06 12 34 56 78",
      "0612345678",
      "+33 6 12 34 56 78",
    ]) {
      expect(output, secret).not.toContain(secret);
    }
  });
});

describe("simulations the fuzz found stored but not computable", () => {
  const bundle = loadBundle();
  const base = { answers: { all: student, current: student }, dateDeValeur: VALUE_DATE };
  const errorPaths = (body: unknown) => {
    const parsed = parseSimulationInput(bundle, body);
    return parsed.ok ? [] : parsed.errors.map((error) => error.path);
  };

  it("are refused with a 400 by the server's parser", () => {
    expect(errorPaths(base)).toEqual([]);
    // A child listed twice: the engine refuses a person declared twice (was a 500).
    const twice = {
      entityName: "enfants",
      id: "enfants",
      fieldName: "enfants",
      value: ["enfant_0", "enfant_0"],
    };
    expect(
      errorPaths({ ...base, answers: { all: [...student, twice], current: student } }),
    ).toEqual([`answers.all[${student.length}].value`]);
    // Before June 2025 some parameters do not exist in the engine: every computation failed (503).
    expect(errorPaths({ ...base, dateDeValeur: "2024-01-15" })).toEqual(["dateDeValeur"]);
    expect(errorPaths({ ...base, dateDeValeur: VALUE_DATES.min })).toEqual([]);
    // PostgreSQL refuses NUL in a text column (was a 500 there).
    expect(errorPaths({ ...base, version: "a\u0000b", modifiedFrom: "\u0000" })).toEqual([
      "version",
      "modifiedFrom",
    ]);
  });
});

describe("framing by partner sites, in Chromium", () => {
  let partner: Server;
  let partnerOrigin: string;
  let browser: Browser;

  beforeAll(async () => {
    // A partner's page embedding whatever address its query names.
    partner = createServer((request, response) => {
      const target = new URL(request.url ?? "/", "http://localhost").searchParams.get("src");
      response
        .writeHead(200, { "content-type": "text/html" })
        .end(`<!doctype html><title>Partenaire</title><iframe src="${target}"></iframe>`);
    });
    await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
    partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    partner?.closeAllConnections();
    await new Promise((resolve) => partner?.close(resolve));
  });

  /** Whether the simulator's page rendered inside the partner's iframe. */
  async function framedBy(frameAncestors: string | undefined): Promise<boolean> {
    const ctx = await startTestApp({
      staticDir: writeStaticSite(mkdtempSync(join(tmpdir(), "security-frame-"))),
      security: securitySettings(
        loadConfig(frameAncestors === undefined ? {} : { FRAME_ANCESTORS: frameAncestors }),
      ),
    });
    const page = await browser.newPage();
    try {
      const simulator = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
      await page.goto(`${partnerOrigin}/?src=${encodeURIComponent(`${simulator}/`)}`);
      const frame = page.frames().find((candidate) => candidate.url().startsWith(simulator));
      // A refused frame is replaced by an error page without the simulator's title.
      await frame?.waitForLoadState();
      return (await frame?.title().catch(() => "")) === "Simulateur";
    } finally {
      await page.close();
      await ctx.close();
    }
  }

  it("is refused by default and allowed for the origins of FRAME_ANCESTORS", async () => {
    expect(await framedBy(undefined)).toBe(false);
    expect(await framedBy("https://autre-partenaire.fr")).toBe(false);
    expect(await framedBy(`https://ailleurs.fr ${partnerOrigin}`)).toBe(true);
  });
});
