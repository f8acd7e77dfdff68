/**
 * One path for every webhook delivery (ADR 063, 064), driven directly against a real database: what each outcome
 * changes, and what the delivery record keeps (issue 27 point 7: the webhook route tests reached these only as HTTP
 * answers).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import {
  applyDeliveryOnce,
  bindToShop,
  isStale,
  REMEMBER_DELIVERIES_MS,
  type ShopAtDelivery,
  type WebhookDelivery,
} from "./webhook-deliveries.server";

const SHOP = "deliveries.myshopify.com";
const INSTALLED = new Date("2026-11-20T10:00:00Z");

describe("applying a webhook delivery once", () => {
  let database: TestDatabase;
  let applied: ShopAtDelivery[];
  let staleSeen: ShopAtDelivery[];
  const steps = {
    apply: async (_tx: unknown, shop: ShopAtDelivery) => void applied.push(shop),
    whenStale: async (_tx: unknown, shop: ShopAtDelivery) => void staleSeen.push(shop),
  };
  const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
    shop: SHOP,
    topic: "products/update",
    webhookId: `webhook-${Math.random()}`,
    triggeredAt: new Date("2026-11-21T00:00:00Z"),
    receivedAt: new Date("2026-11-21T00:00:01Z"),
    claims: { domains: [], shopIds: [] },
    staleBefore: "install",
    ...overrides,
  });
  const shopRow = () => database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    applied = [];
    staleSeen = [];
    await database.prisma.shop.deleteMany();
    await database.prisma.shop.create({
      data: { domain: SHOP, currentInstallSince: INSTALLED, latestInstallAt: new Date("2026-11-20T12:00:00Z") },
    });
  });

  it("applies a delivery with the shop's row, and records its webhook id so a retry is a repeat", async () => {
    const first = delivery({ webhookId: "webhook-1", topic: "app/scopes_update" });
    expect(await applyDeliveryOnce(database.prisma, first, steps)).toBe("applied");
    expect(applied).toEqual([
      expect.objectContaining({
        domain: SHOP,
        currentInstallSince: INSTALLED,
        shopifyShopId: null,
        uninstalledAt: null,
      }),
    ]);
    expect(await database.prisma.webhookDelivery.findMany()).toEqual([
      { shop: SHOP, webhookId: "webhook-1", topic: "app/scopes_update", receivedAt: first.receivedAt },
    ]);
    expect(await applyDeliveryOnce(database.prisma, { ...first, receivedAt: new Date() }, steps)).toBe("repeat");
    expect(applied).toHaveLength(1);
  });

  it("forgets deliveries received more than a week before this one, and only those", async () => {
    const now = new Date("2026-11-21T00:00:00Z");
    const old = new Date(now.getTime() - REMEMBER_DELIVERIES_MS - 1);
    const recent = new Date(now.getTime() - REMEMBER_DELIVERIES_MS);
    await database.prisma.webhookDelivery.createMany({
      data: [
        { shop: SHOP, webhookId: "old", topic: "products/update", receivedAt: old },
        { shop: SHOP, webhookId: "recent", topic: "products/update", receivedAt: recent },
      ],
    });
    expect(await applyDeliveryOnce(database.prisma, delivery({ webhookId: "new", receivedAt: now }), steps)).toBe(
      "applied",
    );
    const kept = await database.prisma.webhookDelivery.findMany({ orderBy: { receivedAt: "asc" } });
    expect(kept.map((row) => row.webhookId)).toEqual(["recent", "new"]);
    expect(REMEMBER_DELIVERIES_MS).toBe(7 * 24 * 3600_000);
  });

  it("changes nothing for a shop it has no row of", async () => {
    expect(await applyDeliveryOnce(database.prisma, delivery({ shop: "unknown.myshopify.com" }), steps)).toBe(
      "unknown_shop",
    );
    expect(applied).toEqual([]);
    expect(await database.prisma.webhookDelivery.count()).toBe(0);
  });

  it("refuses a body naming another shop, or naming this one by an id not known yet, recording nothing", async () => {
    expect(
      await applyDeliveryOnce(
        database.prisma,
        delivery({ claims: { domains: ["other.myshopify.com"], shopIds: [] } }),
        steps,
      ),
    ).toBe("another_shop");
    expect(await applyDeliveryOnce(database.prisma, delivery({ claims: { domains: [], shopIds: ["9"] } }), steps)).toBe(
      "unverified_shop",
    );
    expect(applied).toEqual([]);
    expect(await database.prisma.webhookDelivery.count()).toBe(0);
    expect((await shopRow()).shopifyShopId).toBeNull();
  });

  it("learns the shop's id from a body naming its domain and id, and hands the step the id", async () => {
    const outcome = await applyDeliveryOnce(
      database.prisma,
      delivery({ claims: { domains: [SHOP], shopIds: ["42"] } }),
      steps,
    );
    expect(outcome).toBe("applied");
    expect((await shopRow()).shopifyShopId).toBe("42");
    expect(applied[0]?.shopifyShopId).toBe("42");
  });

  it("under a shared lock, applies without writing the shop's row, so learns no id", async () => {
    const outcome = await applyDeliveryOnce(
      database.prisma,
      delivery({ claims: { domains: [SHOP], shopIds: ["42"] }, shopLock: "share" }),
      steps,
    );
    expect(outcome).toBe("applied");
    expect((await shopRow()).shopifyShopId).toBeNull();
    expect(applied[0]?.shopifyShopId).toBe("42");
  });

  it("ignores a stale delivery but lets it record what it may, and keeps no webhook id for it", async () => {
    const stale = delivery({ triggeredAt: new Date("2026-11-20T09:59:59Z") });
    expect(await applyDeliveryOnce(database.prisma, stale, steps)).toBe("stale");
    expect(applied).toEqual([]);
    expect(staleSeen.map((shop) => shop.domain)).toEqual([SHOP]);
    expect(await database.prisma.webhookDelivery.count()).toBe(0);
    // Before the latest token exchange, stale only for the topics that say so.
    const beforeExchange = new Date("2026-11-20T11:00:00Z");
    expect(
      await applyDeliveryOnce(
        database.prisma,
        delivery({ triggeredAt: beforeExchange, staleBefore: "token exchange" }),
        steps,
      ),
    ).toBe("stale");
    expect(await applyDeliveryOnce(database.prisma, delivery({ triggeredAt: beforeExchange }), steps)).toBe("applied");
  });

  it("rolls the delivery back when applying it fails, so Shopify's retry applies it", async () => {
    const failing = delivery({ webhookId: "webhook-fails" });
    await expect(
      applyDeliveryOnce(database.prisma, failing, {
        ...steps,
        apply: async () => {
          throw new Error("the change failed");
        },
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.prisma.webhookDelivery.count()).toBe(0);
    expect(await applyDeliveryOnce(database.prisma, failing, steps)).toBe("applied");
  });

  /**
   * Delivery `first` is held inside its change while `second` starts: answers whether `second` finished while
   * `first` still held the shop's row ("alongside") or waited on its lock ("waited"), then lets both finish.
   */
  async function secondDeliveryWhileFirstHeld(
    first: Partial<WebhookDelivery>,
    second: Partial<WebhookDelivery>,
  ): Promise<"alongside" | "waited"> {
    let holding!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const firstDone = applyDeliveryOnce(database.prisma, delivery(first), {
      ...steps,
      apply: async () => {
        holding();
        await released;
      },
    });
    await held;
    let secondFinished = false;
    const secondDone = applyDeliveryOnce(database.prisma, delivery(second), steps).finally(() => {
      secondFinished = true;
    });
    let answer: "alongside" | "waited" | undefined;
    while (answer === undefined) {
      const [{ waiting }] = await database.prisma.$queryRaw<[{ waiting: number }]>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (secondFinished) answer = "alongside";
      else if (waiting > 0) answer = "waited";
      else await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    expect(await firstDone).toBe("applied");
    expect(await secondDone).toBe("applied");
    return answer;
  }

  it("lets deliveries under a shared lock apply side by side", async () => {
    expect(await secondDeliveryWhileFirstHeld({ shopLock: "share" }, { shopLock: "share" })).toBe("alongside");
  });

  it("makes any delivery wait for one holding the shop's row for update, and one for update wait for a shared one", async () => {
    expect(await secondDeliveryWhileFirstHeld({ topic: "app/uninstalled" }, { shopLock: "share" })).toBe("waited");
    expect(await secondDeliveryWhileFirstHeld({ shopLock: "share" }, { topic: "app/uninstalled" })).toBe("waited");
  });

  it("gives a long change (shop/redact erasing a large shop) more than Prisma's 5 s default to commit", async () => {
    const slow = delivery({ topic: "shop/redact" });
    const outcome = await applyDeliveryOnce(database.prisma, slow, {
      ...steps,
      apply: async (tx) => void (await tx.$queryRaw`SELECT pg_sleep(5.2)::text`),
    });
    expect(outcome).toBe("applied");
    expect(await database.prisma.webhookDelivery.count()).toBe(1);
  }, 30_000);
});

