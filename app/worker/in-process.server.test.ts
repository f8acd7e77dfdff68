import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestDatabase } from "../../harness/database";
import { seedShop } from "../../harness/render-fixtures";
import { useAppDatabase } from "../../test/support/app-modules";
import { RETENTION } from "./retention";

/**
 * The in-process worker (local development and the sandbox, WORKER_MODE=in-process) runs what `npm run worker` runs,
 * retention included: both call makeAppWorker().run() over one list of loops.
 */
describe("the in-process worker", () => {
  const SHOP = "in-process.myshopify.com";
  let database: TestDatabase;
  beforeAll(async () => {
    database = await useAppDatabase("postgres");
    process.env.WORKER_MODE = "in-process";
  });
  afterAll(async () => {
    await globalThis.__modelShotsWorker?.stop();
    globalThis.__modelShotsWorker = undefined;
    await database?.close();
  });

  it("drops a product delivery gathered over a week ago, as the worker process does (ADR 098)", async () => {
    const db = database.prisma;
    await seedShop(db, SHOP);
    const delivery = (webhookId: string, gatheredMsAgo: number) => ({
      shop: SHOP,
      webhookId,
      productId: "gid://shopify/Product/1",
      topic: "products/update",
      productUpdatedAt: new Date(Date.now() - RETENTION.gatheredDeliveriesMs * 2),
      receivedAt: new Date(Date.now() - RETENTION.gatheredDeliveriesMs * 2),
      product: {},
      processedAt: new Date(Date.now() - gatheredMsAgo),
    });
    const hour = 3600_000;
    await db.automationDelivery.createMany({
      data: [
        delivery("gathered-long-ago", RETENTION.gatheredDeliveriesMs + hour),
        delivery("gathered-lately", RETENTION.gatheredDeliveriesMs - hour),
      ],
    });

    const { ensureInProcessWorker } = await import("./in-process.server");
    expect(ensureInProcessWorker()).toBe(globalThis.__modelShotsWorker);

    // Retention's first pass runs as the worker starts.
    await vi.waitFor(
      async () => {
        const left = await db.automationDelivery.findMany({ select: { webhookId: true } });
        expect(left.map((row) => row.webhookId)).toEqual(["gathered-lately"]);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
