import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queueRender, QueueFullError } from "~/renders/lifecycle/queue-renders.server";
import { startRun } from "~/renders/runs/start-run.server";
import { type ColourTarget } from "~/renders/colour-variants/colour-variants";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { queueColourRenders } from "~/renders/colour-variants/queue-colour-renders.server";
import { planRun } from "~/renders/runs/plan-run.server";
import type { ProductForRender } from "~/catalog/catalog-port";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedRenders, seedShop } from "../../harness/render-fixtures";

const SHOP = "queue.myshopify.com";
const product = (n: number): ProductForRender => ({
  id: `gid://shopify/Product/${n}`,
  title: `Tee ${n}`,
  productType: "Shirts",
  category: null,
  photos: [{ mediaId: `gid://shopify/MediaImage/${n}`, url: `https://cdn.test/${n}.jpg`, alt: null }],
  variants: [],
});

describe("a shop's queued backlog cap", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await seedShop(database.prisma, SHOP);
  });

  const plan = (count: number) =>
    planRun(
      database.prisma,
      Array.from({ length: count }, (_, i) => product(i + 1)),
      { shop: SHOP, options: DEFAULT_TEST_OPTIONS, regenerate: false, posesFor: () => [DEFAULT_TEST_OPTIONS.poseId] },
    );
  const start = async (count: number, maxQueuedPerShop: number) =>
    startRun(database.prisma, {
      shop: SHOP,
      plan: await plan(count),
      options: DEFAULT_TEST_OPTIONS,
      scope: { kind: "products" },
      limits: { maxQueuedPerShop },
    });

  it("refuses a run that would overfill the queue, saying so, and creates nothing", async () => {
    await seedRenders(database.prisma, SHOP, 8);
    // Renders that are no longer waiting do not count.
    await seedRenders(database.prisma, SHOP, 5, { state: "running", externalJobId: "j" });
    const refused = start(3, 10);
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toThrow("messages:queue.full?count=3&queued=8&max=10");
    expect(await database.prisma.run.count()).toBe(0);
    expect(await database.prisma.render.count({ where: { state: "queued" } })).toBe(8);

    const { run } = await start(2, 10);
    expect(await database.prisma.render.count({ where: { runId: run.id } })).toBe(2);
  });

  it("refuses a single render when the queue is full", async () => {
    await seedRenders(database.prisma, SHOP, 3);
    const [candidate] = (await plan(1)).eligible;
    const queue = () =>
      queueRender(database.prisma, {
        shop: SHOP,
        product: candidate!.product,
        images: candidate!.images,
        options: DEFAULT_TEST_OPTIONS,
        limits: { maxQueuedPerShop: 3 },
      });
    await expect(queue()).rejects.toBeInstanceOf(QueueFullError);
    await database.prisma.render.updateMany({ where: { shop: SHOP }, data: { state: "cancelled" } });
    expect((await queue()).created).toBe(true);
  });
});

describe("one shot per colour in a nearly full queue", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // PostgreSQL: the requests below really run side by side.
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
  });
  afterAll(async () => {
    await database?.close();
  });

  const tee = product(1);
  const target = (value: string, n: number): ColourTarget => ({
    colour: { optionName: "Color", value, variantIds: [`gid://shopify/ProductVariant/${n}`] },
    images: { front: [`https://cdn.test/${value}.jpg`], mediaIds: [`gid://shopify/MediaImage/${n}`] },
  });
  const queueColours = (requestKey: string, maxQueuedPerShop: number) =>
    queueColourRenders(database.prisma, {
      shop: SHOP,
      product: tee,
      targets: [target("Red", 11), target("Navy", 12)],
      options: DEFAULT_TEST_OPTIONS,
      requestKey,
      limits: { maxQueuedPerShop },
    });

  it("queues all of a product's colours or none, however many requests race for the last room", async () => {
    // Room for 4 renders; four requests of 2 colours each: two get both colours, two get none.
    const outcomes = await Promise.allSettled(["a", "b", "c", "d"].map((key) => queueColours(`race-${key}`, 4)));
    const keysOf = async (key: string) =>
      database.prisma.render.count({ where: { requestKey: { startsWith: `race-${key}` } } });
    const counts = await Promise.all(["a", "b", "c", "d"].map(keysOf));
    expect(counts.every((count) => count === 0 || count === 2)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes)
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(QueueFullError);
    expect(await database.prisma.render.count({ where: { state: "queued" } })).toBe(4);
  });

  it("answers a retried request with the colours it queued, queueing nothing more", async () => {
    await database.prisma.render.deleteMany();
    const first = await queueColours("retried", 10);
    const again = await queueColours("retried", 10);
    expect(first.created).toBe(2);
    expect(again.created).toBe(0);
    expect(again.renders.map((render) => render.id)).toEqual(first.renders.map((render) => render.id));
    expect(again.renders.map((render) => variantColourOf(render.variantColour)?.value)).toEqual(["Red", "Navy"]);
    expect(await database.prisma.render.count()).toBe(2);
  });
});