describe("binding and staleness, at their edges", () => {
  it("compares the body's domains without regard to case, and a repeated id as one", () => {
    expect(
      bindToShop({ domains: ["Deliveries.MyShopify.com"], shopIds: [] }, "DELIVERIES.myshopify.com", null),
    ).toEqual({
      bound: true,
      learnedShopId: null,
    });
    expect(bindToShop({ domains: [SHOP], shopIds: ["7", "7"] }, SHOP, null)).toEqual({
      bound: true,
      learnedShopId: "7",
    });
    expect(bindToShop({ domains: [SHOP, "b.myshopify.com"], shopIds: [] }, SHOP, null)).toEqual({
      bound: false,
      outcome: "another_shop",
    });
    expect(bindToShop({ domains: [], shopIds: ["1", "2"] }, SHOP, "1")).toEqual({
      bound: false,
      outcome: "another_shop",
    });
  });

  it("a shop never token-exchanged is stale only before its install began", () => {
    const shop = { currentInstallSince: INSTALLED, latestInstallAt: null };
    expect(isStale(shop, new Date("2026-11-20T10:00:01Z"), "token exchange")).toBe(false);
    expect(isStale(shop, new Date("2026-11-20T09:00:00Z"), "token exchange")).toBe(true);
    expect(isStale({ currentInstallSince: INSTALLED, latestInstallAt: INSTALLED }, INSTALLED, "token exchange")).toBe(
      false,
    );
  });
});
