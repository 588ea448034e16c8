/**
 * Property-based fuzz of every endpoint (issue 8): the production app (schema-driven parser, real
 * OpenFisca engine, real SQLite or PostgreSQL database, loopback SMTP, SMS and places directory)
 * receives garbage and near-valid requests. Properties: no 5xx; every error has the API's shape
 * and a French message; every stored simulation still passes the server's own parser; every
 * declared route was reached (new routes are fuzzed with generic inputs).
 *
 * `FUZZ_CASES` sets the number of cases (10,000 by default; `npm run fuzz` runs 100,000);
 * `FUZZ_SEED` replays a run.
 */
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSimulationInput } from "../../src/domain";
import { buildSimulatorApp, loadBundle } from "../../src/server/compose";
import type { EngineSupervisor } from "../../src/server/engine";
import { messages } from "../../src/server/messages";
import { createFollowupRepository, type DatabaseHandle } from "../../src/server/storage";
import { employee, student, VALUE_DATE } from "../fixtures/situations";
import {
  anyRouteRequest,
  declaredRoutes,
  engineRequests,
  fastRequests,
  type FuzzRequest,
  type Route,
} from "./fuzz/arbitraries";
import { startLoopbackServices, type LoopbackServices } from "./fuzz/loopback";
import { openTestDatabase, testDialect } from "./helpers/database";
import { sharedEngine } from "./helpers/engine";

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
/** Computations are slower: they get a small share of the cases. */
const ENGINE_CASES = Math.max(50, Math.round(CASES * 0.01));
const FAST_CASES = CASES - ENGINE_CASES;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const bundle = loadBundle();
const FRENCH_MESSAGES = new Set<string>(Object.values(messages));
const FRENCH =
  /[éèêàùçâîôûœ’]|\b(le|la|les|de|des|du|un|une|est|pas|vous|doit|champ|inconnue?|invalide|trop)\b/i;
const ENGLISH =
  /\b(invalid|expected|received|must|required|unrecognized|too (big|small)|not found)\b/i;
/** Zod's default messages in English: the server sets its French locale. */
const ZOD_ENGLISH = /^(Invalid|Too (big|small)|Unrecognized key|Required)\b/;
const isFrench = (text: unknown) =>
  typeof text === "string" && FRENCH.test(text) && !ENGLISH.test(text);

let database: DatabaseHandle;
let engine: EngineSupervisor;
let services: LoopbackServices;
let app: FastifyInstance;

interface Owned {
  id: string;
  token: string;
  /** What was posted, to show with a failure. */
  body?: unknown;
}
const simulations: Owned[] = [];
const serverErrors: string[] = [];
const followups: { token: string; benefits: string[] }[] = [];
let routes: Route[];
/** `METHOD /declared/:path` of every route a case reached. */
const reached = new Set<string>();

