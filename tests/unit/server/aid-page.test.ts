/**
 * When the server renders an aid's page (src/server/aid-page.ts): for an aid of the catalogue's
 * pages only, outside a frame, within the address's limit of rendered pages; the page is the same
 * for every visitor, so it is kept and rendered once. The app's renderer is replaced by a module
 * that writes what it was given (the real one is exercised in Chromium by
 * tests/e2e/prerender.test.ts, "of an aid are rendered by the server").
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AID_PAGE_TEMPLATE, AID_PAGES_KEPT, createAidPage } from "../../../src/server/aid-page";
import { createRateLimiter, type RateLimiter } from "../../../src/server/rate-limit";
import { createServerRenderer } from "../../../src/server/server-renderer";

let ssrDir: string;
let logged: unknown[];
let app: FastifyInstance;

const renders = () => (globalThis as { aidPageRenders?: number }).aidPageRenders ?? 0;

function build(limiter?: RateLimiter, dir = ssrDir) {
  const page = createAidPage({
    renderer: createServerRenderer(dir, undefined, AID_PAGE_TEMPLATE),
    ...(limiter ? { limiter } : {}),
    logger: { error: (details) => void logged.push(details) },
  });
  app = Fastify();
  app.get("/*", async (request) => (await page.render(request)) ?? "SHELL");
}

async function get(url: string) {
  return (await app.inject({ method: "GET", url })).body;
}

beforeEach(() => {
  ssrDir = mkdtempSync(join(tmpdir(), "aid-page-"));
  (globalThis as { aidPageRenders?: number }).aidPageRenders = 0;
  writeFileSync(
    join(ssrDir, AID_PAGE_TEMPLATE),
    "<html><head><title>Simulateur</title></head><body><!--server-rendered-root--></body></html>",
  );
  writeFileSync(
    join(ssrDir, "prerender.js"),
    `export async function prepareServerRendering() {}
     export function publicAidIds() {
       return ["aide_logement", "bafa_caf_haute_savoie", "panne", ...Array.from({ length: 100 }, (_, i) => "aide_" + i)];
     }
     export function serverRenderedPage(url, storage) {
       globalThis.aidPageRenders = (globalThis.aidPageRenders ?? 0) + 1;
       if (url.includes("panne")) throw new Error("panne");
       return { html: "<p>" + JSON.stringify({ url, storage }) + "</p>", title: "Aide & co" };
     }`,
  );
  logged = [];
});

afterEach(async () => {
  await app?.close();
  rmSync(ssrDir, { recursive: true, force: true });
});

describe("an aid's page rendered by the server", () => {
  it("holds the aid's page, rendered for a visitor without a simulation, hydrated by the browser", async () => {
    build();
    const html = await get("/aides/aide_logement");
    expect(html).toContain(
      '<div id="root" data-server-rendered=""><p>{"url":"/aides/aide_logement","storage":{"session":{},"local":{}}}</p></div>',
    );
    expect(html).toContain("<title>Aide &amp; co</title>");
  });

  it("is rendered once, whatever the query, and kept for the next visitors", async () => {
    build();
    const first = await get("/aides/aide_logement");
    expect(await get("/aides/aide_logement?utm_source=x")).toBe(first);
    expect(await get("/aides/aide_logement")).toBe(first);
    expect(renders()).toBe(1);
  });

  it("keeps the last AID_PAGES_KEPT pages only", async () => {
    build();
    for (let index = 0; index <= AID_PAGES_KEPT; index++) await get(`/aides/aide_${index}`);
    expect(renders()).toBe(AID_PAGES_KEPT + 1);
    await get(`/aides/aide_${AID_PAGES_KEPT}`);
    expect(renders()).toBe(AID_PAGES_KEPT + 1);
    await get("/aides/aide_0");
    expect(renders()).toBe(AID_PAGES_KEPT + 2);
  });

  it("is the browser's for an address that names no aid, or in a frame", async () => {
    build();
    for (const url of [
      "/aides/inconnue",
      "/aides/",
      "/aides/aide_logement/conditions",
      `/aides/${"a".repeat(200)}`,
      "/aides/%3Cscript%3E",
      "/aides/aide_logement?iframe=true",
      "/aides/aide_logement?theme=default",
      "/aide_logement",
    ])
      expect(await get(url), url).toBe("SHELL");
    expect(renders()).toBe(0);
  });

  it("is the browser's past the address's limit of rendered pages; a kept page costs nothing", async () => {
    build(createRateLimiter({ limit: 1, windowMs: 60_000 }));
    expect(await get("/aides/aide_logement")).not.toBe("SHELL");
    expect(await get("/aides/bafa_caf_haute_savoie")).toBe("SHELL");
    expect(await get("/aides/aide_logement")).not.toBe("SHELL");
    expect(renders()).toBe(1);
  });

  it("is the browser's when rendering fails (logged), or without the build's renderer", async () => {
    build();
    expect(await get("/aides/panne")).toBe("SHELL");
    expect(logged).toHaveLength(1);
    await app.close();
    build(undefined, join(ssrDir, "absent"));
    expect(await get("/aides/aide_logement")).toBe("SHELL");
  });
});
