import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShopTimeZoneContext } from "./ShopTimeZone";
import { TimeText } from "./TimeText";

const render = (timeZone: string | null) =>
  renderToString(
    <AppProvider i18n={en}>
      {timeZone === null ? (
        <TimeText at="2026-03-12T20:05:09Z" />
      ) : (
        <ShopTimeZoneContext.Provider value={timeZone}>
          <TimeText at="2026-03-12T20:05:09Z" />
        </ShopTimeZoneContext.Provider>
      )}
    </AppProvider>,
  );

describe("TimeText", () => {
  it("shows the absolute time in the shop's time zone given by the app's layout", () => {
    expect(render("America/New_York")).toContain("12 Mar 2026, 16:05 New York time");
    expect(render("America/New_York")).not.toContain("UTC");
  });

  it("falls back to UTC outside the layout", () => {
    expect(render(null)).toContain("12 Mar 2026, 20:05 UTC");
  });
});
