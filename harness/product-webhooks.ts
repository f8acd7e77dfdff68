import type { FakeAdminApi } from "../fakes/shopify-admin";
import { productPayloadFields, type ProductPayloadOverrides } from "../fakes/shopify-admin/product-payload";
import { webhookRequest } from "./shopify-requests";

/**
 * A products/create or products/update body for a product of the fake store: `sample` is Shopify's documented sample
 * (test/support/shopify-webhook-samples.ts; every field of it kept, the product's own values put in by the fake's
 * `productPayloadFields`, which the sandbox's admin sends too), what Shopify would send for that product.
 */
export function productWebhookBody(
  fake: Pick<FakeAdminApi, "store">,
  shop: string,
  productId: string,
  sample: string,
  overrides: ProductPayloadOverrides = {},
): string {
  const numericId = productId.split("/").pop() as string;
  const base = JSON.parse(sample.replace(/788032119674292922/g, numericId)) as Record<string, unknown>;
  return JSON.stringify({ ...base, ...productPayloadFields(fake.store, shop, productId, overrides) });
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

/** A webhook route module's action, called in this process as Remix would call it. */
export type WebhookAction = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

/** Hands one signed delivery to the app and resolves with the status it answered. */
export type SendDelivery = (request: Request, delivery: BurstDelivery) => Promise<number>;

/** To the route modules in this process (cheap: no build, no server; what the app's handling costs). */
export function toRouteModules(actions: Record<BurstDelivery["topic"], WebhookAction>): SendDelivery {
  return async (request, delivery) => {
    try {
      return (await actions[delivery.topic]({ request, params: {}, context: {} })).status;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return thrown.status;
    }
  };
}

/**
 * Over HTTP to a running app at `baseUrl`, as Shopify posts them: the answer counts once its body is read (the
 * connection is free for the next delivery only then).
 */
export function overHttp(baseUrl: string): SendDelivery {
  return async (request, delivery) => {
    const response = await fetch(new URL(`/webhooks/${delivery.topic}`, baseUrl), {
      method: "POST",
      headers: request.headers,
      body: delivery.body,
    });
    await response.arrayBuffer();
    return response.status;
  };
}

/** Posts deliveries, signed as Shopify signs them, `concurrency` at a time; each one's status and answer time. */
export async function postDeliveries(
  send: SendDelivery,
  shop: string,
  deliveries: BurstDelivery[],
  concurrency: number,
  /** Another secret than the app's: every delivery is refused (a warm-up that records nothing). */
  options: { secret?: string } = {},
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
        ...(options.secret === undefined ? {} : { secret: options.secret }),
      });
      const started = performance.now();
      const status = await send(request, delivery);
      answers[index] = { status, ms: performance.now() - started };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return answers;
}
