/**
 * `GET /api/lieux` and `GET /api/lieux/:id` against a loopback HTTP server speaking the directory
 * format (API Annuaire de l’administration, Opendatasoft `records`): the query sent, the mapping of
 * the fields, 503 when the directory fails or is too slow, 400 on bad parameters.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLieuxClient } from "../../src/server/places";
import { startTestApp, type TestContext } from "./helpers/test-app";

const record = {
  id: "caf-paris-1",
  nom: "Caisse d’allocations familiales de Paris - Accueil",
  adresse: JSON.stringify([
    {
      type_adresse: "Adresse postale",
      numero_voie: "BP 1",
      code_postal: "75941",
      nom_commune: "Paris Cedex 19",
    },
    {
      type_adresse: "Adresse",
      complement1: "Bâtiment B",
      numero_voie: "50 rue du Docteur Finlay",
      code_postal: "75015",
      nom_commune: "Paris",
    },
  ]),
  telephone: JSON.stringify([{ valeur: "3230", description: "" }]),
  adresse_courriel: "accueil@caf.example;autre@caf.example",
  site_internet: JSON.stringify([{ libelle: "", valeur: "https://www.caf.fr" }]),
  plage_ouverture: JSON.stringify([
    {
      nom_jour_debut: "Lundi",
      nom_jour_fin: "Vendredi",
      valeur_heure_debut_1: "08:30:00",
      valeur_heure_fin_1: "12:00:00",
      valeur_heure_debut_2: "13:30:00",
      valeur_heure_fin_2: "16:30:00",
      commentaire: "",
    },
  ]),
};

type Mode = "ok" | "error" | "slow" | "garbage";
let mode: Mode = "ok";
const requests: URL[] = [];
let directory: Server;
let directoryUrl: string;
let context: TestContext;

function answer(request: IncomingMessage, reply: import("node:http").ServerResponse) {
  const url = new URL(request.url ?? "/", "http://localhost");
  requests.push(url);
  if (mode === "slow") return; // never answers: the client's timeout must fire
  if (mode === "error") {
    reply.writeHead(500).end("boom");
    return;
  }
  if (mode === "garbage") {
    reply.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    return;
  }
  const where = url.searchParams.get("where") ?? "";
  const results = where.startsWith('id="inconnu"') ? [] : [record, { id: "", nom: "Sans id" }];
  reply
    .writeHead(200, { "content-type": "application/json" })
    .end(JSON.stringify({ total_count: results.length, results }));
}

beforeAll(async () => {
  directory = createServer(answer);
  await new Promise<void>((resolve) => directory.listen(0, "127.0.0.1", resolve));
  directoryUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}/api/explore/v2.1/catalog/datasets/annuaire`;
  context = await startTestApp({ lieux: createLieuxClient({ url: directoryUrl, timeoutMs: 300 }) });
});

afterEach(() => {
  mode = "ok";
  requests.length = 0;
});

afterAll(async () => {
  await context?.close();
  directory?.closeAllConnections();
  await new Promise((resolve) => directory?.close(resolve));
});

const get = (url: string) => context.app.inject({ method: "GET", url });

describe("GET /api/lieux", () => {
  it("asks the directory for the types near the commune and maps the fields", async () => {
    const response = await get("/api/lieux?depcom=75056&types=caf,mairie");
    expect(response.statusCode).toBe(200);
    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.pathname).toBe("/api/explore/v2.1/catalog/datasets/annuaire/records");
    expect(sent.searchParams.get("where")).toBe(
      'code_insee_commune="75056" and (pivot like "caf" or pivot like "mairie")',
    );
    expect(sent.searchParams.get("limit")).toBe("20");
    expect(response.json()).toEqual({
      lieux: [
        {
          id: "caf-paris-1",
          nom: "Caisse d’allocations familiales de Paris - Accueil",
          adresse: {
            lignes: ["Bâtiment B", "50 rue du Docteur Finlay"],
            code_postal: "75015",
            commune: "Paris",
          },
          telephone: "3230",
          email: "accueil@caf.example",
          url: "https://www.caf.fr",
          horaires: [
            "Du lundi au vendredi\u00a0: de 8\u00a0h\u00a030 à 12\u00a0h\u00a000 et de 13\u00a0h\u00a030 à 16\u00a0h\u00a030",
          ],
        },
      ],
    });
  });

  it("accepts Corsican communes", async () => {
    const response = await get("/api/lieux?depcom=2A004&types=mairie");
    expect(response.statusCode).toBe(200);
  });

  it("answers 400 with the field on a bad commune or bad types, without asking the directory", async () => {
    const bad = await get("/api/lieux?depcom=7505&types=caf");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: "depcom", message: expect.stringContaining("INSEE") },
    ]);
    const missing = await get("/api/lieux?types=caf");
    expect(missing.statusCode).toBe(400);
    const types = await get("/api/lieux?depcom=75056&types=caf,%22%20or%201");
    expect(types.statusCode).toBe(400);
    expect(types.json().errors[0].path).toBe("types");
    expect(requests).toHaveLength(0);
  });

  it("answers 503 in French when the directory fails, answers garbage or is too slow", async () => {
    for (const failure of ["error", "garbage", "slow"] as const) {
      mode = failure;
      const response = await get("/api/lieux?depcom=75056&types=caf");
      expect(response.statusCode, failure).toBe(503);
      expect(response.json().message).toContain("momentanément indisponible");
    }
  });
});

describe("GET /api/lieux/:id", () => {
  it("asks the directory for that id and maps it", async () => {
    const response = await get("/api/lieux/caf-paris-1");
    expect(response.statusCode).toBe(200);
    expect(requests[0]?.searchParams.get("where")).toBe('id="caf-paris-1"');
    expect(response.json()).toMatchObject({ id: "caf-paris-1", telephone: "3230" });
  });

  it("answers 404 for an unknown place, 400 for a bad id and 503 when the directory fails", async () => {
    expect((await get("/api/lieux/inconnu")).statusCode).toBe(404);
    expect((await get("/api/lieux/a%22b")).statusCode).toBe(400);
    mode = "error";
    expect((await get("/api/lieux/caf-paris-1")).statusCode).toBe(503);
  });
});
