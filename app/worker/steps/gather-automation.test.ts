import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSnapshot } from "~/automation/product-snapshot";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedShop, TEST_QUEUE_LIMITS } from "../../../harness/render-fixtures";
import { recordingLogger } from "../../../harness/recording-logger";
import { makeWorkerConfig } from "../worker-config";
import { gatherAutomation, type AutomationDeps } from "./gather-automation";

/**
 * The tick's automation step (app/worker/steps/gather-automation.ts) over several shops: which shops it gathers,
 * what it logs, and that one shop's failure or a race with another worker does not stop the others.
 * test/pipeline/automation-gather.test.ts covers gathering one shop.
 */
const NOW = new Date();
const QUIET_MS = 60_000;

const product = (n: number): ProductSnapshot => ({
  id: `gid://shopify/Product/${n}`,
  title: `Tee ${n}`,
  productType: "T-Shirts",
  vendor: "Acme",
  tags: ["new"],
  status: "active",
  category: null,
  photos: [{ mediaId: `gid://shopify/MediaImage/${n}`, url: `https://cdn.test/${n}.jpg`, alt: null }],
});

describe("the worker's automation step", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gathers each shop whose deliveries are quiet, logging what it queued; a shop that fails is warned about and a race is let go", async () => {
    const db = database.prisma;
    let webhook = 0;
    /** A shop with a rule and `count` deliveries received `agoMs` before now, the oldest first. */
    const shopWithDeliveries = async (shop: string, agoMs: number, count = 1) => {
      await seedShop(db, shop);
      await db.automationRule.create({
        data: { shop, name: "New arrivals", enabled: true, match: { tags: ["new"] }, options: DEFAULT_TEST_OPTIONS },
      });
      for (let n = 1; n <= count; n++)
        await db.automationDelivery.create({
          data: {
            shop,
            webhookId: `w-${++webhook}`,
            productId: product(n).id,
            topic: "products/update",
            productUpdatedAt: NOW,
            receivedAt: new Date(NOW.getTime() - agoMs - (count - n)),
            product: product(n),
          },
        });
    };
    // Oldest first: the order the step takes them in.
    await shopWithDeliveries("broken.myshopify.com", 5 * QUIET_MS);
    await shopWithDeliveries("raced.myshopify.com", 4 * QUIET_MS, 2);
    await shopWithDeliveries("taken.myshopify.com", 3 * QUIET_MS);
    await shopWithDeliveries("quiet.myshopify.com", 2 * QUIET_MS, 2);
    await shopWithDeliveries("busy.myshopify.com", 1_000);

    const catalogsAsked: string[] = [];
    const deps: AutomationDeps = {
      limits: TEST_QUEUE_LIMITS,
      // Asked between reading a shop's deliveries and taking them: where another worker can get there first.
      catalogFor: async (shop) => {
        catalogsAsked.push(shop);
        if (shop === "broken.myshopify.com") throw new Error("catalog unreachable");
        if (shop === "raced.myshopify.com")
          await db.automationDelivery.updateMany({ where: { shop, webhookId: "w-2" }, data: { processedAt: NOW } });
        if (shop === "taken.myshopify.com")
          await db.automationDelivery.updateMany({ where: { shop }, data: { processedAt: NOW } });
        return { ok: false, reason: "unavailable", message: "not read" };
      },
      membershipFor: async () => async () => new Set<string>(),
    };
    const { lines, logger } = recordingLogger();

    const outcomes = await gatherAutomation({
      db,
      config: makeWorkerConfig({ automationQuietMs: QUIET_MS, automationMaxWaitMs: 10 * QUIET_MS }),
      now: () => NOW,
      logger,
      deps,
    });

    expect(catalogsAsked).toEqual([
      "broken.myshopify.com",
      "raced.myshopify.com",
      "taken.myshopify.com",
      "quiet.myshopify.com",
    ]);
    expect(
      outcomes.map((outcome) => [outcome.shop, outcome.deliveries, outcome.runs.length, outcome.skippedReason]),
    ).toEqual([
      ["taken.myshopify.com", 0, 0, "taken"],
      ["quiet.myshopify.com", 2, 1, undefined],
    ]);
    expect(lines).toEqual([
      {
        level: "warn",
        message: "automation gather failed",
        context: { shop: "broken.myshopify.com", error: "Error: catalog unreachable" },
      },
      {
        level: "info",
        message: "automation gathered",
        context: { shop: "quiet.myshopify.com", deliveries: 2, runs: outcomes[1]?.runs, dropped: 0 },
      },
    ]);
    // What failed or raced stays pending for the next pass; the busy shop waits for quiet.
    const pending = await db.automationDelivery.groupBy({ by: ["shop"], where: { processedAt: null }, _count: true });
    expect(pending.map((row) => [row.shop, row._count]).sort()).toEqual([
      ["broken.myshopify.com", 1],
      ["busy.myshopify.com", 1],
      ["raced.myshopify.com", 1],
    ]);
    expect(await db.render.count({ where: { shop: "quiet.myshopify.com" } })).toBe(2);
  });
});
