import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductSnapshot } from "~/automation/product-snapshot";
import { gatherShopDeliveries, GatherRaced, type GatherDeps } from "~/automation/gather-deliveries.server";
import { forgetInstall } from "~/shops/shop-lifecycle.server";
import { automaticRunScopeSchema } from "~/renders/runs/run-summary";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedShop, TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";

/**
 * The worker's gather step on its own (app/automation/gather-deliveries.server.ts): deliveries recorded as the
 * webhook records them, gathered as four workers would, against the PostgreSQL server.
 */
const SHOP = "gather.myshopify.com";
const COLLECTION = "gid://shopify/Collection/77";

const product = (n: number, extra: Partial<ProductSnapshot> = {}): ProductSnapshot => ({
  id: `gid://shopify/Product/${n}`,
  title: `Tee ${n}`,
  productType: "T-Shirts",
  vendor: "Acme",
  tags: ["new"],
  status: "active",
  category: null,
  photos: [{ mediaId: `gid://shopify/MediaImage/${n}`, url: `https://cdn.test/${n}.jpg`, alt: null }],
  ...extra,
});

describe("gathering automation deliveries", () => {
  let database: TestDatabase;
  let sequence = 0;
  let inCollection = new Set<string>();
  const deps = (): GatherDeps => ({
    db: database.prisma,
    now: () => new Date(),
    limits: TEST_QUEUE_LIMITS,
    catalogFor: async () => ({ ok: false, reason: "unavailable", message: "not read" }),
    membershipFor: async () => async (_collectionId, ids) => new Set(ids.filter((id) => inCollection.has(id))),
  });
  const gather = () => gatherShopDeliveries(deps(), SHOP);
  /** As the webhook records a delivery: `updatedAt` orders a product's states, whatever order they arrive in. */
  const record = (snapshot: ProductSnapshot, updatedAt = new Date(Date.now() + sequence * 1000)) =>
    database.prisma.automationDelivery.create({
      data: {
        shop: SHOP,
        webhookId: `w-${++sequence}`,
        productId: snapshot.id,
        topic: "products/update",
        productUpdatedAt: updatedAt,
        product: snapshot,
      },
    });
  const addRule = (data: { match?: object; monthlyBudgetCredits?: number | null; name?: string } = {}) =>
    database.prisma.automationRule.create({
      data: {
        shop: SHOP,
        name: data.name ?? "New arrivals",
        enabled: true,
        match: data.match ?? { tags: ["new"] },
        options: DEFAULT_TEST_OPTIONS,
        monthlyBudgetCredits: data.monthlyBudgetCredits ?? null,
      },
    });
  const rendersOf = (productId: string) => database.prisma.render.count({ where: { shop: SHOP, productId } });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await seedShop(database.prisma, SHOP);
    inCollection = new Set();
  });

  it("gathers a burst into one automatic run: each product's newest state decides, a product updated ten times renders once, a bag is skipped and listed", async () => {
    await addRule({ match: { collectionId: COLLECTION } });
    for (const n of [1, 2, 3, 4]) inCollection.add(product(n).id);
    // Ten updates of product 1, delivered newest first: the newest state (in the collection, a tee) decides.
    for (let i = 10; i >= 1; i--)
      await record(product(1, { title: `Tee 1 v${i}` }), new Date(Date.UTC(2026, 10, 1, 0, i)));
    await record(product(2));
    await record(product(3, { title: "Leather tote bag", productType: "Bags" }));
    await record(product(4, { photos: [] }));
    await record(product(5));
    const outcome = await gather();
    expect(outcome.deliveries).toBe(14);
    const runs = await database.prisma.run.findMany({ where: { shop: SHOP } });
    expect(runs).toHaveLength(1);
    const scope = automaticRunScopeSchema.parse(runs[0]?.scope);
    expect(scope.title).toBe("New arrivals, automatic: 2 products");
    expect(scope.skipped).toEqual([{ productId: product(3).id, title: "Leather tote bag", reason: "not_clothing" }]);
    const renders = await database.prisma.render.findMany({ where: { shop: SHOP }, orderBy: { productId: "asc" } });
    expect(renders.map((render) => [render.productId, render.productTitle, render.state])).toEqual([
      [product(1).id, "Tee 1 v10", "queued"],
      [product(2).id, "Tee 2", "queued"],
    ]);
    // More updates of the same products, later: nothing is rendered again with the same look.
    for (let i = 0; i < 3; i++) await record(product(1, { title: "Tee 1 renamed" }));
    await record(product(2));
    await gather();
    expect(await rendersOf(product(1).id)).toBe(1);
    expect(await rendersOf(product(2).id)).toBe(1);
    expect(await database.prisma.automationDelivery.count({ where: { processedAt: null } })).toBe(0);
  });

  it("drops a product that stops matching before its render starts, giving its credits back, and not one already started", async () => {
    const rule = await addRule();
    await record(product(1));
    await record(product(2));
    await gather();
    await database.prisma.render.updateMany({
      where: { productId: product(2).id },
      data: { state: "running", externalJobId: "job-2", creditsCharged: 5 },
    });
    // Both lose their "new" tag before product 1's render started.
    await record(product(1, { tags: [] }));
    await record(product(2, { tags: [] }));
    const outcome = await gather();
    expect(outcome.dropped).toBe(1);
    expect(
      await database.prisma.render.findMany({
        where: { shop: SHOP },
        select: { productId: true, state: true, errorCode: true },
        orderBy: { productId: "asc" },
      }),
    ).toEqual([
      { productId: product(1).id, state: "cancelled", errorCode: "automation_no_longer_matches" },
      { productId: product(2).id, state: "running", errorCode: null },
    ]);
    const spend = await database.prisma.automationSpend.findMany({ where: { ruleId: rule.id } });
    expect(spend.map((row) => row.credits)).toEqual([5]);
    // Matching again later, it is queued again.
    await record(product(1));
    await gather();
    expect(await database.prisma.render.count({ where: { productId: product(1).id, state: "queued" } })).toBe(1);
  });

  it("holds a rule's and the shop's monthly budgets exactly with four gathers at once, listing what did not fit", async () => {
    const limited = await addRule({ monthlyBudgetCredits: 23, name: "Limited" });
    const other = await addRule({ match: { vendors: ["Other"] }, name: "Other" });
    await database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { automationMonthlyBudgetCredits: 40 } });
    for (let n = 1; n <= 12; n++) await record(product(n));
    for (let n = 101; n <= 112; n++) await record(product(n, { vendor: "Other", tags: [] }));
    const outcomes = await Promise.allSettled([gather(), gather(), gather(), gather()]);
    for (const outcome of outcomes)
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(GatherRaced);
    // 23 credits hold four 5-credit renders; the shop's 40 leave the other rule four more (rules in creation order).
    expect(await database.prisma.render.count({ where: { run: { ruleId: limited.id } } })).toBe(4);
    expect(await database.prisma.render.count({ where: { run: { ruleId: other.id } } })).toBe(4);
    const spend = await database.prisma.automationSpend.findMany({ where: { shop: SHOP } });
    expect(spend.reduce((sum, row) => sum + row.credits, 0)).toBe(40);
    const runs = await database.prisma.run.findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } });
    expect(runs.map((run) => run.budgetCredits)).toEqual([20, 20]);
    const skipped = automaticRunScopeSchema.parse(runs[0]?.scope).skipped;
    expect(skipped.filter((entry) => entry.reason === "over_budget")).toHaveLength(8);
    // Later deliveries find no room left this month.
    await record(product(50));
    await gather();
    expect(await rendersOf(product(50).id)).toBe(0);
  });

  it("an uninstalled shop's deliveries are taken and nothing is queued; uninstall cancels what waited", async () => {
    await addRule();
    await record(product(1));
    await gather();
    await record(product(2));
    await database.prisma.$transaction((tx) => forgetInstall(tx, SHOP, new Date()));
    const outcome = await gather();
    expect(outcome.skippedReason).toBe("uninstalled");
    expect(await database.prisma.render.findMany({ where: { shop: SHOP }, select: { state: true } })).toEqual([
      { state: "cancelled" },
    ]);
    expect(await database.prisma.automationDelivery.count({ where: { processedAt: null } })).toBe(0);
  });
});
