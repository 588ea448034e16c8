/**
 * When the server renders the results page (src/server/results-page.ts): only with the cookie the
 * results route set, a token that opens the simulation, the simulation unchanged since, and the
 * results still held; never in a frame; `?debug=` without a cookie. The app's renderer is
 * replaced by a module that writes what it was given (the real one is exercised in Chromium by
 * tests/e2e/results-first-paint.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createResultsPage,
  readResultsCookie,
  RESULTS_KEPT,
  RESULTS_KEPT_MS,
  type SentResults,
} from "../../../src/server/results-page";
import {
  hashToken,
  type SimulationRepository,
  type StoredSimulation,
} from "../../../src/server/storage";
import { createRateLimiter, type RateLimiter } from "../../../src/server/rate-limit";

const ID = "AAAAAAAAAAAAAAAAAAAAAA";
const TOKEN = "t".repeat(43);
const RESULTS: SentResults = {
  _id: ID,
  droitsEligibles: [{ id: "aide_logement" }],
  droitsInjectes: [],
};

function simulation(overrides: Partial<StoredSimulation> = {}): StoredSimulation {
  return {
    id: ID,
    answers: { all: [], current: [] },
    dateDeValeur: "2026-11-01",
    version: "v1",
    status: "new",
    abtesting: { aides_bafa: { index: 1, value: "aides_bafa_separees" } },
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
let clock: number;
let logged: unknown[];
let app: FastifyInstance;

function build(dir: string | undefined = ssrDir, limiter?: RateLimiter) {
  const page = createResultsPage({
    ...(limiter ? { limiter } : {}),
    ssrDir: dir,
    repository: {
      getSimulation: async (id: string) => stored.get(id),
    } as unknown as SimulationRepository,
    now: () => clock,
    logger: { error: (details) => void logged.push(details) },
  });
  app = Fastify();
  app.get<{ Params: { id: string } }>("/remember/:id", async (request, reply) => {
    const current = stored.get(request.params.id) ?? simulation({ id: request.params.id });
    page.remember(reply, current, TOKEN, { ...RESULTS, _id: current.id }, false);
    return {};
  });
  app.get("/*", async (request) => (await page.render(request)) ?? "SHELL");
  return page;
}

const cookie = (id = ID, token = TOKEN) => ({ cookie: `autre=1; resultats=${id}.${token}` });

async function get(url: string, headers: Record<string, string> = cookie()) {
  return (await app.inject({ method: "GET", url, headers })).body;
}

beforeEach(() => {
  ssrDir = mkdtempSync(join(tmpdir(), "results-page-"));
  writeFileSync(
    join(ssrDir, "server-rendered.html"),
    "<html><head><title>Simulateur</title></head><body><!--server-rendered-root--></body></html>",
  );
  writeFileSync(
    join(ssrDir, "prerender.js"),
    `export async function prepareServerRendering() {}
     export function serverRenderedPage(url, storage) {
       if (url.includes("panne")) throw new Error("panne");
       return { html: "<p>" + JSON.stringify({ url, storage }).replace(/</g, "\\\\u003c") + "</p>", title: "Mes résultats & co" };
     }`,
  );
  stored = new Map([[ID, simulation()]]);
  clock = 1_000_000;
  logged = [];
});

afterEach(async () => {
  await app?.close();
  rmSync(ssrDir, { recursive: true, force: true });
});

/** The storage the stub renderer was given, read back from the page. */
function storageOf(html: string) {
  const json = /<p>(.*)<\/p>/.exec(html)?.[1];
  return JSON.parse(json!) as {
    url: string;
    storage: { session: Record<string, string>; local: Record<string, string> };
  };
}

describe("the results cookie", () => {
  it("is set by the results route: the id and token, for the results' pages, out of scripts' reach", async () => {
    build();
    const response = await app.inject({ method: "GET", url: `/remember/${ID}` });
    expect(response.headers["set-cookie"]).toBe(
      `resultats=${ID}.${TOKEN}; Path=/simulation; HttpOnly; SameSite=Strict`,
    );
  });

  it("is not set when the build has no renderer (the page is the browser's anyway)", async () => {
    build(join(ssrDir, "absent"));
    const response = await app.inject({ method: "GET", url: `/remember/${ID}` });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await get("/simulation/resultats")).toBe("SHELL");
  });

  it("is read among other cookies, and ignored when malformed", () => {
    expect(readResultsCookie(`a=b; resultats=${ID}.${TOKEN}; c=d`)).toEqual({
      id: ID,
      token: TOKEN,
    });
    expect(readResultsCookie(undefined)).toBeUndefined();
    expect(readResultsCookie(`resultats=${ID}`)).toBeUndefined();
    expect(readResultsCookie(`resultats=${ID}.short`)).toBeUndefined();
    expect(readResultsCookie(`resultats=../../x.${TOKEN}`)).toBeUndefined();
    expect(readResultsCookie(`xresultats=${ID}.${TOKEN}`)).toBeUndefined();
  });
});

