import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const NOW = Date.parse("2026-11-22T10:00:00Z");

describe("Retry-After", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", NOW)).toBe(30_000);
  });

  it("never returns a negative delay for a date in the past", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", NOW)).toBe(0);
  });

  it("ignores absent and unreadable values", () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter("1.5", NOW)).toBeUndefined();
    expect(parseRetryAfter("-3", NOW)).toBeUndefined();
  });

  it("reads Shopify's seconds with a fraction only when asked to", () => {
    expect(parseRetryAfter("2.0", NOW, { fractionalSeconds: true })).toBe(2_000);
    expect(parseRetryAfter("1.5", NOW, { fractionalSeconds: true })).toBe(1_500);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", NOW, { fractionalSeconds: true })).toBe(30_000);
    expect(parseRetryAfter("-3", NOW, { fractionalSeconds: true })).toBeUndefined();
  });
});
