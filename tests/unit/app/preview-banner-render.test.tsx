// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreviewBanner } from "../../../src/app/preview/PreviewBanner";
import { render, settleUntil } from "./helpers/dom";

let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((_request, response) =>
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify([{ filename: "data/benefits/javascript/aide-permis.yml" }])),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("preview banner", () => {
  it("shows the demo notice and links the changed benefits' results in debug mode", async () => {
    const env = {
      buildContext: "deploy-preview",
      branch: "pull/7/head",
      codeHostApiUrl: apiUrl,
      repository: "betagouv/simulateur",
    };
    const { container, unmount } = await render(
      <MemoryRouter>
        <PreviewBanner env={env} fetch={fetch} />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain("Version de démonstration");
    await settleUntil(() => container.querySelector("a") !== null);
    expect(container.querySelector("a")?.getAttribute("href")).toBe(
      "/simulation/resultats?debug=aide-permis",
    );
    await unmount();
  });
});
