/**
 * The benefits a pull request changes, for the banner of its preview deployment (docs/product.md §7).
 * Pure apart from the `fetch` it is given: the build's settings come in `env`.
 */

export const PREVIEW_BUILD_CONTEXT = "deploy-preview";
export const DEFAULT_CODE_HOST_API_URL = "https://api.github.com";
export const LOOKUP_FAILURE_MESSAGE = "Failed to find a benefit file name from this PR";

export interface PreviewEnv {
  /** `VITE_BUILD_CONTEXT`: the banner shows only in `deploy-preview`. */
  buildContext?: string | undefined;
  /** `VITE_BRANCH`, as the preview host names a pull request's branch: `pull/123/head`. */
  branch?: string | undefined;
  /** `VITE_CODE_HOST_API_URL`, `https://api.github.com` by default. */
  codeHostApiUrl?: string | undefined;
  /** `VITE_REPOSITORY`: `owner/repo`. */
  repository?: string | undefined;
}

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

interface PullRequestFile {
  filename?: unknown;
  patch?: unknown;
}

/** The reference layout: one benefit per file, named after it. */
const BENEFIT_FILE = /^data\/benefits\/(?:openfisca|javascript)\/([^/]+)\.ya?ml$/;
/** Our layout: a file lists many benefits; the ids come from the changed lines of its patch. */
const SCHEMA_BENEFITS_FILE = /^schema\/benefits\/.+\.ya?ml$/;
const BENEFIT_ID_LINE = /^[ +-]\s*-\s+id:\s*["']?([\w.-]+)["']?\s*$/;

/** The pull request number: the branch's second segment (`pull/{number}/head`). */
export function pullRequestNumber(branch: string | undefined): string | undefined {
  const segments = (branch ?? "").split("/");
  if (segments.length < 3) return undefined;
  const number = segments[1] ?? "";
  return /^\d+$/.test(number) ? number : undefined;
}

/** Ids of the benefits whose lines a schema file's patch adds or changes. */
export function benefitIdsOfPatch(patch: string): string[] {
  const ids: string[] = [];
  let current: string | undefined;
  for (const line of patch.split("\n")) {
    if (line.startsWith("@@")) {
      current = undefined;
      continue;
    }
    const id = BENEFIT_ID_LINE.exec(line)?.[1];
    if (id && !line.startsWith("-")) current = id;
    if ((line.startsWith("+") || line.startsWith("-")) && current && !ids.includes(current)) {
      ids.push(current);
    }
  }
  return ids;
}

export function benefitNamesOfFiles(files: readonly PullRequestFile[]): string[] {
  const names: string[] = [];
  for (const file of files) {
    if (typeof file.filename !== "string") continue;
    const name = BENEFIT_FILE.exec(file.filename)?.[1];
    if (name) names.push(name);
    if (SCHEMA_BENEFITS_FILE.test(file.filename) && typeof file.patch === "string") {
      names.push(...benefitIdsOfPatch(file.patch));
    }
  }
  return [...new Set(names)];
}

/**
 * The benefit names the preview's pull request changes; empty outside a preview, with a branch of
 * fewer than 3 segments (nothing is called then), or when the lookup fails (logged only).
 */
export async function previewBenefitNames(
  env: PreviewEnv,
  fetchFn: FetchFn,
  log: (message: string, error?: unknown) => void = (message, error) =>
    console.error(message, error),
): Promise<string[]> {
  if (env.buildContext !== PREVIEW_BUILD_CONTEXT) return [];
  const number = pullRequestNumber(env.branch);
  const repository = env.repository?.trim();
  if (!number || !repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return [];
  const api = (env.codeHostApiUrl?.trim() || DEFAULT_CODE_HOST_API_URL).replace(/\/+$/, "");
  try {
    const response = await fetchFn(`${api}/repos/${repository}/pulls/${number}/files`, {
      headers: { Accept: "application/vnd.github+json" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const files: unknown = await response.json();
    if (!Array.isArray(files)) throw new Error("not a list of files");
    return benefitNamesOfFiles(files as PullRequestFile[]);
  } catch (error) {
    log(LOOKUP_FAILURE_MESSAGE, error);
    return [];
  }
}

/** The link of the banner: the results page in debug mode for these benefits. */
export function previewResultsLink(names: readonly string[]): string {
  return `/simulation/resultats?debug=${names.join(",")}`;
}

/** The build's settings (Vite `import.meta.env`). */
export function previewEnvOf(env: Record<string, unknown>): PreviewEnv {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    buildContext: text(env.VITE_BUILD_CONTEXT),
    branch: text(env.VITE_BRANCH),
    codeHostApiUrl: text(env.VITE_CODE_HOST_API_URL),
    repository: text(env.VITE_REPOSITORY),
  };
}
