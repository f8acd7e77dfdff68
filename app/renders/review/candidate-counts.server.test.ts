import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders, seedShop } from "../../../harness/render-fixtures";
import { candidateGroupCounts, candidateLabelOf } from "./candidate-counts.server";

const SHOP = "candidate-counts.myshopify.com";
const OTHER = "candidate-counts-other.myshopify.com";

describe("candidate groups' counts", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    await seedRenders(database.prisma, SHOP, 2, { candidateGroup: "coat", state: "in_review" });
    await seedRenders(database.prisma, SHOP, 1, { candidateGroup: "coat", state: "rejected" });
    await seedRenders(database.prisma, SHOP, 1, { candidateGroup: "coat", state: "cancelled" });
    await seedRenders(database.prisma, SHOP, 1, { candidateGroup: "tee", state: "running" });
    await seedRenders(database.prisma, SHOP, 1, { candidateGroup: "dress", state: "in_review" });
    await seedRenders(database.prisma, OTHER, 3, { candidateGroup: "coat", state: "in_review" });
  });
  afterAll(async () => database?.close());

  it("counts each group of the page once: its renders not cancelled, and those in review, for the shop only", async () => {
    const counts = await candidateGroupCounts(database.prisma, SHOP, [
      { candidateGroup: "coat" },
      { candidateGroup: "coat" },
      { candidateGroup: "tee" },
      { candidateGroup: null },
    ]);
    expect(counts).toEqual(
      new Map([
        ["coat", { size: 3, inReview: 2 }],
        ["tee", { size: 1, inReview: 0 }],
      ]),
    );
  });

  it("asks nothing for a page without candidates", async () => {
    const db = {
      render: {
        groupBy: () => {
          throw new Error("no query expected");
        },
      },
    } as unknown as typeof database.prisma;
    expect(await candidateGroupCounts(db, SHOP, [{ candidateGroup: null }])).toEqual(new Map());
  });

  it("labels a candidate with its group's size, and a lone render not at all", async () => {
    const counts = await candidateGroupCounts(database.prisma, SHOP, [{ candidateGroup: "coat" }]);
    expect(candidateLabelOf({ candidateGroup: "coat", candidateIndex: 2 }, counts)).toBe(
      "messages:candidate.label?index=2&size=3",
    );
    expect(candidateLabelOf({ candidateGroup: "tee", candidateIndex: 2 }, counts)).toBe(
      "messages:candidate.labelAlone?index=2",
    );
    expect(candidateLabelOf({ candidateGroup: null, candidateIndex: 2 }, counts)).toBeNull();
  });
});
