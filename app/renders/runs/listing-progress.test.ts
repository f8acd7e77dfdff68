import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n-instance";
import { translationsFor } from "~/i18n/resources.server";
import { translateMessage } from "~/i18n/translate-message";
import { wordsFor } from "~/i18n/words.server";
import { encodeStaffMessage } from "~/lib/staff-message";
import { describeListing, type ListingMessages } from "./listing-progress";

describe("A large collection's listing in words", () => {
  const listing = { scopeTitle: "Whole catalog", listed: 0, expected: 20_000, exported: 0 };
  // Its messages as an English reader gets them, from the locale files (bulkRun's listing.*).
  const { t } = createI18n("en", translationsFor("en"));
  const inEnglish = ({ sentence, detail, progress }: ListingMessages) => ({
    sentence: translateMessage(t, sentence, "en"),
    detail: translateMessage(t, detail, "en"),
    progress,
  });

  it("queued: says another collection is being exported first, with no bar", () => {
    expect(inEnglish(describeListing({ ...listing, phase: "queued" }))).toEqual({
      sentence: `"Whole catalog" is a large collection: Shopify is exporting another of this shop's collections for Model Shots; this one is next.`,
      detail:
        "Shopify exports one collection at a time for the app. You can leave this page; the preview is ready when you come back.",
      progress: null,
    });
  });

  it("exporting: says Shopify is preparing the export, then how many items it has exported, with no bar", () => {
    expect(inEnglish(describeListing({ ...listing, phase: "exporting" }))).toEqual({
      sentence: `"Whole catalog" is a large collection: Shopify is preparing an export of its 20,000 products.`,
      detail:
        "Shopify exports large collections in the background, in seconds to a few minutes. You can leave this page; the preview is ready when you come back.",
      progress: null,
    });
    // Never "0 of 20,000" while Shopify exports: what it has counted so far, products and photos together.
    expect(inEnglish(describeListing({ ...listing, phase: "exporting", exported: 12_345 }))).toMatchObject({
      sentence: `"Whole catalog" is a large collection: Shopify is exporting its products, 12,345 items so far (products and their photos).`,
      progress: null,
    });
  });

  it("storing: counts the products stored, with the bar at their share", () => {
    expect(inEnglish(describeListing({ ...listing, phase: "storing", listed: 5_000 }))).toEqual({
      sentence: `"Whole catalog" is a large collection: reading its products from Shopify, 5,000 of 20,000 so far.`,
      detail:
        "Shopify has exported the collection; Model Shots is reading it. You can leave this page; the preview is ready when you come back.",
      progress: 25,
    });
    // A collection that grew while it was read never shows more than a full bar.
    expect(inEnglish(describeListing({ ...listing, phase: "storing", listed: 20_150 })).progress).toBe(100);
  });

  it("pages: counts the products read page by page, saying why it is slow", () => {
    expect(inEnglish(describeListing({ ...listing, phase: "pages", listed: 250 }))).toEqual({
      sentence: `"Whole catalog" is a large collection: reading its products from Shopify, 250 of 20,000 so far.`,
      detail:
        "Shopify lets apps read about a thousand products every minute and a half. You can leave this page; the preview is ready when you come back.",
      progress: 1,
    });
    expect(inEnglish(describeListing({ ...listing, expected: 0, phase: "pages" })).progress).toBe(0);
  });
});

describe("A large collection's listing, sent to a dialog as message keys", () => {
  it("keeps a title that reads as a number as the shop wrote it, while counts are written as the reader's language does", () => {
    const { sentence } = describeListing({
      scopeTitle: "2025",
      listed: 1_500,
      expected: 3_000,
      phase: "storing",
      exported: 0,
    });
    // The extension API sends it encoded and words it in the dialog's language (ADR 094).
    expect(wordsFor("de")(encodeStaffMessage(sentence))).toBe(
      "„2025“ ist eine große Kollektion: Deine Produkte werden aus Shopify gelesen, bisher 1.500 von 3.000.",
    );
  });
});