describe("the results page rendered by the server", () => {
  it("holds what the browser holds after the results: the simulation, its token, the results sent", async () => {
    build();
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    const html = await get("/simulation/resultats?filtre=logement");
    expect(html).toContain(`<div id="root" data-server-rendered="${ID}">`);
    expect(html).toContain("<title>Mes résultats &amp; co</title>");
    const { url, storage } = storageOf(html);
    expect(url).toBe("/simulation/resultats?filtre=logement");
    expect(JSON.parse(storage.session.simulationId!)).toBe(ID);
    expect(JSON.parse(storage.session.calculs!)).toEqual({ resultats: RESULTS, dirty: false });
    expect(JSON.parse(storage.session.simulation!)).toMatchObject({
      answers: { all: [], current: [] },
      dateDeValeur: "2026-11-01",
      version: "v1",
      simulationToken: TOKEN,
    });
    // The A/B variant the simulation was saved with: the groups render as in the browser.
    expect(JSON.parse(storage.local.ABTesting!)).toEqual(simulation().abtesting);
  });

  it("hands its session storage to a tab that holds none, in a data block no answer can end", async () => {
    const hostile = "</script><script>alert(1)</script>";
    stored.set(
      ID,
      simulation({
        answers: {
          all: [{ entityName: "individu", id: "demandeur", fieldName: "prenom", value: hostile }],
          current: [],
        },
      }),
    );
    build();
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    const html = await get("/simulation/resultats");
    const block =
      /<script type="application\/json" id="server-session-state">(.*?)<\/script>/s.exec(html);
    expect(block).not.toBeNull();
    expect(html).not.toContain("<script>alert(1)");
    const session = JSON.parse(block![1]!) as Record<string, string>;
    expect(session).toEqual(storageOf(html).storage.session);
    expect(JSON.parse(session.simulation!).answers.all[0].value).toBe(hostile);
    // `?debug=` sample values have no visitor's storage to hand over.
    expect(await get("/simulation/resultats?debug=rsa", {})).not.toContain("server-session-state");
  });

  it("is the browser's without the results held, or when they are not this visitor's", async () => {
    build();
    expect(await get("/simulation/resultats")).toBe("SHELL");
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    expect(await get("/simulation/resultats", cookie(ID, "u".repeat(43)))).toBe("SHELL");
    expect(await get("/simulation/resultats", cookie("BBBBBBBBBBBBBBBBBBBBBB"))).toBe("SHELL");
    expect(await get("/simulation/resultats", {})).toBe("SHELL");
    expect(await get("/simulation/resultats")).toContain("data-server-rendered");
  });

  it("is the browser's once the simulation was saved again, anonymised, or after an hour", async () => {
    build();
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    stored.set(ID, simulation({ updatedAt: "2026-11-27T10:05:00.000Z" }));
    expect(await get("/simulation/resultats")).toBe("SHELL");

    stored.set(ID, simulation());
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    stored.set(ID, simulation({ status: "anonymized" }));
    expect(await get("/simulation/resultats")).toBe("SHELL");

    stored.set(ID, simulation());
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    clock += RESULTS_KEPT_MS - 1;
    expect(await get("/simulation/resultats")).toContain("data-server-rendered");
    clock += 2;
    expect(await get("/simulation/resultats")).toBe("SHELL");
  });

  it("is the browser's in a frame's address and on other pages", async () => {
    build();
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    for (const query of ["iframe", "theme=default", "data-with-logo=false"])
      expect(await get(`/simulation/resultats?${query}`), query).toBe("SHELL");
    expect(await get("/simulation/resultats/aide_logement")).toBe("SHELL");
    expect(await get("/simulation/recapitulatif")).toBe("SHELL");
  });

  it("renders the sample values of `?debug=` for anyone, with no visitor's storage", async () => {
    build();
    const html = await get("/simulation/resultats?debug=rsa", {});
    expect(html).toContain('<div id="root" data-server-rendered="">');
    expect(storageOf(html).storage).toEqual({ session: {}, local: {} });
  });

  it("is the browser's past an address's renders per minute: one visitor cannot hold the server", async () => {
    build(ssrDir, createRateLimiter({ limit: 2, windowMs: 60_000, now: () => clock }));
    await app.inject({ method: "GET", url: `/remember/${ID}` });
    expect(await get("/simulation/resultats")).toContain("data-server-rendered");
    expect(await get("/simulation/resultats?debug=rsa", {})).toContain("data-server-rendered");
    expect(await get("/simulation/resultats")).toBe("SHELL");
    clock += 60_001;
    expect(await get("/simulation/resultats")).toContain("data-server-rendered");
  });

  it("falls back to the browser's page, and logs, when rendering fails", async () => {
    build();
    expect(await get("/simulation/resultats?debug=panne", {})).toBe("SHELL");
    expect(logged).toHaveLength(1);
  });

  it(`holds at most ${RESULTS_KEPT} visitors' results, forgetting the least recent`, async () => {
    build();
    const ids = Array.from(
      { length: RESULTS_KEPT + 1 },
      (_, i) => `${String(i).padStart(22, "C")}`,
    );
    for (const id of ids) {
      stored.set(id, simulation({ id }));
      await app.inject({ method: "GET", url: `/remember/${id}` });
    }
    expect(await get("/simulation/resultats", cookie(ids[0]))).toBe("SHELL");
    expect(await get("/simulation/resultats", cookie(ids[1]))).toContain(ids[1]);
    expect(await get("/simulation/resultats", cookie(ids.at(-1)))).toContain(ids.at(-1));
  });
});
