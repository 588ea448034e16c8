/**
 * Requests for the fuzz: plain data (printable when a property fails) with placeholders that the
 * runner fills from what the app answered before: `{id}` and `{token}` of a stored simulation,
 * `{ftoken}` of a follow-up, `{benefit}` of one of its benefits.
 */
import fc from "fast-check";
import {
  AB_TESTS,
  answerBounds,
  answerRules,
  monthId,
  type Answer,
  type Bundle,
} from "../../../src/domain";
import { employee, lyon, montpellier, student, VALUE_DATE } from "../../fixtures/situations";

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as is; objects are sent as JSON. */
  payload?: string | object | undefined;
  /** Which stored simulation or follow-up fills the placeholders. */
  pick: number;
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\uFFFF",
  "\uD800",
  "\u202Eevil",
  "😀👨‍👩‍👧",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "%",
  "%E0%A4%A",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "a".repeat(5_000),
  "9".repeat(400),
  "enfant_0",
  "enfant_999",
  "demandeur",
  "famille",
];

/** Percent-encodes the UTF-8 bytes (lone surrogates included, which encodeURIComponent refuses). */
const encode = (text: string) =>
  [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

export const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, -0, 0, 0.5, 1e308, -1e308, 2 ** 53 + 2, 5e-324, -1_000_000_001),
);

/** Numbers at the edges of what an amount may be (issue 15): over the bound, negative, huge. */
const extremeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, -1, -0.01, 10_000_000, 10_000_000.01, 1e21, 2 ** 53 + 2),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, -Number.MAX_VALUE),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
);

/** Strings a careless client sends for a number. */
const numberLikeString = fc.constantFrom("NaN", "Infinity", "-Infinity", "1e309", "1e308", "-1");

/** Periods at the edges of the calendar, and of the window around the value date (2023-01 to 2025-10). */
const extremePeriod = fc.constantFrom(
  "0000",
  "1000",
  "9999",
  "0000-01",
  "1000-01",
  "9999-12",
  "2022",
  "2022-12",
  "2023",
  "2023-01",
  "2025",
  "2025-10",
  "2025-11",
  "2026",
  "00000-01",
  "2025-1",
);

/** Longer period maps than any journey asks (the quadratic request building of issue 15). */
const longPeriodMap = fc
  .tuple(fc.integer({ min: 39, max: 3_000 }), fc.oneof(fc.constant(1500), extremeNumber))
  .map(([count, amount]) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [monthId(VALUE_DATE, -i), amount] as const),
    ),
  );

/** Every period of the accepted window, at its largest amount: the largest valid map. */
const fullWindowMap = fc.constantFrom(0, 1500, 10_000_000).map((amount) => {
  const { periods } = answerBounds(VALUE_DATE);
  const map: Record<string, number> = {};
  for (let month = periods.firstMonth; month <= periods.lastMonth;) {
    map[month] = amount;
    month = monthId(`${month}-01`, 1);
  }
  for (let year = Number(periods.firstYear); year <= Number(periods.lastYear); year++) {
    map[String(year)] = amount;
  }
  return map;
});

/** Birth dates and other dates at the edges: far future, before 1900, the value date itself. */
const extremeDate = fc.constantFrom(
  "9999-12-31",
  "0001-01-01",
  "1000-01-01",
  "1899-12-31",
  "1900-01-01",
  VALUE_DATE,
  "2025-10-16",
  "2099-12-31",
);

/** `abtesting` records: as the app sends them, unknown tests and variants, contact details, large. */
const abTesting: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(
    Object.fromEntries(
      Object.entries(AB_TESTS).map(([name, variants]) => [name, { index: 1, value: variants[0] }]),
    ),
  ),
  fc.constantFrom(...Object.keys(AB_TESTS)).chain((name) =>
    fc.record({
      [name]: fc.oneof(
        fc.constantFrom(...AB_TESTS[name]!),
        fc.record({
          value: fc.constantFrom(...AB_TESTS[name]!),
          index: fc.integer({ min: -1, max: 4 }),
        }),
        fc.constantFrom("jeanne.martin@example.fr", "06 12 34 56 78", "autre"),
        anyJsonLeaf(),
      ),
    }),
  ),
  fc.dictionary(
    fc.oneof(fc.constantFrom("aides_bafa", "email", "telephone"), fc.string()),
    fc.string(),
    {
      maxKeys: 4,
    },
  ),
  fc
    .integer({ min: 3, max: 5_000 })
    .map((count) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`t${i}`, "x".repeat(50)])),
    ),
);

