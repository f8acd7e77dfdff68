import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders, seedShop } from "../../../harness/render-fixtures";
import {
  countRendersByState,
  creditsSince,
  decodeCursor,
  listRenders,
  startOfMonthUtc,
} from "./render-listings.server";

const SHOP = "queries.myshopify.com";

describe("render queries", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, "neighbour.myshopify.com");
    // Many renders created in the same millisecond: paging must still see each exactly once.
    await seedRenders(database.prisma, SHOP, 57, { createdAt: new Date(Date.UTC(2026, 5, 1)) });
    await seedRenders(database.prisma, SHOP, 3, { state: "in_review" });
    await seedRenders(database.prisma, "neighbour.myshopify.com", 10);
  });
  afterAll(async () => database?.close());

  it("pages forward and back by keyset, each render once, even with equal creation times", async () => {
    const pages: Array<Awaited<ReturnType<typeof listRenders>>> = [];
    let after: string | undefined;
    do {
      const page = await listRenders(database.prisma, SHOP, {}, { after, pageSize: 25 });
      pages.push(page);
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(pages.map((page) => page.rows.length)).toEqual([25, 25, 10]);
    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(new Set(ids).size).toBe(60);

    const backToFirst = await listRenders(
      database.prisma,
      SHOP,
      {},
      { before: pages[1]?.previousCursor ?? undefined, pageSize: 25 },
    );
    expect(backToFirst.rows.map((row) => row.id)).toEqual(pages[0]?.rows.map((row) => row.id));
    expect(backToFirst.previousCursor).toBeNull();
    expect(backToFirst.nextCursor).toBe(pages[0]?.nextCursor);
  });

  it("filters by state and never returns another shop's renders", async () => {
    const page = await listRenders(database.prisma, SHOP, { states: ["in_review"] }, {});
    expect(page.rows).toHaveLength(3);
    expect(page.rows.every((row) => row.shop === SHOP && row.state === "in_review")).toBe(true);
    expect(await countRendersByState(database.prisma, { shop: SHOP })).toEqual({ queued: 57, in_review: 3 });
  });

  it("reads an unreadable cursor as the first page", async () => {
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url"))).toBeNull();
    const page = await listRenders(database.prisma, SHOP, {}, { after: "garbage" });
    expect(page.previousCursor).toBeNull();
    expect(page.rows).toHaveLength(25);
  });

  it("sums this month's ledger from the first instant of the month in UTC", async () => {
    expect(startOfMonthUtc(new Date("2026-03-31T23:59:59Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    const render = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });
    await database.prisma.creditLedgerEntry.createMany({
      data: [
        { shop: SHOP, renderId: render.id, kind: "charge", credits: 6, createdAt: new Date("2026-03-02T00:00:00Z") },
        { shop: SHOP, renderId: render.id, kind: "refund", credits: 6, createdAt: new Date("2026-02-27T00:00:00Z") },
      ],
    });
    expect(await creditsSince(database.prisma, SHOP, new Date("2026-03-01T00:00:00Z"))).toEqual({
      charged: 6,
      refunded: 0,
    });
  });
});
