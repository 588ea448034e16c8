/**
 * French mobile numbers only (spec: dialling codes 33, 262, 508, 590, 594 and 596), written
 * nationally (`06 12 34 56 78`, `0692 12 34 56`) or internationally (`+33 6 12 34 56 78`,
 * `0033…`), normalised to E.164 (`+33612345678`); `undefined` for anything else.
 */
export function normalizeFrenchMobile(input: string): string | undefined {
  const compact = input.replace(/[\s.\-()\u00a0]/g, "");
  const national = /^0(\d{9})$/.exec(compact);
  if (national) return nationalToE164(national[1]!);
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (!international) return undefined;
  const digits = international[1]!;
  for (const [code, pattern] of INTERNATIONAL) {
    if (digits.startsWith(code) && pattern.test(digits.slice(code.length))) return `+${digits}`;
  }
  return undefined;
}

/** Subscriber numbers of mobiles after each dialling code. */
const INTERNATIONAL: ReadonlyArray<readonly [string, RegExp]> = [
  ["33", /^[67]\d{8}$/],
  ["262", /^6\d{8}$/],
  ["508", /^[45]\d{5}$/],
  ["590", /^69\d{7}$/],
  ["594", /^69\d{7}$/],
  ["596", /^69\d{7}$/],
];

/** Overseas mobiles dialled nationally (`0692…`) belong to their own dialling code. */
const OVERSEAS_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ["690", "590"],
  ["691", "590"],
  ["692", "262"],
  ["693", "262"],
  ["639", "262"],
  ["694", "594"],
  ["696", "596"],
  ["697", "596"],
];

function nationalToE164(subscriber: string): string | undefined {
  const overseas = OVERSEAS_PREFIXES.find(([prefix]) => subscriber.startsWith(prefix));
  if (overseas) return `+${overseas[1]}${subscriber}`;
  return /^[67]\d{8}$/.test(subscriber) ? `+33${subscriber}` : undefined;
}
