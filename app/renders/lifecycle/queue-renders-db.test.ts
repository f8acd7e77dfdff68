import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductForRender } from "~/catalog/catalog-port";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { DEFAULT_TEST_OPTIONS, seedRenders, seedShop, TEST_QUEUE_LIMITS } from "../../../harness/render-fixtures";
import { queueRender, queueRenderGroups } from "./queue-renders.server";

/** Queueing renders in the database: what each candidate row carries, their order, and retried requests. */

const SHOP = "queue-renders.myshopify.com";
const OTHER = "queue-renders-other.myshopify.com";
const PRODUCT = { id: "gid://shopify/Product/1", title: "Linen shirt" } as ProductForRender;
const IMAGES = { front: ["https://cdn.shopify.com/a.jpg"], mediaIds: [] };
const colour = (value: string, id: number) => ({
  optionName: "Color",
  value,
  variantIds: [`gid://shopify/ProductVariant/${id}`],
});

describe("queueing renders", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    // Another shop's render in the same candidate-less world: never among this shop's answers.
    await seedRenders(database.prisma, OTHER, 1);
  });

  const base = {
    shop: SHOP,
    product: PRODUCT,
    images: IMAGES,
    options: DEFAULT_TEST_OPTIONS,
    limits: TEST_QUEUE_LIMITS,
  };

  it("queues candidates side by side: the key on the first, the original and colour on each, in candidate order", async () => {
    const first = await queueRender(database.prisma, {
      ...base,
      candidates: 3,
      requestKey: "req-1",
      regeneratedFromId: "orig-1",
      variantColour: colour("Red", 1),
    });
    expect(first.created).toBe(true);
    expect(first.renders.map((render) => render.candidateIndex)).toEqual([1, 2, 3]);
    expect(first.renders.map((render) => render.requestKey)).toEqual(["req-1", null, null]);
    for (const render of first.renders) {
      expect(render).toMatchObject({
        shop: SHOP,
        state: "queued",
        regeneratedFromId: "orig-1",
        variantColour: colour("Red", 1),
        candidateGroup: first.render.candidateGroup,
      });
    }
    expect(first.render.id).toBe(first.renders[0]?.id);

    // The same request again: the same renders, nothing more queued.
    const again = await queueRender(database.prisma, { ...base, candidates: 3, requestKey: "req-1" });
    expect(again.created).toBe(false);
    expect(again.renders.map((render) => render.id)).toEqual(first.renders.map((render) => render.id));
    expect(await database.prisma.render.count({ where: { shop: SHOP } })).toBe(3);

    // A regenerated candidate joins the group under its number and is listed in its place, not last.
    const group = first.render.candidateGroup ?? "";
    const regenerated = await queueRender(database.prisma, { ...base, joinCandidateGroup: { group, index: 1 } });
    expect(regenerated.renders.map((render) => render.candidateIndex)).toEqual([1, 1, 2, 3]);
    expect(regenerated.renders[1]?.id).toBe(regenerated.render.id);
  });

  it("queues a single render with nothing optional set", async () => {
    const { render, renders } = await queueRender(database.prisma, base);
    expect(renders).toEqual([render]);
    expect(render).toMatchObject({
      requestKey: null,
      regeneratedFromId: null,
      candidateGroup: null,
      variantColour: null,
    });
  });

  it("queues a product's colours as groups, each group's key on its first render, and answers a retry with them", async () => {
    const groups = [
      { images: IMAGES, variantColour: colour("Red", 1), requestKey: "red" },
      { images: IMAGES, variantColour: colour("Navy", 2), requestKey: "navy" },
    ];
    const first = await queueRenderGroups(database.prisma, { ...base, groups, candidates: 2 });
    expect(first.created).toBe(true);
    expect(
      first.renders.map((render) => [
        render.requestKey,
        render.candidateIndex,
        (render.variantColour as { value: string }).value,
      ]),
    ).toEqual([
      ["red", 1, "Red"],
      [null, 2, "Red"],
      ["navy", 1, "Navy"],
      [null, 2, "Navy"],
    ]);
    const again = await queueRenderGroups(database.prisma, { ...base, groups, candidates: 2 });
    expect(again).toEqual({ renders: first.renders, created: false });
    expect(await database.prisma.render.count({ where: { shop: SHOP } })).toBe(4);
  });

  it("queues nothing for no groups", async () => {
    expect(await queueRenderGroups(database.prisma, { ...base, groups: [] })).toEqual({ renders: [], created: false });
    expect(await database.prisma.render.count({ where: { shop: SHOP } })).toBe(0);
  });
});
