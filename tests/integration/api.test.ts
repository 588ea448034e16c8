import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Droit } from "../../src/domain";
import type { Simulation } from "../../src/server/storage";
import {
  createSimulationRepository,
  migrateToLatest,
  migrations,
  openDatabase,
  verifyToken,
} from "../../src/server/storage";
import { openTestDatabase, testDialect } from "./helpers/database";
import { sampleInput, startTestApp, type TestContext } from "./helpers/test-app";

const NBSP = "\u00a0";

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function countRows(ctx: TestContext): Promise<number> {
  return createSimulationRepository(ctx.database.db).countSimulations();
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

function expectErrorBody(body: unknown) {
  expect(body).toEqual({ message: expect.any(String), errors: expect.any(Array) });
  const { message } = body as { message: string };
  // French typography: typographic apostrophe, no-break space before high punctuation.
  expect(message).not.toMatch(/'/);
  expect(message).not.toMatch(/ [:?!]/);
}

describe("simulations API", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it("stores a simulation and reads it back with its token", async () => {
    const created = await createSimulation(ctx);
    expect(created._id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/simulation/${created._id}`,
      headers: bearer(created.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toEqual({
      _id: created._id,
      answers: sampleInput().answers,
      dateDeValeur: "2026-01-15",
      version: "test-bundle-1",
      status: "new",
      abtesting: { aides_bafa: "aides_bafa_fusionnees_conserve_position" },
      modifiedFrom: null,
      finishedAt: null,
      ressourcesFiscales: null,
      patrimoine: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(response.body).not.toContain("token");
    expect(response.body).not.toContain(created.token);
  });

  it("keeps the version, modifiedFrom and finishedAt the browser sends", async () => {
    const first = await createSimulation(ctx);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: {
        ...sampleInput(),
        version: "2026.1",
        modifiedFrom: first._id,
        finishedAt: "2026-01-15T10:00:00.000Z",
      },
    });
    const { _id, token } = response.json();
    const read = await ctx.app.inject({ url: `/api/simulation/${_id}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({
      version: "2026.1",
      modifiedFrom: first._id,
      finishedAt: "2026-01-15T10:00:00.000Z",
    });
  });

  it("answers 403 without a token, with a wrong token or another scheme", async () => {
    const created = await createSimulation(ctx);
    const other = await createSimulation(ctx);
    const cases = [
      {},
      { authorization: "Bearer " },
      { authorization: `Basic ${created.token}` },
      bearer("not-the-token"),
      bearer(other.token),
    ];
    for (const headers of cases) {
      for (const suffix of ["", "/results"]) {
        const response = await ctx.app.inject({
          url: `/api/simulation/${created._id}${suffix}`,
          headers,
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expectErrorBody(response.json());
        expect(response.json().message).toBe("Vous n’avez pas accès à cette simulation.");
      }
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { token } = await createSimulation(ctx);
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "nope", "..%2F..%2Fetc"]) {
      const response = await ctx.app.inject({
        url: `/api/simulation/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(404);
      expectErrorBody(response.json());
    }
  });

  it("answers 400 with the field path when the parser rejects, and stores nothing", async () => {
    const before = await countRows(ctx);
    const input = sampleInput();
    const payload = {
      ...input,
      answers: {
        ...input.answers,
        all: [
          ...input.answers.all,
          { entityName: "menage", id: "menage", fieldName: "loyer", value: { x: 1 } },
        ],
      },
    };
    const response = await ctx.app.inject({ method: "POST", url: "/api/simulation", payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorBody(body);
    expect(body.message).toBe("Les données de la simulation ne sont pas valides.");
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(
      "answers.all[3].value",
    );
    expect(await countRows(ctx)).toBe(before);
  });

  it("answers 400 for malformed JSON, and stores nothing", async () => {
    const before = await countRows(ctx);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "application/json" },
      payload: '{"answers": {"all": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Le contenu de la requête n’est pas un JSON valide.",
      errors: [],
    });
    expect(await countRows(ctx)).toBe(before);
  });

  it("answers 400 for prototype pollution attempts", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expectErrorBody(response.json());
  });

  it("answers 413 for a body over 1 MB, and stores nothing", async () => {
    const before = await countRows(ctx);
    const input = sampleInput();
    const payload = JSON.stringify({ ...input, version: "x".repeat(1024 * 1024) });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: `Le contenu de la requête est trop volumineux (1${NBSP}Mo au maximum).`,
      errors: [],
    });
    expect(await countRows(ctx)).toBe(before);
  });

  it("answers 415 for a content type other than JSON", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/simulation",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(sampleInput()),
    });
    expect(response.statusCode).toBe(415);
    expectErrorBody(response.json());
  });

  it("answers 404 in JSON for an unknown API path", async () => {
    const response = await ctx.app.inject({ url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Cette adresse n’existe pas.", errors: [] });
  });

  it("reports health from the engine status", async () => {
    const response = await ctx.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", engine: "ready" });
  });
});

describe("results", () => {
  const droit: Droit = {
    id: "aide_logement",
    label: "Aide personnalisée au logement",
    description: "Une aide pour payer le loyer.",
    institution: "caf",
    montant: 210.5,
    unit: "€",
    periodicity: "mensuelle",
    links: {},
  };
  let behaviour: () => Promise<{ droitsEligibles: Droit[]; droitsInjectes: Droit[] }>;
  const received: Simulation[] = [];
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({
      computeResults: async (simulation) => {
        received.push(simulation);
        return behaviour();
      },
      engineStatus: () => "starting",
    });
  });
  afterAll(() => ctx.close());

  function namedError(name: string): Error {
    const error = new Error("engine said no at /srv/engine.py:42");
    error.name = name;
    return error;
  }

  it("returns the computed benefits of the stored simulation", async () => {
    behaviour = async () => ({ droitsEligibles: [droit], droitsInjectes: [] });
    const { _id, token } = await createSimulation(ctx);
    const response = await ctx.app.inject({
      url: `/api/simulation/${_id}/results`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id, droitsEligibles: [droit], droitsInjectes: [] });
    const simulation = received.at(-1);
    expect(simulation).toMatchObject({ id: _id, dateDeValeur: "2026-01-15", status: "new" });
    expect(simulation).not.toHaveProperty("tokenHash");
  });

  it.each(["EngineUnavailableError", "EngineTimeoutError"])(
    "answers 503 with a retry message on %s",
    async (name) => {
      behaviour = async () => {
        throw namedError(name);
      };
      const { _id, token } = await createSimulation(ctx);
      const response = await ctx.app.inject({
        url: `/api/simulation/${_id}/results`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message:
          "Le calcul des aides est momentanément indisponible. Veuillez réessayer dans quelques instants.",
        errors: [],
      });
    },
  );

  it("answers 500 in French without leaking the error", async () => {
    behaviour = async () => {
      throw namedError("TypeError");
    };
    const { _id, token } = await createSimulation(ctx);
    const response = await ctx.app.inject({
      url: `/api/simulation/${_id}/results`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(500);
    expectErrorBody(response.json());
    expect(response.body).not.toContain("engine.py");
    expect(response.body).not.toContain("TypeError");
  });

  it("reports a degraded health while the engine is not ready", async () => {
    const response = await ctx.app.inject({ url: "/api/health" });
    expect(response.json()).toMatchObject({ status: "degraded", engine: "starting" });
  });
});

describe("communes lookup", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it("finds Lyon for 69001 with its INSEE code and EPCI", async () => {
    const started = performance.now();
    const response = await ctx.app.inject({ url: "/api/communes/69001" });
    console.info(
      `first communes lookup (loads the data): ${Math.round(performance.now() - started)} ms`,
    );
    expect(response.statusCode).toBe(200);
    const lyon = response.json().find((commune: { nom: string }) => commune.nom === "Lyon");
    expect(lyon).toEqual({
      code_insee: "69123",
      code_postal: "69001",
      nom: "Lyon",
      departement: "69",
      region: "84",
      epci: expect.stringMatching(/^\d{9}$/),
    });
  });

  it("finds Paris for 75001, quickly once loaded", async () => {
    const started = performance.now();
    const response = await ctx.app.inject({ url: "/api/communes/75001" });
    expect(performance.now() - started).toBeLessThan(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ code_insee: "75056", nom: "Paris" }),
    ]);
  });

  it("sorts several communes sharing a postcode by name", async () => {
    const names = (await ctx.app.inject({ url: "/api/communes/01000" }))
      .json()
      .map((commune: { nom: string }) => commune.nom);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "fr")));
  });

  it("answers [] for an unknown postcode and 400 for a malformed one", async () => {
    const unknown = await ctx.app.inject({ url: "/api/communes/00000" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    for (const code of ["6900", "690011", "69OO1"]) {
      const response = await ctx.app.inject({ url: `/api/communes/${code}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `Le code postal doit comporter 5${NBSP}chiffres.`,
        errors: [
          { path: "codePostal", message: `Le code postal doit comporter 5${NBSP}chiffres.` },
        ],
      });
    }
  });
});

describe("single-page app", () => {
  let ctx: TestContext;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), "simulateur-static-"));
    mkdirSync(join(staticDir, "assets"));
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Simulateur</title>");
    writeFileSync(join(staticDir, "assets", "app-abc123.js"), "console.log('app')");
    ctx = await startTestApp({ staticDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

  it("falls back to index.html for client-side routes", async () => {
    for (const url of [
      "/",
      "/simulation/foo",
      "/simulation/individu/demandeur/date_naissance?x=1",
    ]) {
      const response = await ctx.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("<title>Simulateur</title>");
    }
  });

  it("serves hashed assets with a long cache", async () => {
    const response = await ctx.app.inject({ url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("keeps 404 JSON for unknown API paths and missing files", async () => {
    for (const [url, headers] of [
      ["/api/unknown", html],
      ["/assets/missing.js", { accept: "*/*" }],
    ] as const) {
      const response = await ctx.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: "Cette adresse n’existe pas.", errors: [] });
    }
  });
});

describe("single-page app with pre-rendered pages", () => {
  let ctx: TestContext;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), "simulateur-prerendered-"));
    mkdirSync(join(staticDir, "prerendered"));
    writeFileSync(join(staticDir, "index.html"), "<title>Shell</title>");
    writeFileSync(join(staticDir, "prerendered", "index.html"), "<title>Accueil</title>");
    writeFileSync(join(staticDir, "prerendered", "faq.html"), "<title>FAQ</title>");
    writeFileSync(join(staticDir, "prerendered", "step.html"), "<title>Step</title>");
    writeFileSync(join(staticDir, "prerendered", "results.html"), "<title>Results</title>");
    writeFileSync(
      join(staticDir, "prerendered", "pages.json"),
      JSON.stringify({
        "/": "index.html",
        "/faq": "faq.html",
        "/simulation/*": "step.html",
        "/simulation/resultats*": "results.html",
      }),
    );
    ctx = await startTestApp({ staticDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it("sends a page's pre-rendering or its route's shell, unless embedded", async () => {
    for (const [url, title] of [
      ["/", "Accueil"],
      ["/?utm_source=lettre", "Accueil"],
      ["/faq", "FAQ"],
      ["/faq?iframe=1", "Shell"],
      ["/?theme=cej", "Shell"],
      ["/faq/autre", "Shell"],
      // The shells of routes, by their longest matching prefix.
      ["/simulation/individu/demandeur/date_naissance", "Step"],
      ["/simulation/resultats?debug=rsa", "Results"],
      ["/simulation", "Shell"],
      ["/stats", "Shell"],
    ]) {
      const response = await ctx.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(`<title>${title}</title>`);
    }
  });
});

describe("unexpected failures", () => {
  it("answers 500 in French without a stack trace", async () => {
    const ctx = await startTestApp({
      parseSimulationInput: () => {
        throw new Error("boom at /srv/app/parser.ts:12");
      },
    });
    try {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/simulation",
        payload: sampleInput(),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: "Une erreur inattendue est survenue. Veuillez réessayer plus tard.",
        errors: [],
      });
    } finally {
      await ctx.close();
    }
  });
});

describe("logging", () => {
  it("redacts the authorization header", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const ctx = await startTestApp({
      logger: {
        level: "info",
        stream,
        // Fastify's default request serializer leaves headers out; include them to prove redaction.
        serializers: { req: (req) => ({ method: req.method, url: req.url, headers: req.headers }) },
      },
    });
    try {
      const { _id, token } = await createSimulation(ctx);
      await ctx.app.inject({ url: `/api/simulation/${_id}`, headers: bearer(token) });
      const log = lines.join("");
      expect(log).toContain("[redacted]");
      expect(log).not.toContain(token);
    } finally {
      await ctx.close();
    }
  });
});

