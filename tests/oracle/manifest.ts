/**
 * tests/oracle/cases.yaml: each official case re-expressed as questionnaire answers (the compact
 * form of tests/golden, see tests/golden/README.md), and the cases that cannot be, with the reason.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import type { Answer, SimulationInput } from "../../src/domain";
import { expandAnswers } from "../golden/golden";
import type { OfficialRef } from "./official";

export const MANIFEST = fileURLToPath(new URL("cases.yaml", import.meta.url));

export interface OracleCase {
  /** Benefit family it checks, for the report (`ppa`, `aide_logement`…). */
  benefit: string;
  ref: OfficialRef;
  /** Our benefit id, when it differs from the official variable. */
  droit?: string;
  /** Default: the first day of the official period's month (OpenFisca's ages count from it). */
  dateDeValeur?: string;
  answers: Answer[];
  ressourcesFiscales?: SimulationInput["ressourcesFiscales"];
  patrimoine?: SimulationInput["patrimoine"];
  /** Why our result differs from the official one today: the test fails when it stops differing. */
  knownFailure?: string;
}

export interface NotExpressible {
  benefit: string;
  ref: Pick<OfficialRef, "file" | "case"> & Partial<OfficialRef>;
  /** The question we do not ask, or the input the questionnaire cannot give. */
  reason: string;
}

interface RawCase extends Omit<OracleCase, "answers"> {
  answers: Record<string, unknown>;
}

export function loadManifest(): { cases: OracleCase[]; notExpressible: NotExpressible[] } {
  // `merge`: cases share their common answers through YAML merge keys (`<<: *base`).
  const raw = parse(readFileSync(MANIFEST, "utf8"), { merge: true, maxAliasCount: -1 }) as {
    cases: RawCase[];
    notExpressible: NotExpressible[];
  };
  return {
    cases: raw.cases.map((c) => ({
      ...c,
      ref: { ...c.ref, period: String(c.ref.period) },
      answers: expandAnswers(c.answers, `${c.ref.file} "${c.ref.case}"`),
    })),
    notExpressible: raw.notExpressible ?? [],
  };
}

/** A readable label for a case. */
export function caseLabel(c: {
  ref: Partial<OfficialRef> & { file: string; case: string };
}): string {
  const at = c.ref.index !== undefined ? ` [${c.ref.index}]` : "";
  const entity = c.ref.entity ? ` ${c.ref.entity}` : "";
  return `${c.ref.file} › ${c.ref.case}${at}${entity} › ${c.ref.variable ?? ""} ${c.ref.period ?? ""}`.trim();
}
