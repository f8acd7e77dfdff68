import { describe, expect, it } from "vitest";
import { altTextLocale, suggestedAltText } from "./alt-text";

describe("the alt text suggested when approving", () => {
  it("is written in the shop's primary language, with the colour when the render is of one", () => {
    expect(suggestedAltText("en", "Wrap midi dress", "Terracotta")).toBe(
      "Wrap midi dress in Terracotta, worn by a model",
    );
    expect(suggestedAltText("de", "Wickelkleid", null)).toBe("Wickelkleid, von einem Model getragen");
    expect(suggestedAltText("fr-CA", "Robe portefeuille", "Terracotta")).toBe(
      "Robe portefeuille coloris Terracotta, porté par un mannequin",
    );
    expect(suggestedAltText("pt-PT", "Vestido", null)).toBe("Vestido, usado por um modelo");
    expect(suggestedAltText("ja", "ラップドレス", null)).toBe("ラップドレスを着用したモデル");
  });

  it("has words of its own for each of the app's languages, with and without a colour", () => {
    const expected: Record<string, [string, string]> = {
      en: ["Coat in Navy, worn by a model", "Coat, worn by a model"],
      de: ["Coat in Navy, von einem Model getragen", "Coat, von einem Model getragen"],
      fr: ["Coat coloris Navy, porté par un mannequin", "Coat, porté par un mannequin"],
      es: ["Coat en Navy, llevado por un modelo", "Coat, llevado por un modelo"],
      it: ["Coat in Navy, indossato da un modello", "Coat, indossato da un modello"],
      nl: ["Coat in Navy, gedragen door een model", "Coat, gedragen door een model"],
      ja: ["Coat（Navy）を着用したモデル", "Coatを着用したモデル"],
      "pt-BR": ["Coat em Navy, usado por um modelo", "Coat, usado por um modelo"],
    };
    for (const [locale, [withColour, without]] of Object.entries(expected)) {
      expect(suggestedAltText(locale, "Coat", "Navy")).toBe(withColour);
      expect(suggestedAltText(locale, "Coat", null)).toBe(without);
    }
  });

  it("finds the language of a regional locale, Portuguese of any region in Brazil's words", () => {
    expect(suggestedAltText("de-CH", "Mantel", null)).toBe("Mantel, von einem Model getragen");
    expect(suggestedAltText("pt", "Casaco", "Azul")).toBe("Casaco em Azul, usado por um modelo");
    expect(suggestedAltText("pt-PT", "Casaco", "Azul")).toBe("Casaco em Azul, usado por um modelo");
  });

  it("trims the title and the colour, leaves a blank colour out, and stops at Shopify's 512 characters", () => {
    expect(suggestedAltText("en", "  Coat  ", "  Navy ")).toBe("Coat in Navy, worn by a model");
    expect(suggestedAltText("en", "Coat", "   ")).toBe("Coat, worn by a model");
    const long = suggestedAltText("en", "a".repeat(600), null);
    expect(long).toHaveLength(512);
    expect(long).toBe("a".repeat(512));
  });

  it("falls back to English for a language it has no words for, and never marks the image as the app's", () => {
    const text = suggestedAltText("fi", "Kietaisumekko", null);
    expect(text).toBe("Kietaisumekko, worn by a model");
    expect(text).not.toMatch(/generated|model shot/i);
    expect(suggestedAltText("", "Coat", null)).toBe("Coat, worn by a model");
  });
});

describe("the language alt text is suggested in", () => {
  it("is the shop's primary language when Shopify gives it", async () => {
    expect(await altTextLocale(async () => "fr")).toBe("fr");
  });

  it("is English when Shopify gives none or cannot be asked", async () => {
    expect(await altTextLocale(async () => "")).toBe("en");
    expect(
      await altTextLocale(async () => {
        throw new Error("the read_locales scope was not granted");
      }),
    ).toBe("en");
  });
});
