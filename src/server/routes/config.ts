import type { FastifyInstance } from "fastify";

/** What the browser needs to know of the server's configuration. */
export interface PublicConfig {
  /** The contact address shown to visitors (`CONTACT_EMAIL`), or null when none is set. */
  contactEmail: string | null;
}

export function registerConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get("/api/config", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return config;
  });
}
