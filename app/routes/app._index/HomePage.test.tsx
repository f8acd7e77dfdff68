import { describe, expect, it } from "vitest";
import { pauseAction } from "./HomePage";

describe("Home page logic", () => {
  it("sends a bad or missing key to Settings and spent credits to a resume button", () => {
    expect(pauseAction("auth")).toMatchObject({ kind: "settings" });
    expect(pauseAction("missing_key")).toMatchObject({ kind: "settings" });
    expect(pauseAction("out_of_credits")).toMatchObject({ kind: "resume" });
  });
});

describe("Home's month", () => {
  it("names the day the month's counts start as a date, never as a time ago", async () => {
    const { formatDayMonth } = await import("./HomeStats");
    expect(formatDayMonth("2026-11-01T00:00:00.000Z")).toBe("1 November");
    expect(formatDayMonth("2026-03-01T00:00:00.000Z")).toBe("1 March");
  });
});
