/**
 * The third parties of the fuzzed app, as real servers on loopback: an SMTP server and an SMS
 * provider (recaps), and a places directory answering one record.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface LoopbackServices {
  smtpUrl: string;
  smsUrl: string;
  lieuxUrl: string;
  close(): Promise<void>;
}

const PLACE = {
  id: "caf-lyon-1",
  nom: "Caisse d’allocations familiales du Rhône",
  adresse: JSON.stringify([
    { type_adresse: "Adresse", numero_voie: "67 bd Vivier Merle", code_postal: "69003" },
  ]),
};

function drain(request: IncomingMessage, then: () => void) {
  request.on("data", () => undefined);
  request.on("end", then);
}

function json(response: ServerResponse, body: unknown) {
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeHttp(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startLoopbackServices(): Promise<LoopbackServices> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const sms = createServer((request, response) => drain(request, () => json(response, {})));
  const directory = createServer((request, response) =>
    drain(request, () => {
      const where = new URL(request.url ?? "/", "http://localhost").searchParams.get("where");
      const results = where?.startsWith('id="') && !where.includes(PLACE.id) ? [] : [PLACE];
      json(response, { total_count: results.length, results });
    }),
  );
  const smsUrl = await listen(sms);
  const lieuxBase = await listen(directory);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    smsUrl: `${smsUrl}/sms`,
    lieuxUrl: `${lieuxBase}/api/explore/v2.1/catalog/datasets/annuaire`,
    async close() {
      await Promise.all([
        closeHttp(sms),
        closeHttp(directory),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
