import { describe, expect, it } from "vitest";
import type { Droit } from "../../../src/domain";
import { withoutTokens } from "../../../src/server/app";
import {
  createHttpSmsSender,
  createRateLimiter,
  normalizeFrenchMobile,
  recapEmail,
  recapSms,
} from "../../../src/server/recap";

describe("normalizeFrenchMobile", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["07.12.34.56.78", "+33712345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["0033712345678", "+33712345678"],
    ["0692 12 34 56", "+262692123456"],
    ["0639 12 34 56", "+262639123456"],
    ["+262 692 12 34 56", "+262692123456"],
    ["+508 55 12 34", "+508551234"],
    ["0690 12 34 56", "+590690123456"],
    ["+594 694 12 34 56", "+594694123456"],
    ["0696 12 34 56", "+596696123456"],
  ])("accepts %s as %s", (input, expected) => {
    expect(normalizeFrenchMobile(input)).toBe(expected);
  });

  it.each([
    "01 23 45 67 89",
    "+33 1 23 45 67 89",
    "+44 7700 900123",
    "0612",
    "06123456789",
    "abc",
    "",
  ])("refuses %s", (input) => {
    expect(normalizeFrenchMobile(input)).toBeUndefined();
  });
});

describe("createRateLimiter", () => {
  it("allows the limit within the window, then says how long to wait", () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect(limiter.take("a")).toEqual({ ok: true });
    time = 10_000;
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterS: 50 });
    // Other keys have their own budget.
    expect(limiter.take("b")).toEqual({ ok: true });
    // The first hit leaves the window: one more is allowed.
    time = 60_001;
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterS: 10 });
  });

  it("remembers at most maxKeys addresses, and keeps limiting an address still active", () => {
    let time = 0;
    const limiter = createRateLimiter({
      limit: 2,
      windowMs: 60_000,
      now: () => time,
      maxKeys: 100,
    });
    limiter.take("flooder");
    limiter.take("flooder");
    for (let i = 0; i < 10_000; i++) {
      time = i;
      limiter.take(`198.51.100.${i}`);
      // The flooder keeps trying, so it stays among the recently seen.
      if (i % 50 === 0) expect(limiter.take("flooder").ok).toBe(false);
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
  });
});

const droits: Droit[] = [
  {
    id: "aide_logement",
    label: "Aide <logement>",
    description: "",
    institution: "caf",
    montant: 210.5,
    unit: "€",
    periodicity: "mensuelle",
    links: {},
  },
];

describe("recap messages", () => {
  it("writes the e-mail with its subject, both parts and the links", () => {
    const message = recapEmail({
      simulationId: "abc",
      droits,
      resultsUrl: "https://aides.example.org/simulation/redirect?to=/resultats",
      surveyUrl: "https://aides.example.org/suivi?token=t",
    });
    expect(message.subject).toBe("Vos résultats de simulation abc");
    expect(message.text).toContain("- Aide <logement>\u00a0: 210,50\u00a0€ / mois");
    expect(message.text).toContain("https://aides.example.org/suivi?token=t");
    expect(message.html).toContain("<li>Aide &lt;logement&gt;\u00a0: 210,50\u00a0€ / mois</li>");
    expect(message.html).toContain(
      'href="https://aides.example.org/simulation/redirect?to=/resultats"',
    );
  });

  it("says so when an aid is possible only (it depends on an input we guessed)", () => {
    const possible: Droit = {
      ...droits[0]!,
      id: "caf_calvados_bafd",
      label: "Aide au BAFD",
      montant: 200,
      periodicity: "ponctuelle",
      status: {
        kind: "possible",
        label: "Possible, selon votre quotient familial CAF",
        reason: "…",
        conditions: [],
        links: [],
      },
    };
    const message = recapEmail({
      simulationId: "abc",
      droits: [possible],
      resultsUrl: "https://x.org/r",
    });
    expect(message.text).toMatch(
      /- Aide au BAFD\u00a0: 200\u00a0€.* \(possible, selon votre quotient familial CAF\)/,
    );
  });

  it("says what an amount of the first months becomes", () => {
    const prime: Droit = {
      ...droits[0]!,
      id: "ppa",
      label: "Prime d’activité",
      montant: 581.63,
      settled: { montant: 314.54, after: "une fois vos autres aides de la Caf versées" },
    };
    const message = recapEmail({
      simulationId: "abc",
      droits: [prime],
      resultsUrl: "https://x.org/r",
    });
    expect(message.text).toContain(
      "- Prime d’activité\u00a0: 581,63\u00a0€ / mois. Ensuite, environ 315\u00a0€\u00a0par mois une fois vos autres aides de la Caf versées.",
    );
  });

  it("writes a short SMS with the link", () => {
    expect(recapSms({ simulationId: "abc", droits, resultsUrl: "https://x.org/r" })).toBe(
      "Simulateur d’aides\u00a0: 1 aide trouvée. Vos résultats\u00a0: https://x.org/r",
    );
  });
});

describe("SMS provider", () => {
  it("posts { to, text } with basic auth and fails on an error status", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let status = 200;
    const sender = createHttpSmsSender({
      url: "https://sms.example.org/send",
      user: "u",
      password: "p",
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response("{}", { status });
      }) as typeof fetch,
    });
    await sender.send("+33612345678", "Bonjour");
    expect(calls[0]!.url).toBe("https://sms.example.org/send");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      to: "+33612345678",
      text: "Bonjour",
    });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe("Basic dTpw");
    status = 500;
    await expect(sender.send("+33612345678", "Bonjour")).rejects.toThrow("500");
  });
});

describe("withoutTokens", () => {
  it("hides survey tokens from logged URLs", () => {
    expect(withoutTokens("/suivi?token=secret&x=1")).toBe("/suivi?token=[redacted]&x=1");
  });
});
