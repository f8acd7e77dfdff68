import { describe, expect, it } from "vitest";
import { suggestedAltText } from "./alt-text";

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

  it("falls back to English for a language it has no words for, and never marks the image as the app's", () => {
    const text = suggestedAltText("fi", "Kietaisumekko", null);
    expect(text).toBe("Kietaisumekko, worn by a model");
    expect(text).not.toMatch(/generated|model shot/i);
  });
});