beforeAll(async () => {
  database = await openTestDatabase("fuzz");
  engine = await sharedEngine();
  services = await startLoopbackServices();
  app = buildSimulatorApp({
    bundle,
    db: database.db,
    engine,
    // Errors only, kept to explain a failing case.
    logger: { level: "error", stream: { write: (line: string) => void serverErrors.push(line) } },
    lieuxUrl: services.lieuxUrl,
    recap: {
      smtpUrl: services.smtpUrl,
      smsUrl: services.smsUrl,
      // Rate limits stay on (429s are fuzzed too) but do not block the whole run.
      limits: { perIpLimit: 1_000_000, perSimulationLimit: 3 },
    },
    ipLimits: { writesPerMinute: 1_000_000, computationsPerMinute: 1_000_000 },
  });
  app.addHook("onResponse", async (request) => {
    reached.add(`${request.method} ${request.routeOptions.url ?? "(not found)"}`);
  });
  await app.ready();
  routes = declaredRoutes(app.printRoutes({ commonPrefix: false }));
  for (const answers of [student, employee]) {
    const created = await app.inject({
      method: "POST",
      url: "/api/simulation",
      payload: { answers: { all: answers, current: answers }, dateDeValeur: VALUE_DATE },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { _id, token } = created.json<{ _id: string; token: string }>();
    simulations.push({ id: _id, token });
    const followup = await app.inject({
      method: "POST",
      url: `/api/simulation/${_id}/followup`,
      headers: { authorization: `Bearer ${token}` },
      payload: { email: "fuzz@example.fr", surveyOptin: true },
    });
    expect(followup.statusCode, followup.body).toBe(200);
  }
  // A follow-up's token only travels in its e-mail, stored hashed: the fuzz makes its own.
  const repository = createFollowupRepository(database.db);
  for (const simulation of simulations) {
    const { token, followup } = await repository.createFollowup({
      simulationId: simulation.id,
      surveyOptin: true,
      benefits: [
        { id: "aide_logement", label: "Aide au logement" },
        { id: "css", label: "Complémentaire santé solidaire" },
      ],
    });
    followups.push({ token, benefits: followup.benefits.map((benefit) => benefit.id) });
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
  await services?.close();
  await engine?.stop();
  await database?.close();
});

/** Header values a real HTTP client can send (Node refuses control characters). */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");

function fill(text: string, pick: number): string {
  const simulation = simulations[pick % simulations.length]!;
  const followup = followups[pick % followups.length]!;
  return text
    .replaceAll("{id}", simulation.id)
    .replaceAll("{token}", simulation.token)
    .replaceAll("{ftoken}", followup.token)
    .replaceAll("{benefit}", followup.benefits[pick % followup.benefits.length] ?? "css");
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      headerSafe(fill(value, request.pick)),
    ]),
  );
  const payload =
    request.payload === undefined
      ? undefined
      : fill(
          typeof request.payload === "string" ? request.payload : JSON.stringify(request.payload),
          request.pick,
        );
  return app.inject({
    method: request.method as "GET",
    url: fill(request.url, request.pick),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The response keeps the API's promises; returns a reason when it does not. */
function problemWith(response: LightMyRequestResponse, method: string): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body}`;
  if (response.statusCode < 400 || method === "HEAD") return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `error ${response.statusCode} is not JSON: ${response.body.slice(0, 200)}`;
  }
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  if (typeof message !== "string" || !(FRENCH_MESSAGES.has(message) || isFrench(message))) {
    return `error ${response.statusCode} without a French message: ${response.body.slice(0, 300)}`;
  }
  const wellFormed =
    Array.isArray(errors) &&
    errors.every(
      (error: { path?: unknown; message?: unknown }) =>
        typeof error?.path === "string" &&
        typeof error?.message === "string" &&
        !ZOD_ENGLISH.test(error.message),
    );
  return wellFormed
    ? undefined
    : `error ${response.statusCode} with malformed or English field errors: ${response.body}`;
}

/** The server's last error and the simulation the case used, for the failure message. */
function explained(problem: string, pick?: number): string {
  const simulation = pick === undefined ? undefined : simulations[pick % simulations.length];
  return [
    problem,
    `server: ${serverErrors.at(-1) ?? "(no error logged)"}`,
    ...(simulation?.body === undefined ? [] : [`simulation: ${JSON.stringify(simulation.body)}`]),
  ].join("\n");
}

/** Remembers what the app created, so that later cases reach deeper. */
function remember(request: FuzzRequest, response: LightMyRequestResponse): void {
  if (response.statusCode !== 200 || request.method !== "POST") return;
  if (request.url.startsWith("/api/simulation?") || request.url === "/api/simulation") {
    const { _id, token } = response.json<{ _id: string; token: string }>();
    if (simulations.length < 500) {
      simulations.push({ id: _id, token, body: request.payload });
    }
  }
}

function runParameters(numRuns: number) {
  return { numRuns, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false };
}

describe(`fuzz: ${CASES} cases over every endpoint`, () => {
  it(
    "answers no 5xx, French errors in the API's shape, and stores only valid simulations",
    async () => {
      const started = performance.now();
      const statuses = new Map<number, number>();
      let computed = 0;
      /** Saves over a stored simulation (`PUT`) that were accepted. */
      let overwritten = 0;
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 9, arbitrary: fastRequests(bundle) },
            { weight: 1, arbitrary: anyRouteRequest(routes) },
          ),
          async (request) => {
            const response = await send(request);
            count(response.statusCode);
            const problem = problemWith(response, request.method);
            if (problem) throw new Error(explained(problem, request.pick));
            if (request.method === "PUT" && response.statusCode === 200) overwritten++;
            remember(request, response);
          },
        ),
        runParameters(FAST_CASES),
      );
      const fastMs = performance.now() - started;

      await fc.assert(
        fc.asyncProperty(engineRequests(bundle), async ({ simulation, route, auth }) => {
          const created = await app.inject({
            method: "POST",
            url: "/api/simulation",
            payload: simulation,
          });
          count(created.statusCode);
          const createdProblem = problemWith(created, "POST");
          if (createdProblem) throw new Error(createdProblem);
          if (created.statusCode !== 200) return;
          const owned = created.json<{ _id: string; token: string }>();
          const headers = auth
            ? { authorization: headerSafe(auth.replaceAll("{token}", owned.token)) }
            : undefined;
          const response = await app.inject({
            method: route === "/followup" ? "POST" : "GET",
            url: `/api/simulation/${owned._id}${route}`,
            ...(headers ? { headers } : {}),
            ...(route === "/followup"
              ? { payload: { phone: "0612345678", surveyOptin: false } }
              : {}),
          });
          count(response.statusCode);
          if (response.statusCode === 200) computed++;
          const problem = problemWith(response, "GET");
          if (problem) {
            throw new Error(
              `${route}: ${explained(problem)}\nsimulation: ${JSON.stringify(simulation)}`,
            );
          }
        }),
        runParameters(ENGINE_CASES),
      );
      const totalMs = performance.now() - started;

      // No invalid answer stored: every row passes the server's own parser again.
      const rows = await database.db.selectFrom("simulations").selectAll().execute();
      const invalid = rows.flatMap((row) => {
        const input = {
          answers: JSON.parse(row.answers) as unknown,
          dateDeValeur: row.date_de_valeur,
          ...(row.version === null ? {} : { version: row.version }),
          ...(row.abtesting === null ? {} : { abtesting: JSON.parse(row.abtesting) as unknown }),
          ...(row.modified_from === null ? {} : { modifiedFrom: row.modified_from }),
          ...(row.finished_at === null ? {} : { finishedAt: row.finished_at }),
          ...(row.ressources_fiscales === null
            ? {}
            : { ressourcesFiscales: JSON.parse(row.ressources_fiscales) as unknown }),
          ...(row.patrimoine === null ? {} : { patrimoine: JSON.parse(row.patrimoine) as unknown }),
        };
        const parsed = parseSimulationInput(bundle, input);
        return parsed.ok ? [] : [{ id: row.id, errors: parsed.errors }];
      });

      console.log(
        `fuzz (${testDialect()}): ${CASES} cases (${FAST_CASES} without the engine in ${(fastMs / 1000).toFixed(1)} s, ` +
          `${ENGINE_CASES} with it in ${((totalMs - fastMs) / 1000).toFixed(1)} s, ${computed} computed), ` +
          `${rows.length} simulations stored, ${overwritten} saved over, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      expect(invalid).toEqual([]);
      // Every declared route was fuzzed.
      const missed = routes
        .map((route) => `${route.method} ${route.path}`)
        .filter((route) => !reached.has(route));
      expect(missed).toEqual([]);
      expect(rows.length).toBeGreaterThan(100);
      expect(computed).toBeGreaterThan(ENGINE_CASES / 5);
      // Later saves (PUT) reach the happy path too: what they store is checked above.
      expect(overwritten).toBeGreaterThan(0);
      // The near-valid generator must reach the happy path too, not only the errors.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(CASES / 10);
    },
    60_000 + CASES * 20,
  );
});
