import type { Prisma, PrismaClient, Render } from "@prisma/client";
import { lookKeyOf, type QueueLimits } from "~/renders/lifecycle/queue-renders.server";
import { jobInputFor, type RenderOptions } from "~/looks/render-options";

export const DEFAULT_TEST_OPTIONS: RenderOptions = {
  productType: "top",
  productCategory: "t_shirt",
  mannequinId: "mnq_amara",
  poseId: "pose_front_relaxed",
  resolution: "2K",
  aspectRatio: "3:4",
  bodySize: "M",
  expression: "neutral",
};

/** The queue cap tests queue under unless they test the cap: the app's default, MAX_QUEUED_PER_SHOP's. */
export const TEST_QUEUE_LIMITS: QueueLimits = { maxQueuedPerShop: 50_000 };

export async function seedShop(
  db: PrismaClient,
  shop: string,
  settings: Partial<Prisma.ShopSettingsUncheckedCreateInput> = {},
) {
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
  await db.shopSettings.upsert({ where: { shop }, create: { shop, ...settings }, update: settings });
}

let sequence = 0;

/**
 * Render rows as the app creates them (queued unless overridden); `createdAt` spaced so ordering is deterministic.
 * An `externalJobId` given for several rows is numbered (`j-1`, `j-2`…): job ids are unique per shop.
 */
export async function seedRenders(
  db: PrismaClient,
  shop: string,
  count: number,
  overrides: Partial<Prisma.RenderUncheckedCreateInput> = {},
  options: RenderOptions = DEFAULT_TEST_OPTIONS,
): Promise<Render[]> {
  const rows: Prisma.RenderCreateManyInput[] = [];
  for (let i = 0; i < count; i++) {
    sequence += 1;
    const image = `https://images.test/${shop}/${sequence}.jpg`;
    rows.push({
      shop,
      productId: `gid://shopify/Product/${sequence}`,
      productTitle: `Product ${sequence}`,
      sourceImages: { front: [image], mediaIds: [`gid://shopify/MediaImage/${sequence}`] },
      params: jobInputFor(options, { front: [image], mediaIds: [] }) as unknown as Prisma.InputJsonValue,
      resolution: options.resolution,
      lookKey: lookKeyOf(options),
      creditsCost: options.resolution === "4K" ? 6 : 5,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, sequence)),
      nextAttemptAt: new Date(Date.UTC(2026, 0, 1)),
      ...overrides,
      // A shop's job ids are unique (one job, one render): several rows get numbered ones.
      ...(overrides.externalJobId && count > 1 ? { externalJobId: `${overrides.externalJobId}-${i + 1}` } : {}),
    } as Prisma.RenderCreateManyInput);
  }
  await db.render.createMany({ data: rows });
  return db.render.findMany({ where: { shop }, orderBy: { createdAt: "asc" } });
}
