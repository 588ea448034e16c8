/**
 * The parameters a link adds only to say where its visitor comes from: a partner's or a
 * newsletter's campaign (Google's `utm_`, Matomo's `mtm_` and `pk_`). No page renders differently
 * for them (only the analytics read them, from the whole address), so a page opened with nothing
 * else in its query is the page pre-rendered without one, and can be hydrated (src/app/main.tsx);
 * any other parameter (`?debug=`, FranceConnect's) may change it.
 */
const CAMPAIGN_PARAMETER = /^(utm|mtm|pk)_/;

/** Whether `search` (a `location.search`) holds nothing but campaign parameters, or nothing. */
export function onlyCampaignParameters(search: string): boolean {
  return [...new URLSearchParams(search).keys()].every((name) => CAMPAIGN_PARAMETER.test(name));
}
