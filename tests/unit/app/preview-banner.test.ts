import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  LOOKUP_FAILURE_MESSAGE,
  benefitIdsOfPatch,
  previewBenefitNames,
  previewResultsLink,
  pullRequestNumber,
} from "../../../src/app/preview/previewBenefits";

/** A code host on loopback answering `GET /repos/{owner}/{repo}/pulls/{n}/files`. */
let server: Server;
let apiUrl: string;
const requests: string[] = [];
let status = 200;

const files = [
  { filename: "data/benefits/javascript/aide-permis-cannes.yml" },
  { filename: "data/benefits/openfisca/css_participation_forfaitaire.yaml" },
  { filename: "data/benefits/other/ignored.yml" },
  { filename: "data/institutions/caf.yml" },
  {
    filename: "schema/benefits/paris.yaml",
    patch: [
      "@@ -10,7 +10,7 @@ benefits:",
      "   - id: paris_logement_familles",
      "     label: Paris Logement Familles",
      "-    unit: €",
      "+    unit: € par mois",
      "@@ -40,3 +40,8 @@",
      "     periodicity: mensuelle",
      "+  - id: paris_nouvelle_aide",
      "+    label: Nouvelle aide",
    ].join("\n"),
  },
];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url} ${request.headers.accept ?? ""}`);
    if (status !== 200 || request.url !== "/repos/betagouv/simulateur/pulls/42/files") {
      response.writeHead(status === 200 ? 404 : status).end("{}");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(files));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  requests.length = 0;
  status = 200;
});

const env = () => ({
  buildContext: "deploy-preview",
  branch: "pull/42/head",
  codeHostApiUrl: apiUrl,
  repository: "betagouv/simulateur",
});

describe("preview banner lookup", () => {
  it("collects the benefit names of the pull request's files from the code host", async () => {
    const names = await previewBenefitNames(env(), fetch);
    expect(requests).toEqual([
      "GET /repos/betagouv/simulateur/pulls/42/files application/vnd.github+json",
    ]);
    expect(names).toEqual([
      "aide-permis-cannes",
      "css_participation_forfaitaire",
      "paris_logement_familles",
      "paris_nouvelle_aide",
    ]);
    expect(previewResultsLink(names)).toBe(
      "/simulation/resultats?debug=aide-permis-cannes,css_participation_forfaitaire,paris_logement_familles,paris_nouvelle_aide",
    );
  });

  it("calls nothing outside the preview build context", async () => {
    for (const buildContext of ["production", "branch-deploy", undefined]) {
      expect(await previewBenefitNames({ ...env(), buildContext }, fetch)).toEqual([]);
    }
    expect(requests).toEqual([]);
  });

  it("calls nothing with a branch of fewer than 3 segments", async () => {
    for (const branch of ["main", "pull/42", "", undefined]) {
      expect(await previewBenefitNames({ ...env(), branch }, fetch)).toEqual([]);
    }
    expect(requests).toEqual([]);
    expect(pullRequestNumber("pull/42/head")).toBe("42");
    expect(pullRequestNumber("feature/x/y")).toBeUndefined();
  });

  it("only logs a failed lookup", async () => {
    status = 500;
    const logged: string[] = [];
    const names = await previewBenefitNames(env(), fetch, (message) => logged.push(message));
    expect(names).toEqual([]);
    expect(logged).toEqual([LOOKUP_FAILURE_MESSAGE]);
    expect(requests).toHaveLength(1);
  });

  it("only logs an unreachable code host", async () => {
    const logged: string[] = [];
    const unreachable = { ...env(), codeHostApiUrl: "http://127.0.0.1:1" };
    expect(await previewBenefitNames(unreachable, fetch, (m) => logged.push(m))).toEqual([]);
    expect(logged).toEqual([LOOKUP_FAILURE_MESSAGE]);
  });

  it("reads benefit ids from added and changed lines of a schema patch", () => {
    expect(benefitIdsOfPatch("@@ -1 +1 @@\n   - id: a\n     label: A\n+  - id: b\n")).toEqual([
      "b",
    ]);
    expect(benefitIdsOfPatch("@@ -1 +1 @@\n   - id: a\n-    label: A\n+    label: AA\n")).toEqual([
      "a",
    ]);
    // A removed benefit is not shown: it no longer exists in the preview.
    expect(benefitIdsOfPatch("@@ -1 +1 @@\n-  - id: gone\n-    label: A\n")).toEqual([]);
  });
});
