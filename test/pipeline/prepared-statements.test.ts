import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery } from "~/db/prepared-query";
import { claimDueWork } from "~/worker/sql/claim-renders";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

// Far from UTC: a timestamp read as local time instead of UTC would be hours off.
process.env.TZ = "Pacific/Auckland";

const NOW = new Date(Date.UTC(2026, 5, 1, 12));

describe.each(DATABASE_KINDS)("the worker's prepared statements on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedShop(database.prisma, "a.myshopify.com");
    await seedRenders(database.prisma, "a.myshopify.com", 3, {
      state: "running",
      externalJobId: "job",
      submittedAt: new Date(Date.UTC(2026, 4, 31, 23, 59, 59, 123)),
      errorMessage: null,
      publishOptions: { variantIds: ["gid://shopify/ProductVariant/1"], makeFirst: true },
      colourDeltaE: 2.5,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("returns the rows $queryRaw returns for the same statement, value for value (dates, JSON, nulls, enums)", async () => {
    const sql = Prisma.sql`SELECT * FROM "Render" WHERE shop = ${"a.myshopify.com"} AND "submittedAt" < ${NOW} ORDER BY id`;
    const prepared = await preparedQuery(database.prisma, "test_all_renders", sql);
    expect(prepared).toHaveLength(3);
    expect(prepared).toEqual(await database.prisma.$queryRaw(sql));
    // Prepared once per connection: the second run reuses the name.
    expect(await preparedQuery(database.prisma, "test_all_renders", sql)).toEqual(prepared);
  });

  it("claims through the pool as the worker does, and a transaction's client runs the same statement itself", async () => {
    const claimed = await claimDueWork(database.prisma, { workerId: "w1", now: NOW, leaseMs: 60_000, limit: 2 });
    expect(claimed.map((render) => [render.leaseOwner, render.leaseToken, render.state])).toEqual([
      ["w1", 1, "running"],
      ["w1", 1, "running"],
    ]);
    expect(claimed[0]?.submittedAt).toEqual(new Date(Date.UTC(2026, 4, 31, 23, 59, 59, 123)));
    const [last] = await database.prisma.$transaction((tx) =>
      claimDueWork(tx, { workerId: "w2", now: NOW, leaseMs: 60_000, limit: 5 }),
    );
    expect([last?.leaseOwner, last?.leaseToken]).toEqual(["w2", 1]);
  });
});
