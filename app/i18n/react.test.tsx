import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShopTimeZoneContext } from "~/components/ShopTimeZone";
import { staffMessage } from "~/lib/staff-message";
import type { UiLocale } from "./locales";
import { TranslationsProvider, useFormat, useStaffMessage, useTranslation } from "./react";
import { translationsFor } from "./resources.server";

function Sample() {
  const { t } = useTranslation("common");
  const format = useFormat();
  const say = useStaffMessage();
  return (
    <p>
      {[
        t("nav.settings"),
        format.credits(1),
        format.credits(1250),
        format.number(1234.5),
        format.dateTime("2026-03-12T20:05:09Z"),
        format.relativeTime("2026-03-12T20:05:00Z", Date.parse("2026-03-12T20:05:09Z")),
        say(staffMessage("common:credits", { count: 2 })),
      ].join(" | ")}
    </p>
  );
}

const render = (locale: UiLocale) =>
  renderToString(
    <TranslationsProvider locale={locale} translations={translationsFor(locale)}>
      <ShopTimeZoneContext.Provider value="Europe/Paris">
        <Sample />
      </ShopTimeZoneContext.Provider>
    </TranslationsProvider>,
  );

describe("a screen's words", () => {
  it("come from the page's language, with its plurals, numbers and dates", () => {
    expect(render("en")).toContain(
      "Settings | 1 credit | 1,250 credits | 1,234.5 | 12 Mar 2026, 21:05 Paris time | just now | 2 credits",
    );
    expect(render("de")).toContain(
      "Einstellungen | 1 Credit | 1.250 Credits | 1.234,5 | 12. März 2026, 21:05 (Zeit in Paris) | gerade eben | 2 Credits",
    );
    expect(render("ja")).toContain("設定 | 1 クレジット | 1,250 クレジット");
  });

  it("are wrapped in ⟦…⟧ in the pseudo-locale, variables still filled", () => {
    const html = render("en-XA");
    expect(html).toContain("⟦Séttïñgs⟧");
    expect(html).toContain("⟦1 çrédït⟧");
  });
});
