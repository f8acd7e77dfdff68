import { describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import { wordsFor } from "./words.server";

describe("messages from below the screens, in words", () => {
  const english = wordsFor("en");

  it("words a parameter that is itself a message first, in the reader's language", () => {
    const reason = messageKey("messages:render.saveFailed", { detail: "HTTP 503" });
    const stored = messageKey("messages:render.retrying", { reason });
    expect(english(stored)).toBe("Saving the render to Shopify failed: HTTP 503 Retrying.");
    expect(
      wordsFor("de")(messageKey("messages:decision.type", { garment: "messages:garment.dress", evidence: "Robe" })),
    ).toBe("Kleid, laut Produkttyp: Robe.");
  });

  it("leaves data as it is, even when it looks like a key", () => {
    const stored = messageKey("messages:decision.title", { garment: "messages:garment.top", evidence: "Top:Blue" });
    expect(english(stored)).toBe("Top, from its title: “Top:Blue”.");
    expect(english("Top:Blue")).toBe("Top:Blue");
    expect(english("The try-on service said no.")).toBe("The try-on service said no.");
  });

  it("picks the plural from count", () => {
    expect(english(messageKey("messages:render.stalled", { count: 1 }))).toMatch(
      /^Still not finished after 1 minute\./,
    );
    expect(english(messageKey("messages:render.stalled", { count: 12 }))).toMatch(/after 12 minutes\./);
  });

  it("writes every number as the reader's language does, the plural's count included", () => {
    const full = messageKey("messages:queue.full", { count: 1200, queued: 1500, max: 2000 });
    expect(english(full)).toMatch(
      /^This would add 1,200 renders to a queue that already has 1,500 waiting; at most 2,000/,
    );
    const german = wordsFor("de")(full);
    for (const figure of ["1.200", "1.500", "2.000"]) expect(german).toContain(figure);
  });
});