describe("storage", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "simulateur-storage-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs SQLite in WAL mode with synchronous NORMAL", async () => {
    const handle = openDatabase({ databasePath: join(dir, "wal.sqlite") });
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      expect(journal.rows[0]?.journal_mode).toBe("wal");
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(sync.rows[0]?.synchronous).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it(`migrates once, then reports nothing to apply (${testDialect()})`, async () => {
    const handle = await openTestDatabase("migrate", { migrate: false });
    try {
      expect(await migrateToLatest(handle.db)).toEqual({ applied: Object.keys(migrations) });
      expect(await migrateToLatest(handle.db)).toEqual({ applied: [] });
    } finally {
      await handle.close();
    }
  });

  it(`stores only a SHA-256 of the token and verifies it (${testDialect()})`, async () => {
    const handle = await openTestDatabase("tokens");
    try {
      const repository = createSimulationRepository(
        handle.db,
        () => new Date("2026-01-15T08:00:00Z"),
      );
      const { id, token } = await repository.createSimulation(sampleInput());
      const row = await handle.db
        .selectFrom("simulations")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.created_at).toBe("2026-01-15T08:00:00.000Z");

      const simulation = await repository.getSimulation(id);
      expect(simulation).toBeDefined();
      expect(verifyToken(simulation!, token)).toBe(true);
      expect(verifyToken(simulation!, `${token}x`)).toBe(false);
      expect(verifyToken(simulation!, "")).toBe(false);
      expect(verifyToken({ tokenHash: "corrupt" }, token)).toBe(false);
      expect(await repository.getSimulation("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it("opens PostgreSQL when DATABASE_URL is set, and never logs its password", async () => {
    // The pool connects lazily: nothing is needed on that address.
    const handle = openDatabase({
      databasePath: join(dir, "unused.sqlite"),
      databaseUrl: "postgres://simulateur:s3cret@localhost:1/simulateur",
    });
    try {
      expect(handle.dialect).toBe("postgres");
      expect(handle.location).toBe("postgres://simulateur:***@localhost:1/simulateur");
    } finally {
      await handle.close();
    }
  });
});
