import { describe, expect, it } from "vitest";
import { candidateLabel, candidatesSchema, MAX_CANDIDATES, MIN_CANDIDATES } from "./candidates";

describe("candidates per product", () => {
  it("is 1 when the form or the JSON leaves it out, and a whole number from 1 to 4 otherwise", () => {
    for (const absent of [undefined, null, ""]) expect(candidatesSchema.parse(absent)).toBe(1);
    expect(candidatesSchema.parse("3")).toBe(3);
    expect(candidatesSchema.parse(MIN_CANDIDATES)).toBe(1);
    expect(candidatesSchema.parse(MAX_CANDIDATES)).toBe(4);
  });

  it("refuses anything else, never clamping it, in staff words naming the bounds", () => {
    for (const wrong of [0, 5, 9, "2.5", "many", -1]) {
      const parsed = candidatesSchema.safeParse(wrong);
      expect(parsed.success, String(wrong)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("messages:candidate.choose?min=1&max=4");
    }
  });
});

describe("a candidate's label", () => {
  it("says 'n of size' while the number is within the group, and the number alone past it or without a size", () => {
    expect(candidateLabel(2, 3)).toBe("messages:candidate.label?index=2&size=3");
    expect(candidateLabel(3, 3)).toBe("messages:candidate.label?index=3&size=3");
    expect(candidateLabel(4, 3)).toBe("messages:candidate.labelAlone?index=4");
    expect(candidateLabel(2)).toBe("messages:candidate.labelAlone?index=2");
    expect(candidateLabel(1, 0)).toBe("messages:candidate.labelAlone?index=1");
  });

  it("is null for a render made on its own", () => {
    expect(candidateLabel(null, 3)).toBeNull();
  });
});