function anyJsonLeaf(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant({}));
}

/** Any JSON value, nested a little. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: weirdString },
  { weight: 2, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);

/** Valid-looking values: strings, numbers, dates, booleans and the fixtures' communes. */
const plausibleValue = fc.oneof(
  anyJson,
  fc.constantFrom(lyon, montpellier, { ...lyon, code_insee: "99999" }, { ...lyon, nom: 1 }),
  fc
    .date({ min: new Date("1800-01-01"), max: new Date("2200-12-31"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
);

type Rules = ReturnType<typeof answerRules>;
type Rule = NonNullable<ReturnType<Rules["get"]>> extends Map<string, infer R> ? R : never;

/** A value of the field's kind, valid or close to it, to get past the parser to the engine. */
function valueFor(rule: Rule): fc.Arbitrary<unknown> {
  const options = [...(rule.options ?? [])];
  const number = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.integer({ min: rule.min ?? -1_000_000, max: rule.max ?? 1_000_000 }),
    },
    {
      weight: 4,
      arbitrary: fc.double({ min: rule.min ?? -1e9, max: rule.max ?? 1e9, noNaN: true }),
    },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1e12) },
    { weight: 2, arbitrary: extremeNumber },
    { weight: 1, arbitrary: numberLikeString },
  );
  const period = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }))
      .map(([year, month]) => `${year}-${String(month).padStart(2, "0")}`),
    // The window around the fixtures' value date, where most valid periods are.
    fc.integer({ min: -36, max: 2 }).map((offset) => monthId(VALUE_DATE, offset)),
    fc.constantFrom("2024", "2025", "2025-09", "2025-10", "0000", "9999-12"),
    extremePeriod,
  );
  switch (rule.kind) {
    case "date":
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
            .map((date) => date.toISOString().slice(0, 10)),
        },
        { weight: 1, arbitrary: extremeDate },
      );
    case "boolean":
      return fc.boolean();
    case "choice":
      return options.length ? fc.constantFrom(...options) : fc.string();
    case "multi_choice":
      return options.length ? fc.subarray(options) : fc.constant([]);
    case "number":
    case "money":
      return number;
    case "monthly_amounts":
      return fc.oneof(
        { weight: 6, arbitrary: fc.dictionary(period, number, { maxKeys: 14 }) },
        { weight: 1, arbitrary: fullWindowMap },
        { weight: 1, arbitrary: longPeriodMap },
      );
    case "commune":
      return fc.oneof(
        fc.constantFrom(lyon, montpellier),
        fc.record({
          code_insee: fc.oneof(fc.constantFrom("75056", "2A004", "97411", "00000"), weirdString),
          code_postal: fc.oneof(fc.constantFrom("75001", "20000"), weirdString),
          nom: weirdString,
          departement: fc.oneof(fc.constantFrom("75", "2A", "974"), weirdString),
          region: fc.oneof(fc.constantFrom("11", "94", "04"), weirdString),
          epci: weirdString,
        }),
      );
    default:
      return weirdString;
  }
}

const ENTITY_IDS: Record<string, readonly string[]> = {
  individu: ["demandeur", "conjoint", "enfant_0", "enfant_1", "enfant_42"],
  famille: ["famille"],
  menage: ["menage"],
  parents: ["parents"],
};

/** An answer to a field the schema knows, with a value of its kind (valid or nearly). */
function knownAnswer(rules: Rules): fc.Arbitrary<Answer> {
  const choices = [...rules].flatMap(([entityName, fields]) =>
    [...fields].map(([fieldName, rule]) => ({ entityName, fieldName, rule })),
  );
  return fc.constantFrom(...choices).chain(
    ({ entityName, fieldName, rule }) =>
      fc.record({
        entityName: fc.constant(entityName),
        id: fc.constantFrom(...(ENTITY_IDS[entityName] ?? [entityName])),
        fieldName: fc.constant(fieldName),
        value: fc.oneof(
          { weight: 5, arbitrary: valueFor(rule) },
          { weight: 1, arbitrary: plausibleValue },
        ),
      }) as fc.Arbitrary<Answer>,
  );
}

