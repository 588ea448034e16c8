import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Bundle, SimulationInput } from "../../../src/domain";
import { buildApp, type AppDeps, type SimulationInputParser } from "../../../src/server/app";
import type { DatabaseHandle } from "../../../src/server/storage";
import { openTestDatabase } from "./database";

/**
 * A small stand-in for the schema-driven parser: enough to exercise the API contract (the real
 * one, built from the bundle, is tested with the domain).
 */
const answerSchema = z.strictObject({
  entityName: z.enum(["individu", "famille", "menage", "parents", "enfants"]),
  id: z.string().min(1),
  fieldName: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
  path: z.string().optional(),
});

const inputSchema = z.strictObject({
  answers: z.strictObject({ all: z.array(answerSchema), current: z.array(answerSchema) }),
  dateDeValeur: z.iso.date(),
  version: z.string().optional(),
  abtesting: z.record(z.string(), z.unknown()).optional(),
  modifiedFrom: z.string().optional(),
  finishedAt: z.iso.datetime().optional(),
});

export const testParser: SimulationInputParser = (body) => {
  const parsed = inputSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      path: issue.path
        .map((key, index) =>
          typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
        )
        .join(""),
      message: issue.message,
    })),
  };
};

export const testBundle: Bundle = {
  version: "test-bundle-1",
  chapters: [],
  enumerations: {},
  blocks: {},
  journey: [],
  incomeCategories: [],
  incomeTypes: [],
  parameters: [],
  institutions: [],
  benefits: [],
  profiles: [],
  publicBenefitCount: 0,
  derived: [],
};

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  dir: string;
  close(): Promise<void>;
}

/** The real app over a fresh, migrated database (SQLite, or PostgreSQL: see `openTestDatabase`). */
export async function startTestApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), "simulateur-api-"));
  const database = await openTestDatabase("api");
  const app = buildApp({
    db: database.db,
    bundle: testBundle,
    parseSimulationInput: testParser,
    computeResults: async () => ({ droitsEligibles: [], droitsInjectes: [] }),
    engineStatus: () => "ready",
    logger: false,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    dir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function sampleInput(): SimulationInput {
  return {
    answers: {
      all: [
        {
          entityName: "individu",
          id: "demandeur",
          fieldName: "date_naissance",
          value: "2005-03-14",
        },
        { entityName: "individu", id: "demandeur", fieldName: "activite", value: "etudiant" },
        { entityName: "menage", id: "menage", fieldName: "_logementType", value: "locataire" },
      ],
      current: [
        {
          entityName: "individu",
          id: "demandeur",
          fieldName: "date_naissance",
          value: "2005-03-14",
        },
      ],
    },
    dateDeValeur: "2026-01-15",
    abtesting: { aides_bafa: "aides_bafa_fusionnees_conserve_position" },
  };
}
