import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithTranslations } from "~/i18n/WithTranslations";
import type { UiLocale } from "~/i18n/locales";
import { ShopTimeZoneContext } from "./ShopTimeZone";
import { TimeText } from "./TimeText";

const render = (timeZone: string | null, locale: UiLocale = "en") =>
  renderToString(
    <WithTranslations locale={locale}>
      <AppProvider i18n={en}>
        {timeZone === null ? (
          <TimeText at="2026-03-12T20:05:09Z" />
        ) : (
          <ShopTimeZoneContext.Provider value={timeZone}>
            <TimeText at="2026-03-12T20:05:09Z" />
          </ShopTimeZoneContext.Provider>
        )}
      </AppProvider>
    </WithTranslations>,
  );

describe("TimeText", () => {
  it("shows the absolute time in the shop's time zone given by the app's layout", () => {
    expect(render("America/New_York")).toContain("12 Mar 2026, 16:05 New York time");
    expect(render("America/New_York")).not.toContain("UTC");
  });

  it("is written in the staff member's language", () => {
    expect(render("Europe/Berlin", "de")).toContain("12. März 2026, 21:05 (Zeit in Berlin)");
    expect(render("Asia/Tokyo", "ja")).toContain("2026年3月13日 05:05（Tokyo時間）");
  });

  it("falls back to UTC outside the layout", () => {
    expect(render(null)).toContain("12 Mar 2026, 20:05 UTC");
  });
});