const childrenAnswer = fc
  .array(fc.oneof(fc.constantFrom("enfant_0", "enfant_1", "enfant_99"), weirdString), {
    maxLength: 4,
  })
  .map((value) => ({ entityName: "enfants", id: "enfants", fieldName: "enfants", value }));

type Json = Record<string, unknown>;
type Mutation =
  | { kind: "setValue"; list: "all" | "current"; index: number; value: unknown }
  | { kind: "setKey"; index: number; key: string; value: unknown }
  | { kind: "deleteKey"; index: number; key: string }
  | { kind: "addAnswer"; answer: unknown }
  | { kind: "removeAnswer"; index: number }
  | { kind: "duplicate"; index: number }
  | { kind: "setRoot"; key: string; value: unknown }
  | { kind: "deleteRoot"; key: string }
  | { kind: "setAnswers"; value: unknown };

const ANSWER_KEYS = ["entityName", "id", "fieldName", "value", "path"] as const;
const ROOT_KEYS = [
  "answers",
  "dateDeValeur",
  "version",
  "abtesting",
  "modifiedFrom",
  "finishedAt",
  "ressourcesFiscales",
  "patrimoine",
] as const;

function mutations(rules: Rules): fc.Arbitrary<Mutation> {
  const index = fc.nat({ max: 60 });
  const key = fc.oneof(fc.constantFrom(...ANSWER_KEYS), weirdString);
  const rootValue = fc.oneof(
    anyJson,
    plausibleValue,
    // Stored in text columns: PostgreSQL refuses NUL.
    fc.constantFrom("a\u0000b", "\u0000", "\u001b[31m"),
    // Value dates the server accepts (VALUE_DATES), to reach the engine with other years.
    fc
      .date({ min: new Date("2025-06-01"), max: new Date("2099-12-31"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    fc.dictionary(
      fc.oneof(fc.constantFrom("demandeur", "conjoint", "enfant_0", "livret_a"), weirdString),
      fc.oneof(
        weirdNumber,
        fc.dictionary(
          fc.constantFrom("salaire_imposable", "frais_reels", "chomage_imposable", "x"),
          weirdNumber,
        ),
      ),
      { maxKeys: 3 },
    ),
  );
  return fc.oneof(
    fc.record({
      kind: fc.constant("setValue" as const),
      list: fc.constantFrom("all" as const, "current" as const),
      index,
      value: plausibleValue,
    }),
    fc.record({ kind: fc.constant("setKey" as const), index, key, value: plausibleValue }),
    fc.record({
      kind: fc.constant("deleteKey" as const),
      index,
      key: fc.constantFrom(...ANSWER_KEYS),
    }),
    fc.record({
      kind: fc.constant("addAnswer" as const),
      answer: fc.oneof(
        { weight: 6, arbitrary: knownAnswer(rules) },
        { weight: 1, arbitrary: childrenAnswer },
        { weight: 1, arbitrary: anyJson },
      ),
    }),
    fc.record({ kind: fc.constant("removeAnswer" as const), index }),
    fc.record({ kind: fc.constant("duplicate" as const), index }),
    fc.record({
      kind: fc.constant("setRoot" as const),
      key: fc.oneof(fc.constantFrom(...ROOT_KEYS), weirdString),
      value: rootValue,
    }),
    fc.record({ kind: fc.constant("deleteRoot" as const), key: fc.constantFrom(...ROOT_KEYS) }),
    fc.record({
      kind: fc.constant("setRoot" as const),
      key: fc.constant("abtesting"),
      value: abTesting,
    }),
    fc.record({ kind: fc.constant("setAnswers" as const), value: anyJson }),
  );
}

function applyMutation(body: Json, mutation: Mutation): void {
  const answers = body.answers as { all?: unknown; current?: unknown } | undefined;
  const all = Array.isArray(answers?.all) ? (answers.all as unknown[]) : undefined;
  const at = <T>(list: T[] | undefined, index: number) =>
    list && list.length > 0 ? index % list.length : undefined;
  switch (mutation.kind) {
    case "setValue": {
      const list = answers?.[mutation.list];
      const i = Array.isArray(list) ? at(list, mutation.index) : undefined;
      const answer = i === undefined ? undefined : (list as unknown[])[i];
      if (answer && typeof answer === "object") (answer as Json).value = mutation.value;
      return;
    }
    case "setKey":
    case "deleteKey": {
      const i = at(all, mutation.index);
      const answer = i === undefined ? undefined : all![i];
      if (!answer || typeof answer !== "object") return;
      if (mutation.kind === "setKey") (answer as Json)[mutation.key] = mutation.value;
      else delete (answer as Json)[mutation.key];
      return;
    }
    case "addAnswer":
      all?.push(mutation.answer);
      return;
    case "removeAnswer": {
      const i = at(all, mutation.index);
      if (i !== undefined) all!.splice(i, 1);
      return;
    }
    case "duplicate": {
      const i = at(all, mutation.index);
      if (i !== undefined) all!.push(structuredClone(all![i]));
      return;
    }
    case "setRoot":
      body[mutation.key] = mutation.value;
      return;
    case "deleteRoot":
      delete body[mutation.key];
      return;
    case "setAnswers":
      body.answers = mutation.value;
      return;
  }
}

/** A fixture simulation with a few mutations: many stay valid, many are near misses. */
export function nearValidSimulation(bundle: Bundle, maxMutations = 4): fc.Arbitrary<Json> {
  const rules = answerRules(bundle);
  return fc
    .record({
      base: fc.constantFrom(student, employee),
      mutations: fc.array(mutations(rules), { minLength: 0, maxLength: maxMutations }),
    })
    .map(({ base, mutations: list }) => {
      const answers = structuredClone(base);
      const body: Json = {
        answers: { all: answers, current: structuredClone(answers) },
        dateDeValeur: VALUE_DATE,
      };
      for (const mutation of list) applyMutation(body, mutation);
      return body;
    });
}

/** Bodies of every sort: JSON of any shape, broken JSON, huge or deeply nested documents. */
export const garbageBody: fc.Arbitrary<string | object | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "{",
      "[",
      '{"a":',
      "null",
      '"x"',
      "0",
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
      `{"answers":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`,
      JSON.stringify({ x: "a".repeat(1_100_000) }),
      // Valid, except for a nesting deeper than any stack: stored as is, or refused?
      `{"answers":{"all":[],"current":[]},"dateDeValeur":"2025-10-15","abtesting":{"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`,
      "\uFEFF{}",
    ),
  },
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "application/xml",
  "application/merge-patch+json",
  "",
  "*/*",
  "application/json\u0000",
];

