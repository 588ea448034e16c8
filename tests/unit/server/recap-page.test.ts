/**
 * When the server renders the recap (src/server/recap-page.ts): only at its address without a
 * query, with the cookie a save set, a token that opens the simulation, and the simulation not
 * anonymised; with the visitor's results only while the results page holds them for these
 * answers. The app's renderer is replaced by a module that writes what it was given (the real
 * one is exercised in Chromium by tests/e2e/results-first-paint.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Answer } from "../../../src/domain";
import { createRecapPage, RECAP_PAGE_TEMPLATE } from "../../../src/server/recap-page";
import { createResultsPage, type SentResults } from "../../../src/server/results-page";
import { createRateLimiter } from "../../../src/server/rate-limit";
import {
  hashToken,
  type SimulationRepository,
  type StoredSimulation,
} from "../../../src/server/storage";

const ID = "AAAAAAAAAAAAAAAAAAAAAA";
const TOKEN = "t".repeat(43);
const RECAP = "/simulation/recapitulatif";
const ANSWER: Answer = {
  entityName: "individu",
  id: "demandeur",
  fieldName: "activite",
  value: "etudiant",
};
const RESULTS: SentResults = {
  _id: ID,
  droitsEligibles: [{ id: "aide_logement" }],
  droitsInjectes: [],
};

function simulation(overrides: Partial<StoredSimulation> = {}): StoredSimulation {
  return {
    id: ID,
    answers: { all: [ANSWER], current: [ANSWER] },
    dateDeValeur: "2026-11-01",
    version: "v1",
    status: "new",
    abtesting: null,
    modifiedFrom: null,
    finishedAt: null,
    ressourcesFiscales: null,
    patrimoine: null,
    createdAt: "2026-11-27T10:00:00.000Z",
    updatedAt: "2026-11-27T10:00:00.000Z",
    tokenHash: hashToken(TOKEN),
    ...overrides,
  };
}

let ssrDir: string;
let stored: Map<string, StoredSimulation>;
let logged: unknown[];
let app: FastifyInstance;

function build(options: { dir?: string; rendersPerMinute?: number } = {}) {
  const repository = {
    getSimulation: async (id: string) => stored.get(id),
  } as unknown as SimulationRepository;
  const logger = { error: (details: unknown) => void logged.push(details) };
  const resultsPage = createResultsPage({ ssrDir: options.dir ?? ssrDir, repository, logger });
  const recapPage = createRecapPage({
    ssrDir: options.dir ?? ssrDir,
    repository,
    heldResults: (saved) => resultsPage.heldResults(saved),
    logger,
    ...(options.rendersPerMinute === undefined
      ? {}
      : { limiter: createRateLimiter({ limit: options.rendersPerMinute, windowMs: 60_000 }) }),
  });
  app = Fastify();
  // What the simulation routes do (src/server/routes/simulation.ts): a save names the simulation,
  // the results route keeps what it sent.
  app.post("/save", async (_request, reply) => {
    resultsPage.rememberSaved(reply, ID, TOKEN, false);
    return {};
  });
  app.post("/results", async (_request, reply) => {
    resultsPage.remember(reply, stored.get(ID)!, TOKEN, RESULTS, false);
    return {};
  });
  app.get("/*", async (request) => (await recapPage.render(request)) ?? "SHELL");
}

const cookie = (id = ID, token = TOKEN) => ({ cookie: `autre=1; resultats=${id}.${token}` });

async function get(url: string, headers: Record<string, string> = cookie()) {
  return (await app.inject({ method: "GET", url, headers })).body;
}

/** The session storage the stub renderer was given, read back from the page. */
function sessionOf(html: string): Record<string, string> {
  const json = /<p>(.*)<\/p>/.exec(html)?.[1];
  return (JSON.parse(json!) as { storage: { session: Record<string, string> } }).storage.session;
}

