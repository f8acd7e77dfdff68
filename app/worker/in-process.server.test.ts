import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestDatabase } from "../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedShop } from "../../harness/render-fixtures";
import { useAppDatabase } from "../../test/support/app-modules";
import { RETENTION } from "./retention";

/**
 * The in-process worker (local development and the sandbox, WORKER_MODE=in-process) runs what `npm run worker` runs,
 * retention included: both call makeAppWorker().run() over one list of loops.
 */
describe("the in-process worker", () => {
  const SHOP = "in-process.myshopify.com";
  let database: TestDatabase;
  /** The app's log lines from when the worker started. */
  let log: { lines: Array<Record<string, unknown>> } = { lines: [] };
  beforeAll(async () => {
    database = await useAppDatabase("postgres");
  });
  afterAll(async () => {
    await globalThis.__modelShotsWorker?.stop();
    globalThis.__modelShotsWorker = undefined;
    delete process.env.WORKER_MODE;
    delete process.env.WORKER_TIME_FACTOR;
    await database?.close();
  });

  it("runs no worker in the app's process when workers run as their own processes (WORKER_MODE=external)", async () => {
    process.env.WORKER_MODE = "external";
    vi.resetModules();
    const { ensureInProcessWorker } = await import("./in-process.server");
    expect(ensureInProcessWorker()).toBeUndefined();
    expect(globalThis.__modelShotsWorker).toBeUndefined();
  });

  it("runs what the worker process runs: retention drops a delivery gathered over a week ago (ADR 098), the lister takes up listings, one worker per server process", async () => {
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

    // Large collections to list (page by page, or by a bulk export) for a shop whose Shopify session is gone: the
    // lister takes each and fails it, having asked Shopify.
    for (const method of ["pages", "bulk"] as const)
      await db.collectionListing.create({
        data: {
          shop: SHOP,
          collectionId: `gid://shopify/Collection/${method}`,
          status: "listing",
          expected: 300,
          method,
        },
      });
    // A product delivery for a rule on a collection, quiet long enough: the worker's tick gathers it and asks
    // Shopify which products are in the collection (what fails here, the session being gone).
    await db.automationRule.create({
      data: {
        shop: SHOP,
        name: "Summer",
        enabled: true,
        match: { collectionId: "gid://shopify/Collection/42" },
        options: DEFAULT_TEST_OPTIONS,
      },
    });
    const snapshot = {
      id: "gid://shopify/Product/1",
      title: "Tee",
      productType: "T-Shirts",
      vendor: "Acme",
      tags: [],
      status: "active",
      category: null,
      photos: [{ mediaId: "gid://shopify/MediaImage/1", url: "https://cdn.test/1.jpg", alt: null }],
    };
    await db.automationDelivery.create({
      data: { ...delivery("pending", 0), processedAt: null, product: snapshot },
    });
    process.env.WORKER_MODE = "in-process";
    // The sandbox's compressed schedule reaches the worker's config, with what the caller adds.
    process.env.WORKER_TIME_FACTOR = "0.5";
    vi.resetModules();
    const { captureAppLogLines } = await import("../../harness/app-log-lines");
    const capture = captureAppLogLines();
    log = capture;
    const { ensureInProcessWorker } = await import("./in-process.server");
    const appWorker = ensureInProcessWorker({ tickIntervalMs: 4_321 });
    capture.restore();
    expect(appWorker).toBeDefined();
    expect(appWorker).toBe(globalThis.__modelShotsWorker);
    expect(appWorker?.worker.config).toMatchObject({
      timeFactor: 0.5,
      automationQuietMs: 30_000,
      tickIntervalMs: 4_321,
    });
    // One worker per server process: asking again (a dev reload) gets the same one.
    expect(ensureInProcessWorker()).toBe(appWorker);

    // Retention's first pass runs as the worker starts.
    await vi.waitFor(
      async () => {
        const left = await db.automationDelivery.findMany({ select: { webhookId: true } });
        expect(left.map((row) => row.webhookId).sort()).toEqual(["gathered-lately", "pending"]);
      },
      { timeout: 20_000, interval: 200 },
    );
    await vi.waitFor(
      async () => {
        const listings = await db.collectionListing.findMany({ select: { status: true, error: true } });
        expect(listings).toEqual([
          { status: "failed", error: "messages:listing.unreadable" },
          { status: "failed", error: "messages:listing.unreadable" },
        ]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const failures = log.lines.filter((line) => line.msg === "reading a collection failed");
    expect(failures.map((line) => [line.collectionId, line.error]).sort()).toEqual([
      [
        "gid://shopify/Collection/bulk",
        `Error: Could not find a session for shop ${SHOP} when creating unauthenticated admin context`,
      ],
      [
        "gid://shopify/Collection/pages",
        `Error: Could not find a session for shop ${SHOP} when creating unauthenticated admin context`,
      ],
    ]);
    // Its log lines say they are the worker's, and so do its metrics.
    await vi.waitFor(() =>
      expect(log.lines).toContainEqual(expect.objectContaining({ component: "worker", msg: "retention dropped rows" })),
    );
    expect(await appWorker?.metrics.registry.metrics()).toContain('process="worker"');
  });

  it("gathers automation deliveries on its ticks, asking Shopify through the shop's session", async () => {
    await vi.waitFor(
      () =>
        expect(log.lines).toContainEqual(
          expect.objectContaining({
            component: "worker",
            msg: "automation gather failed",
            shop: SHOP,
            error: `Error: Could not find a session for shop ${SHOP} when creating unauthenticated admin context`,
          }),
        ),
      { timeout: 20_000, interval: 200 },
    );
    // Left pending for the next pass.
    expect(await database.prisma.automationDelivery.count({ where: { processedAt: null } })).toBe(1);
  });

  it("stops every loop of the worker, the render loop recording its stop", async () => {
    const appWorker = globalThis.__modelShotsWorker;
    expect(appWorker).toBeDefined();
    await appWorker?.stop();
    const beats = await database.prisma.workerHeartbeat.findMany();
    expect(beats).toHaveLength(1);
    expect(beats[0]?.stoppedAt).toBeInstanceOf(Date);
    // run() settles only once every loop (render, lister, retention) has ended.
    await appWorker?.run();
  });
});
