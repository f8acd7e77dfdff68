import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranslationsProvider } from "~/i18n/react";
import { translationsFor } from "~/i18n/resources.server";
import type { AppLocale } from "~/i18n/locales";
import type { ReviewAsked } from "./review-asked";
import { useReviewWords } from "./use-review-words";

const ASKED: ReviewAsked = {
  productType: "top",
  productCategory: "t_shirt",
  model: "Amara",
  pose: "Front, relaxed",
  background: { kind: "default" },
  resolution: "2K",
  aspectRatio: "3:4",
};

function Words({ asked }: { asked: ReviewAsked }) {
  const words = useReviewWords();
  return (
    <p>
      {[
        words.askedLine(asked),
        words.candidateLabel({ index: 2, size: 3 }),
        words.candidateLabel({ index: 4, size: null }),
      ].join(" | ")}
    </p>
  );
}

const render = (locale: AppLocale, asked: ReviewAsked) =>
  renderToString(
    <TranslationsProvider locale={locale} translations={translationsFor(locale)}>
      <Words asked={asked} />
    </TranslationsProvider>,
  )
    .replace(/<\/?p>/g, "")
    .replaceAll("&#x27;", "'");

describe("what Review says of a render's options and candidates", () => {
  it("names the garment in the page's language and the catalog's names as they are", () => {
    expect(render("en", ASKED)).toBe(
      "Top (T-shirt) · Amara · Front, relaxed · The service's default background · 2K · 3:4 | Candidate 2 of 3 | Candidate 4",
    );
    expect(render("de", ASKED)).toBe(
      "Oberteil (T-Shirt) · Amara · Front, relaxed · Standardhintergrund des Dienstes · 2K · 3:4 | Kandidat 2 von 3 | Kandidat 4",
    );
  });

  it("says what the look chose where the catalog cannot name it, and shows an unknown garment as it is", () => {
    const unnamed: ReviewAsked = {
      ...ASKED,
      productType: "cape",
      productCategory: null,
      model: null,
      pose: null,
      background: { kind: "catalog", name: null },
    };
    expect(render("en", unnamed)).toContain(
      "cape · The model chosen in the look · The pose chosen in the look · The background chosen in the look · 2K",
    );
    expect(render("en", { ...ASKED, background: { kind: "own" } })).toContain("· Your own background image ·");
  });
});
