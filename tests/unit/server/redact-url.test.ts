/**
 * Credentials in a query string never reach the logs (issue 15, finding 10): the access-log
 * serializer (`withoutTokens`) replaces the value of every token-like parameter and keeps the rest
 * of the URL readable.
 */
import { describe, expect, it } from "vitest";
import { withoutTokens } from "../../../src/server/app";
import { isSecretParameter } from "../../../src/server/redact-url";

const SECRET = "s3cr3t-VALUE";

describe("withoutTokens: every kind of credential parameter", () => {
  it.each([
    // The survey links' own token.
    "token",
    // OAuth 2 / OpenID Connect.
    "access_token",
    "id_token",
    "refresh_token",
    "code",
    "state",
    // HTTP authentication carried in a query string.
    "authorization",
    "auth",
    "bearer",
    "jwt",
    // Passwords and shared secrets.
    "password",
    "passwd",
    "secret",
    "client_secret",
    // API keys.
    "key",
    "api_key",
    "apikey",
    "api-key",
    "private_key",
    // Signed URLs.
    "signature",
    "sig",
    "X-Amz-Signature",
    "X-Amz-Security-Token",
    "X-Amz-Credential",
    // Sessions.
    "session",
    "sessionid",
    // Any case, any prefix ending in token/secret/_key.
    "ACCESS_TOKEN",
    "Authorization",
    "csrfToken",
    "webhook_secret",
    "stripe_key",
  ])("redacts %s", (name) => {
    const logged = withoutTokens(`/api/x?a=1&${name}=${SECRET}&b=2`);
    expect(logged).toBe(`/api/x?a=1&${name}=[redacted]&b=2`);
    expect(logged).not.toContain(SECRET);
  });

  it("redacts the first, the last and a repeated parameter, and stops at a fragment", () => {
    expect(withoutTokens(`/p?token=${SECRET}`)).toBe("/p?token=[redacted]");
    expect(withoutTokens(`/p?x=1&access_token=${SECRET}`)).toBe("/p?x=1&access_token=[redacted]");
    expect(withoutTokens(`/p?key=${SECRET}&key=${SECRET}`)).toBe(
      "/p?key=[redacted]&key=[redacted]",
    );
    expect(withoutTokens(`/p?auth=${SECRET}#part`)).toBe("/p?auth=[redacted]#part");
  });

  it("redacts names written percent-encoded or as PHP arrays", () => {
    expect(withoutTokens(`/p?access%5Ftoken=${SECRET}`)).toBe("/p?access%5Ftoken=[redacted]");
    expect(withoutTokens(`/p?token%5B%5D=${SECRET}`)).toBe("/p?token%5B%5D=[redacted]");
    expect(withoutTokens(`/p?token[]=${SECRET}`)).toBe("/p?token[]=[redacted]");
    expect(withoutTokens(`/p?%E0=1&token=${SECRET}`)).toBe("/p?%E0=1&token=[redacted]");
  });

  it("keeps every other parameter, the path and the encoding as they came", () => {
    const url = "/api/outils/lieux?depcom=75056&types=cij%2Cmission_locale&days=30&monkey=1";
    expect(withoutTokens(url)).toBe(url);
    expect(withoutTokens("/api/stats?days=30&keyboard=fr&codePostal=75001")).toBe(
      "/api/stats?days=30&keyboard=fr&codePostal=75001",
    );
    expect(withoutTokens("/suivi?flag&token")).toBe("/suivi?flag&token");
    expect(withoutTokens("/no/query")).toBe("/no/query");
  });

  it("still redacts contact details written in a URL", () => {
    expect(withoutTokens("/p?to=jeanne@example.org&token=x")).toBe(
      "/p?to=[redacted]&token=[redacted]",
    );
  });
});

describe("isSecretParameter", () => {
  it("does not take ordinary names for secrets", () => {
    for (const name of ["days", "depcom", "types", "monkey", "keyboard", "codePostal", "q", "id"]) {
      expect(isSecretParameter(name), name).toBe(false);
    }
  });
});
