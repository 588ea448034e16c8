/**
 * Query parameters that carry a credential never reach the logs: their value becomes "[redacted]",
 * the rest of the URL is kept as it came (readable, same order, same encoding).
 */

export const REDACTED = "[redacted]";

/** Parameter names (lower case, brackets dropped) whose value is a secret, whatever the route. */
const SECRET_NAMES = new Set([
  "token",
  "auth",
  "authorization",
  "bearer",
  "jwt",
  "code",
  "state",
  "nonce",
  "otp",
  "password",
  "passwd",
  "pwd",
  "pass",
  "secret",
  "key",
  "apikey",
  "signature",
  "sig",
  "session",
  "sessionid",
  "sid",
  "credential",
  "credentials",
]);

/** …token, …_key / -key / .key, …secret, …password, …signature, …credential(s): any prefix, any case. */
const SECRET_SUFFIX = /(?:token|[_.-]key|secret|password|passwd|signature|credentials?)$/;

function decodeName(raw: string): string {
  let name = raw.replace(/\+/g, " ");
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: match the name as written.
  }
  // `token[]`, `auth[0]`: PHP-style arrays name the same parameter.
  return name
    .replace(/\[[^\]]*\]$/, "")
    .trim()
    .toLowerCase();
}

/** Whether a query parameter of that (raw, possibly percent-encoded) name holds a secret. */
export function isSecretParameter(rawName: string): boolean {
  const name = decodeName(rawName);
  return SECRET_NAMES.has(name) || SECRET_SUFFIX.test(name);
}

/** The URL with the value of every secret query parameter replaced by "[redacted]". */
export function withoutSecretParameters(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf("#", queryStart);
  const end = fragmentStart < 0 ? url.length : fragmentStart;
  const query = url
    .slice(queryStart + 1, end)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      return isSecretParameter(pair.slice(0, equals))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(end)}`;
}
