import { describe, expect, it } from "vitest";
import { groupCandidates, reviewBlocksOf } from "./candidate-cards";

const lone = (id: string) => ({ id, candidate: null });
const member = (id: string, group: string, index: number) => ({ id, candidate: { group, index } });

describe("candidate groups in Review", () => {
  it("puts a group together at its first member's place, in candidate order, leaving lone renders where they were", () => {
    const items = [lone("a"), member("g2", "g", 2), lone("b"), member("h1", "h", 1), member("g1", "g", 1)];
    expect(groupCandidates(items).map((item) => item.id)).toEqual(["a", "g1", "g2", "b", "h1"]);
  });

  it("draws consecutive members as one block and a group of one as a lone card, keeping flat indexes", () => {
    const items = groupCandidates([member("g1", "g", 1), member("g2", "g", 2), lone("a"), member("h1", "h", 1)]);
    expect(reviewBlocksOf(items)).toEqual([
      {
        kind: "candidates",
        group: "g",
        members: [
          { item: items[0], index: 0 },
          { item: items[1], index: 1 },
        ],
      },
      { kind: "single", item: items[2], index: 2 },
      { kind: "single", item: items[3], index: 3 },
    ]);
  });
});