beforeEach(() => {
  ssrDir = mkdtempSync(join(tmpdir(), "recap-page-"));
  for (const template of [RECAP_PAGE_TEMPLATE, "server-rendered.html"])
    writeFileSync(
      join(ssrDir, template),
      "<html><head><title>Simulateur</title></head><body><!--server-rendered-root--></body></html>",
    );
  writeFileSync(
    join(ssrDir, "prerender.js"),
    `export async function prepareServerRendering() {}
     export function serverRenderedPage(url, storage) {
       if (JSON.stringify(storage).includes("panne")) throw new Error("panne");
       return { html: "<p>" + JSON.stringify({ url, storage }).replace(/</g, "\\\\u003c") + "</p>", title: "Récapitulatif" };
     }`,
  );
  stored = new Map([[ID, simulation()]]);
  logged = [];
});

afterEach(async () => {
  await app?.close();
  rmSync(ssrDir, { recursive: true, force: true });
});

describe("the recap rendered by the server", () => {
  it("is named by the cookie a save sets: the id and token, for the simulation's pages, out of scripts' reach", async () => {
    build();
    const response = await app.inject({ method: "POST", url: "/save" });
    expect(response.headers["set-cookie"]).toBe(
      `resultats=${ID}.${TOKEN}; Path=/simulation; HttpOnly; SameSite=Strict`,
    );
  });

  it("holds the answers saved, the simulation's id and token, and no results", async () => {
    build();
    const html = await get(RECAP);
    expect(html).toContain(`<div id="root" data-server-rendered="${ID}">`);
    expect(html).toContain('<script type="application/json" id="server-session-state">');
    const session = sessionOf(html);
    expect(JSON.parse(session.simulationId!)).toBe(ID);
    expect(JSON.parse(session.simulation!)).toMatchObject({
      answers: { all: [ANSWER], current: [ANSWER] },
      dateDeValeur: "2026-11-01",
      simulationToken: TOKEN,
    });
    expect(session.calculs).toBeUndefined();
  });

  it("holds the visitor's results while the results page holds them for these answers", async () => {
    build();
    await app.inject({ method: "POST", url: "/results" });
    expect(JSON.parse(sessionOf(await get(RECAP)).calculs!)).toEqual({
      resultats: RESULTS,
      dirty: false,
    });
    // Saved again since: the results held may no longer be the answers'.
    stored.set(ID, simulation({ updatedAt: "2026-11-27T11:00:00.000Z" }));
    expect(sessionOf(await get(RECAP)).calculs).toBeUndefined();
  });

  it("is the browser's without a cookie, with another token, for an unknown or anonymised simulation", async () => {
    build();
    expect(await get(RECAP, {})).toBe("SHELL");
    expect(await get(RECAP, cookie(ID, "u".repeat(43)))).toBe("SHELL");
    expect(await get(RECAP, cookie("BBBBBBBBBBBBBBBBBBBBBB"))).toBe("SHELL");
    expect(await get(RECAP, { cookie: `resultats=${ID}` })).toBe("SHELL");
    stored.set(ID, simulation({ status: "anonymized" }));
    expect(await get(RECAP)).toBe("SHELL");
  });

  it("is the browser's with a query (a frame's, `?debug`), on other pages, and without the build's renderer", async () => {
    build();
    expect(await get(`${RECAP}?iframe=true`)).toBe("SHELL");
    expect(await get(`${RECAP}?debug`)).toBe("SHELL");
    expect(await get(`${RECAP}/autre`)).toBe("SHELL");
    expect(await get("/simulation/individu/demandeur/date_naissance")).toBe("SHELL");
    await app.close();
    build({ dir: join(ssrDir, "absent") });
    expect(await get(RECAP)).toBe("SHELL");
    const response = await app.inject({ method: "POST", url: "/save" });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("is the browser's past an address's renders per minute: one visitor cannot hold the server", async () => {
    build({ rendersPerMinute: 2 });
    expect(await get(RECAP)).toContain("data-server-rendered");
    expect(await get(RECAP)).toContain("data-server-rendered");
    expect(await get(RECAP)).toBe("SHELL");
  });

  it("falls back to the browser's page, and logs, when rendering fails", async () => {
    stored.set(ID, simulation({ dateDeValeur: "panne" }));
    build();
    expect(await get(RECAP)).toBe("SHELL");
    expect(logged).toHaveLength(1);
  });
});