/** Headers around a request: the stored token, someone else's, garbage or none. */
export const authorization: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("Bearer {token}") },
  { weight: 1, arbitrary: fc.constant("bearer   {token}  ") },
  { weight: 1, arbitrary: fc.constant("Basic {token}") },
  { weight: 1, arbitrary: fc.constant("{token}") },
  { weight: 1, arbitrary: fc.constant("Bearer {token}x") },
  { weight: 1, arbitrary: fc.constant("Bearer {ftoken}") },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant("Bearer") },
  { weight: 1, arbitrary: weirdString.map((s) => `Bearer ${s}`) },
  { weight: 1, arbitrary: fc.constant(`Bearer ${"A".repeat(43)}`) },
);

function headersWith(
  auth: string | undefined,
  contentType: string | undefined,
  extra: [string, string][],
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of extra) headers[name] = value;
  if (auth !== undefined) headers.authorization = auth;
  if (contentType !== undefined) headers["content-type"] = contentType;
  return headers;
}

const extraHeaders = fc.array(
  fc.tuple(
    fc.constantFrom(
      "accept",
      "cookie",
      "x-forwarded-for",
      "accept-encoding",
      "origin",
      "content-encoding",
      "x-http-method-override",
      "if-none-match",
      "range",
    ),
    fc.oneof(
      fc.constantFrom("text/html", "*/*", "gzip", "token={token}", "1.2.3.4, ::1", "bytes=0-1"),
      fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
    ),
  ),
  { maxLength: 2 },
);

const segment = fc.oneof(
  { weight: 3, arbitrary: weirdString.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom("{id}", "%", "..", ".", "%2e%2e", "a/b", "%2F") },
);

const idSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constant("{id}") },
  { weight: 1, arbitrary: fc.constant("{id}x") },
  { weight: 1, arbitrary: fc.constant("AAAAAAAAAAAAAAAAAAAAAA") },
  { weight: 2, arbitrary: segment },
);

