import { describe, expect, it } from "vitest";
import { onlyCampaignParameters } from "../../../src/app/layout/campaignQuery";

describe("onlyCampaignParameters", () => {
  it("accepts no query, and a campaign's parameters alone", () => {
    for (const search of [
      "",
      "?",
      "?utm_source=partenaire",
      "?utm_source=lettre&utm_medium=email&utm_campaign=rentree",
      "?mtm_campaign=rentree&mtm_kwd=bourse",
      "?pk_campaign=rentree",
    ])
      expect(onlyCampaignParameters(search), search).toBe(true);
  });

  it("refuses any parameter a page may read, even beside a campaign's", () => {
    for (const search of [
      "?debug=parcours",
      "?utm_source=partenaire&debug=parcours",
      "?error=france_connect_error",
      "?france-connect-enabled=true&utm_source=x",
      "?iframe=true",
      "?utm=partenaire",
      "?x_utm_source=partenaire",
    ])
      expect(onlyCampaignParameters(search), search).toBe(false);
  });
});
