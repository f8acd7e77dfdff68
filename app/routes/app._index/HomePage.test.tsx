import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UiLocale } from "~/i18n/locales";
import { WithTranslations } from "~/i18n/WithTranslations";
import type { HomeView } from "./home.server";
import { pauseAction } from "./HomePage";
import { formatDayMonth, HomeStats } from "./HomeStats";
import { NeedsAttentionCard } from "./NeedsAttentionCard";

const render = (node: React.ReactNode, locale: UiLocale = "en") =>
  renderToString(
    <WithTranslations locale={locale}>
      <AppProvider i18n={en}>{node}</AppProvider>
    </WithTranslations>,
  );

const view = {
  inProgress: 1250,
  awaitingReview: 0,
  publishedThisMonth: 3,
  credits: { charged: 30, refunded: 5 },
  monthStart: "2026-11-01T00:00:00.000Z",
} as HomeView;

describe("Home page logic", () => {
  it("sends a bad or missing key to Settings and spent credits to a resume button", () => {
    expect(pauseAction("auth")).toMatchObject({ kind: "settings" });
    expect(pauseAction("missing_key")).toMatchObject({ kind: "settings" });
    expect(pauseAction("out_of_credits")).toMatchObject({ kind: "resume" });
  });
});

describe("Home's month", () => {
  it("names the day the month's counts start as a date, never as a time ago", () => {
    expect(formatDayMonth("2026-11-01T00:00:00.000Z")).toBe("1 November");
    expect(formatDayMonth("2026-03-01T00:00:00.000Z")).toBe("1 March");
    expect(formatDayMonth("2026-03-01T00:00:00.000Z", "de")).toBe("1. März");
  });
});

describe("Home in the staff member's language", () => {
  it("words the stats and counts credits with the language's plurals and digits", () => {
    expect(render(<HomeStats view={view} />)).toContain("25 credits");
    expect(render(<HomeStats view={view} />)).toContain("30 credits charged, 5 credits refunded for failed renders");
    const german = render(<HomeStats view={view} />, "de");
    expect(german).toContain("1.250");
    expect(german).toContain("Seit 1. November");
    expect(german).toContain("30 Credits berechnet, 5 Credits für fehlgeschlagene Renderings erstattet");
    expect(render(<HomeStats view={view} />, "ja")).toContain("今月のクレジット");
  });

  it("words the renders needing a person, and a stored reason given as a message key", () => {
    const since = "2026-11-20T10:00:00.000Z";
    const card = (locale: UiLocale) =>
      render(
        <NeedsAttentionCard
          submitUnknown={{
            count: 3,
            renders: [
              {
                id: "r1",
                productId: "p1",
                productTitle: "Linen shirt",
                colourLabel: null,
                creditsCost: 5,
                message: "history:errorCodes.submit_outcome_unknown",
                since,
              },
            ],
          }}
          stalled={{ count: 0, renders: [] }}
        />,
        locale,
      );
    const english = card("en");
    expect(english).toContain("3 renders may or may not have started");
    expect(english).toContain("and 2 more");
    expect(english).toContain("The try-on service did not confirm this render; it may or may not have started.");
    expect(english).toContain('<span translate="no">Linen shirt</span>');
    const french = card("fr");
    expect(french).toContain("3 rendus ont peut-être démarré, peut-être pas");
    expect(french).toContain("Le service d&#x27;essayage n&#x27;a pas confirmé ce rendu");
  });
});
