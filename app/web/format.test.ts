import { describe, expect, it } from "vitest";
import { creditsForJob } from "~/tryon/cost";
import { formatAbsoluteTime, formatCredits, formatDuration, formatRelativeTime } from "./format";

describe("format", () => {
  it("writes credits with their unit, singular for one", () => {
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(0)).toBe("0 credits");
    expect(formatCredits(12500)).toBe("12,500 credits");
  });

  it("writes times relative to now, rounded to the largest unit", () => {
    const now = Date.UTC(2026, 2, 12, 14, 0, 0);
    expect(formatRelativeTime(new Date(now - 10_000), now)).toBe("just now");
    expect(formatRelativeTime(new Date(now - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(new Date(now - 3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date(now - 26 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(new Date(now + 2 * 3_600_000), now)).toBe("in 2 hours");
  });

  it("writes absolute times in the shop's time zone, named by its place, the same on server and browser", () => {
    expect(formatAbsoluteTime("2026-03-12T14:05:09Z")).toBe("12 Mar 2026, 14:05 UTC");
    expect(formatAbsoluteTime("2026-03-12T14:05:09Z", "Europe/Paris")).toBe("12 Mar 2026, 15:05 Paris time");
    // Summer time where the zone has it; a date line crossed where it is far away.
    expect(formatAbsoluteTime("2026-07-12T14:05:09Z", "Europe/Paris")).toBe("12 Jul 2026, 16:05 Paris time");
    expect(formatAbsoluteTime("2026-03-12T20:05:09Z", "America/Los_Angeles")).toBe(
      "12 Mar 2026, 13:05 Los Angeles time",
    );
    expect(formatAbsoluteTime("2026-03-12T20:05:09Z", "Pacific/Auckland")).toBe("13 Mar 2026, 09:05 Auckland time");
  });

  it("writes durations in seconds, minutes and hours", () => {
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(200_000)).toBe("3 min 20 s");
    expect(formatDuration(7_500_000)).toBe("2 h 5 min");
  });

  it("says what a render, or many, will cost", () => {
    expect(formatCredits(creditsForJob("2K"))).toBe("5 credits");
    expect(formatCredits(creditsForJob("4K") * 250)).toBe("1,500 credits");
  });
});
