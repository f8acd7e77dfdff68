import { describe, expect, it } from "vitest";
import { pauseAction } from "./HomePage";

describe("Home page logic", () => {
  it("sends a bad or missing key to Settings and spent credits to a resume button", () => {
    expect(pauseAction("auth")).toMatchObject({ kind: "settings" });
    expect(pauseAction("missing_key")).toMatchObject({ kind: "settings" });
    expect(pauseAction("out_of_credits")).toMatchObject({ kind: "resume" });
  });
});