const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constant("?token={token}") },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("depcom", "types", "days", "token", "__proto__", "a[b]"),
            weirdString,
          ),
          fc.oneof(
            fc.constantFrom(
              "75056",
              "2A004",
              "caf,mairie",
              "caf",
              "",
              "30",
              "-1",
              "1e3",
              "{token}",
            ),
            weirdString,
          ),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`),
  },
);

/** The routes that never reach the engine, with inputs of every sort. */
export function fastRequests(bundle: Bundle): fc.Arbitrary<FuzzRequest> {
  const pick = fc.nat();
  const simulationBody = fc.oneof(
    { weight: 3, arbitrary: nearValidSimulation(bundle) },
    { weight: 1, arbitrary: garbageBody },
  );
  const write = (
    method: "POST" | "PUT",
    url: fc.Arbitrary<string>,
    body: fc.Arbitrary<string | object | undefined>,
  ) =>
    fc.record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(method) }, fc.constantFrom(...METHODS)),
      url,
      headers: fc
        .tuple(
          authorization,
          fc.oneof(
            { weight: 6, arbitrary: fc.constant("application/json") },
            fc.constantFrom(...CONTENT_TYPES),
          ),
          extraHeaders,
        )
        .map(([auth, type, extra]) => headersWith(auth, type, extra)),
      payload: body,
      pick,
    });
  const post = (url: fc.Arbitrary<string>, body: fc.Arbitrary<string | object | undefined>) =>
    write("POST", url, body);
  const get = (url: fc.Arbitrary<string>) =>
    fc.record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant("GET") }, fc.constantFrom(...METHODS)),
      url,
      headers: fc
        .tuple(authorization, extraHeaders)
        .map(([auth, extra]) => headersWith(auth, undefined, extra)),
      payload: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, garbageBody),
      pick,
    });
  const url = (...parts: fc.Arbitrary<string>[]) =>
    fc.tuple(...parts, query).map((values) => values.join(""));
  const c = fc.constant;
  return fc.oneof(
    { weight: 30, arbitrary: post(url(c("/api/simulation")), simulationBody) },
    // A later save over a stored simulation (docs/architecture.md "Compute ahead").
    { weight: 15, arbitrary: write("PUT", url(c("/api/simulation/"), idSegment), simulationBody) },
    { weight: 10, arbitrary: get(url(c("/api/simulation/"), idSegment)) },
    {
      weight: 3,
      arbitrary: get(
        url(
          c("/api/simulation/"),
          idSegment,
          c("/"),
          // The engine routes (results, representations) have their own, smaller share.
          fc.oneof(fc.constantFrom("followup", "eligibility", "unknown"), segment),
        ),
      ),
    },
    {
      weight: 2,
      arbitrary: get(
        url(c("/api/simulation/"), fc.oneof(segment, c("{id}x")), c("/eligibility/"), segment),
      ),
    },
    {
      weight: 6,
      arbitrary: post(
        url(c("/api/simulation/"), idSegment, c("/followup")),
        fc.oneof(
          anyJson.map((value) => JSON.stringify(value)),
          fc
            .record(
              {
                email: fc.oneof(fc.constantFrom("a@b.fr", "x@", "é@é.fr"), weirdString),
                phone: fc.oneof(fc.constantFrom("0612345678", "+33612345678", "0112"), weirdString),
                surveyOptin: fc.oneof(fc.boolean(), anyJson),
                extra: anyJson,
              },
              { requiredKeys: [] },
            )
            .map((value) => value as object),
        ),
      ),
    },
    { weight: 5, arbitrary: get(url(c("/api/followup"))) },
    {
      weight: 6,
      arbitrary: post(
        url(c("/api/followup/answers")),
        fc.oneof(
          garbageBody,
          fc
            .record({
              answers: fc.array(
                fc.record(
                  {
                    benefitId: fc.oneof(fc.constant("{benefit}"), weirdString),
                    status: fc.oneof(
                      fc.constantFrom("already", "failed", "applied", "nothing"),
                      weirdString,
                    ),
                    extra: anyJson,
                  },
                  { requiredKeys: ["benefitId", "status"] },
                ),
                { maxLength: 5 },
              ),
            })
            .map((value) => value as object),
        ),
      ),
    },
    {
      weight: 6,
      arbitrary: get(
        url(
          c("/api/communes/"),
          fc.oneof(fc.constantFrom("69001", "75001", "00000", "2A000", "97411"), segment),
        ),
      ),
    },
    {
      weight: 4,
      arbitrary: get(
        url(
          c("/api/openfisca/parameters/"),
          fc.oneof(
            fc.constantFrom("2026-01-15", "2025-02-29", "2024-02-29", "1800-01-01", "9999-12-31"),
            segment,
          ),
        ),
      ),
    },
    { weight: 4, arbitrary: get(url(c("/api/lieux"))) },
    { weight: 2, arbitrary: get(url(c("/api/lieux/"), fc.oneof(c("caf-lyon-1"), segment))) },
    { weight: 2, arbitrary: get(url(c("/api/config"))) },
    { weight: 2, arbitrary: get(url(c("/api/health"))) },
    { weight: 2, arbitrary: get(url(c("/api/openfisca/missingbenefits"))) },
    {
      weight: 3,
      // Events name the simulation whose results were shown: mostly a stored one.
      arbitrary: fc
        .tuple(
          post(
            url(c("/api/stats/events")),
            fc.oneof(
              garbageBody,
              fc
                .array(
                  fc.record(
                    {
                      benefit_id: fc.oneof(fc.constantFrom("css", "aide_logement"), weirdString),
                      hash_id: fc.oneof(fc.constant("uid_abc"), weirdString),
                      abtesting: fc.oneof(fc.constant({ aides_bafa: "a" }), anyJson),
                      benefit_index: fc.oneof(fc.integer({ min: 1, max: 20 }), weirdNumber),
                      page_total: fc.oneof(fc.integer({ min: 1, max: 20 }), weirdNumber),
                      event_type: fc.oneof(fc.constantFrom("show", "showDetails"), weirdString),
                      version: fc.oneof(fc.constant(2), anyJson),
                    },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 3 },
                )
                .map((value) => value as object),
            ),
          ),
          fc.oneof(
            { weight: 4, arbitrary: fc.constant("{id}") },
            fc.constantFrom("{id}x", "", "00000000-0000-0000-0000-000000000000"),
          ),
        )
        .map(([request, id]) => ({
          ...request,
          headers: { ...request.headers, "x-simulation-id": id },
        })),
    },
    { weight: 2, arbitrary: get(url(c("/api/stats"))) },
    { weight: 3, arbitrary: get(url(c("/api/"), segment)) },
    { weight: 2, arbitrary: get(url(c("/"), segment, c("/"), segment)) },
  );
}

/** Accepted-looking simulations, then the routes that compute them with the engine. */
export function engineRequests(bundle: Bundle): fc.Arbitrary<{
  simulation: Json;
  route: string;
  auth: string | undefined;
}> {
  return fc.record({
    // Fewer mutations: most of these simulations must get through to the engine.
    simulation: nearValidSimulation(bundle, 2),
    route: fc.oneof(
      { weight: 4, arbitrary: fc.constant("/results") },
      {
        weight: 2,
        arbitrary: fc.constantFrom("/situation", "/openfisca_request", "/openfisca_response"),
      },
      {
        weight: 2,
        arbitrary: fc
          .oneof(
            fc.constantFrom(...bundle.benefits.map((benefit) => benefit.id)),
            weirdString.map(encode),
          )
          .map((id) => `/eligibility/${id}`),
      },
      { weight: 1, arbitrary: fc.constant("/followup") },
    ),
    auth: fc.oneof({ weight: 15, arbitrary: fc.constant("Bearer {token}") }, authorization),
  });
}

export interface Route {
  method: string;
  path: string;
}

/** Every route the app declares (from `printRoutes`), HEAD left out: GET covers it. */
export function declaredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const level = match[1]!.length / 4;
    prefixes.length = level;
    const path = `${prefixes.join("")}${match[2]!}`;
    prefixes.push(match[2]!);
    for (const method of match[3]!.split(", ")) {
      if (method !== "HEAD") routes.push({ method, path });
    }
  }
  return routes;
}

/** Any declared route, with odd parameters and bodies: new routes are fuzzed without a word. */
export function anyRouteRequest(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(fc.oneof(idSegment, segment), { minLength: 6, maxLength: 6 }),
      search: query,
      auth: authorization,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      payload: garbageBody,
      pick: fc.nat(),
    })
    .map(({ route, params, search, auth, contentType, payload, pick }) => {
      let index = 0;
      const path = route.path.replace(/:[A-Za-z]+/g, () => params[index++]!);
      const get = route.method === "GET";
      return {
        method: route.method,
        url: `${path}${search}`,
        headers: headersWith(auth, get ? undefined : contentType, []),
        payload: get ? undefined : payload,
        pick,
      };
    });
}
