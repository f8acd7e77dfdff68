import type { FakeAdminApi } from "../fakes/shopify-admin";
import { webhookRequest } from "./shopify-requests";

/**
 * A products/create or products/update body for a product of the fake store: `sample` is Shopify's documented sample
 * (test/support/shopify-webhook-samples.ts; every field of it kept, the product's own values put in), what Shopify
 * would send for that product.
 */
export function productWebhookBody(
  fake: Pick<FakeAdminApi, "store">,
  shop: string,
  productId: string,
  sample: string,
  overrides: { updatedAt?: Date; status?: string; productType?: string; tags?: string[]; noPhotos?: boolean } = {},
): string {
  const product = fake.store.product(shop, productId);
  if (!product) throw new Error(`no product ${productId} in ${shop}`);
  const numericId = productId.split("/").pop() as string;
  const base = JSON.parse(sample.replace(/788032119674292922/g, numericId)) as Record<string, unknown>;
  const media = overrides.noPhotos
    ? []
    : fake.store.productMedia(shop, productId).map((item, index) => ({
        id: Number(item.id.split("/").pop()),
        product_id: Number(numericId),
        position: index + 1,
        alt: item.alt,
        status: "READY",
        media_content_type: "IMAGE",
        preview_image: { width: 64, height: 80, src: item.url, status: "READY" },
        admin_graphql_api_id: item.id,
      }));
  return JSON.stringify({
    ...base,
    title: product.title,
    product_type: overrides.productType ?? product.productType,
    vendor: product.vendor,
    tags: (overrides.tags ?? product.tags).join(", "),
    status: overrides.status ?? product.status.toLowerCase(),
    updated_at: (overrides.updatedAt ?? new Date()).toISOString(),
    media,
    images: media.map((item) => ({
      id: item.id,
      alt: item.alt,
      position: item.position,
      product_id: item.product_id,
      src: item.preview_image.src,
      admin_graphql_api_id: `gid://shopify/ProductImage/${item.id}`,
    })),
    category: product.category
      ? {
          admin_graphql_api_id: product.category.id,
          name: product.category.name,
          full_name: product.category.fullName,
        }
      : null,
  });
}

export interface BurstDelivery {
  webhookId: string;
  topic: "products/create" | "products/update";
  productId: string;
  body: string;
}

/**
 * A CSV import's burst as Shopify delivers it: every product created once, then updated at random (each update's
 * updated_at later than the last), the whole list shuffled (out of order), and a share of deliveries sent twice with
 * the same webhook id (Shopify retries).
 */
export function planProductBurst(input: {
  fake: Pick<FakeAdminApi, "store">;
  shop: string;
  productIds: string[];
  sample: string;
  total: number;
  duplicateShare: number;
  random: () => number;
  startAt?: Date;
}): BurstDelivery[] {
  const start = (input.startAt ?? new Date()).getTime();
  const updates = new Map<string, number>();
  const unique: BurstDelivery[] = [];
  const distinct = Math.round(input.total / (1 + input.duplicateShare));
  for (let i = 0; i < distinct; i++) {
    const productId = input.productIds[
      i < input.productIds.length ? i : Math.floor(input.random() * input.productIds.length)
    ] as string;
    const version = (updates.get(productId) ?? 0) + 1;
    updates.set(productId, version);
    unique.push({
      webhookId: `burst-${i}`,
      topic: version === 1 ? "products/create" : "products/update",
      productId,
      body: productWebhookBody(input.fake, input.shop, productId, input.sample, {
        updatedAt: new Date(start + version * 1000),
      }),
    });
  }
  const all = [...unique];
  while (all.length < input.total) all.push(unique[Math.floor(input.random() * unique.length)] as BurstDelivery);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(input.random() * (i + 1));
    [all[i], all[j]] = [all[j] as BurstDelivery, all[i] as BurstDelivery];
  }
  return all;
}

/** Posts deliveries, signed as Shopify signs them, `concurrency` at a time; each one's status and answer time. */
export type WebhookAction = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

export async function postDeliveries(
  actions: Record<BurstDelivery["topic"], WebhookAction>,
  shop: string,
  deliveries: BurstDelivery[],
  concurrency: number,
): Promise<Array<{ status: number; ms: number }>> {
  const answers: Array<{ status: number; ms: number }> = new Array(deliveries.length);
  let next = 0;
  const lane = async () => {
    while (next < deliveries.length) {
      const index = next++;
      const delivery = deliveries[index] as BurstDelivery;
      const request = webhookRequest(`/webhooks/${delivery.topic}`, {
        topic: delivery.topic,
        shop,
        payload: delivery.body,
        webhookId: delivery.webhookId,
      });
      const started = performance.now();
      let status: number;
      try {
        status = (await actions[delivery.topic]({ request, params: {}, context: {} })).status;
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        status = thrown.status;
      }
      answers[index] = { status, ms: performance.now() - started };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return answers;
}
