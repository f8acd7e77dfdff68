import { describe, expect, it } from "vitest";
import { parseJsonKeepingLargeIntegers } from "./exact-json";

describe("JSON with Shopify's ids", () => {
  it("keeps an integer past 2^53 as its digits, where JSON.parse rounds it", () => {
    const text = '{"id": 788032119674292922, "ids": [9007199254740993, 12], "nested": {"id": -9007199254740993}}';
    expect((JSON.parse(text) as { id: number }).id).toBe(788032119674292900);
    expect(parseJsonKeepingLargeIntegers(text)).toEqual({
      id: "788032119674292922",
      ids: ["9007199254740993", 12],
      nested: { id: "-9007199254740993" },
    });
  });

  it("leaves safe integers, decimals, exponents and strings as JSON.parse reads them", () => {
    const text = '{"a": 9007199254740991, "b": 1.5, "c": 1e300, "d": "788032119674292922", "e": null}';
    expect(parseJsonKeepingLargeIntegers(text)).toEqual(JSON.parse(text));
  });
});
