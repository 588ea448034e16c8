/**
 * Checks the official links of the catalogue (engine benefits, aids, bike aids): HEAD first, GET
 * when HEAD is refused (405, 501), fails or answers an error (some sites answer HEAD badly), with
 * bounded concurrency and a timeout per request. Each URL is checked once, however many aids
 * share it. Needs network access: run by a scheduler (`npm run check:links`), never by the tests.
 */
import type { Benefit, BenefitLinks, Institution } from "../../src/domain/bundle";

export const LINK_KEYS = [
  "information",
  "form",
  "teleservice",
  "instructions",
  "teleservicePrefill",
] as const;

/** One link of one benefit or aid. */
export interface LinkRef {
  url: string;
  /** The benefit or aid id. */
  owner: string;
  key: (typeof LINK_KEYS)[number];
  institution: string;
}

export interface LinkResult {
  url: string;
  ok: boolean;
  /** The last HTTP status, when there was an answer. */
  status?: number;
  /** The method that gave the verdict. */
  method: "HEAD" | "GET";
  /** Why it failed without an HTTP answer (timeout, DNS…). */
  error?: string;
}

export interface CheckOptions {
  /** At most this many requests at once (default 8). */
  concurrency?: number;
  /** Per request, in milliseconds (default 15 000). */
  timeoutMs?: number;
}

/** Whatever carries links: engine benefits, aids, bike aids. */
type WithLinks = Pick<Benefit, "id" | "institution"> & { links: BenefitLinks };

export function collectLinks(items: readonly WithLinks[]): LinkRef[] {
  return items.flatMap((item) =>
    LINK_KEYS.flatMap((key) => {
      const url = item.links[key];
      return url === undefined ? [] : [{ url, owner: item.id, key, institution: item.institution }];
    }),
  );
}

const HEADERS = { "user-agent": "simulateur-aides-jeunes link check", accept: "*/*" };

async function request(
  url: string,
  method: "HEAD" | "GET",
  timeoutMs: number,
): Promise<LinkResult> {
  try {
    const response = await fetch(url, {
      method,
      headers: HEADERS,
      redirect: "follow",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Only the status matters: let the body go without reading it.
    await response.body?.cancel().catch(() => undefined);
    return { url, ok: response.ok, status: response.status, method };
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
    return { url, ok: false, method, error: reason };
  }
}

/** HEAD, then GET unless HEAD succeeded. */
export async function checkUrl(url: string, timeoutMs: number): Promise<LinkResult> {
  const head = await request(url, "HEAD", timeoutMs);
  if (head.ok) return head;
  return request(url, "GET", timeoutMs);
}

/** Checks each distinct URL once, `concurrency` at a time; results in the order of first use. */
export async function checkLinks(
  links: readonly LinkRef[],
  options: CheckOptions = {},
): Promise<Map<string, LinkResult>> {
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const urls = [...new Set(links.map((link) => link.url))];
  const results = new Map<string, LinkResult>();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      results.set(url, await checkUrl(url, timeoutMs));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return new Map(urls.map((url) => [url, results.get(url)!]));
}

/** The broken links grouped by institution (label order), then a summary line. */
export function renderReport(
  links: readonly LinkRef[],
  results: ReadonlyMap<string, LinkResult>,
  institutions: readonly Pick<Institution, "id" | "label">[],
): string {
  const labels = new Map(institutions.map((institution) => [institution.id, institution.label]));
  const broken = links.filter((link) => results.get(link.url)?.ok === false);
  const byInstitution = new Map<string, LinkRef[]>();
  for (const link of broken) {
    byInstitution.set(link.institution, [...(byInstitution.get(link.institution) ?? []), link]);
  }
  const lines: string[] = [];
  const groups = [...byInstitution].sort(([a], [b]) =>
    (labels.get(a) ?? a).localeCompare(labels.get(b) ?? b, "fr"),
  );
  for (const [institution, refs] of groups) {
    lines.push(`${labels.get(institution) ?? institution} (${institution})`);
    for (const ref of refs) {
      const result = results.get(ref.url)!;
      const why = result.status !== undefined ? `HTTP ${result.status}` : result.error;
      lines.push(`  ${ref.owner} ${ref.key}: ${ref.url} → ${why} (${result.method})`);
    }
  }
  const distinctBroken = new Set(broken.map((link) => link.url)).size;
  lines.push(
    `${results.size} distinct links checked (${links.length} uses): ${distinctBroken} broken, in ${byInstitution.size} institution(s)`,
  );
  return lines.join("\n");
}
