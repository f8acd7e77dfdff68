import { z } from "zod";
import type { ShopClaims } from "~/shops/webhook-deliveries.server";
import { tagsOf, type ProductSnapshot } from "~/automation/product-snapshot";

/**
 * The payloads of the webhooks the app subscribes to, one schema per topic, checked against Shopify's documented
 * sample of each (test/support/shopify-webhook-samples.ts), and where each payload names its shop. Bodies are parsed
 * with parseJsonKeepingLargeIntegers, so an id past 2^53 arrives here as its digits, never rounded.
 */

/** A numeric id as Shopify sends it (a JSON number, or its digits when past 2^53), as digits. */
export const shopifyNumericId = z
  .union([z.int().min(0), z.string().regex(/^\d+$/)])
  .transform((id) => BigInt(id).toString());

/** A shop's gid (app/scopes_update's `shop_id`: "gid://shopify/Shop/548380009"), as the digits of its id. */
const shopGidAsId = z
  .string()
  .regex(/^gid:\/\/shopify\/Shop\/\d+$/)
  .transform((gid) => gid.slice(gid.lastIndexOf("/") + 1));

/** app/uninstalled: the shop object. Most of it may be null (Shopify's own sample has `domain: null`). */
export const appUninstalledPayload = z.looseObject({
  id: shopifyNumericId,
  myshopify_domain: z.string().nullish(),
  // The primary domain: often the merchant's own (shop.example.com), or the myshopify.com one.
  domain: z.string().nullish(),
});

export const appScopesUpdatePayload = z.looseObject({
  shop_id: z.union([shopGidAsId, shopifyNumericId]).optional(),
  current: z.array(z.string()),
  previous: z.array(z.string()).optional(),
  updated_at: z.string().nullish(),
});

const customer = z.looseObject({
  id: shopifyNumericId,
  email: z.string().nullish(),
  phone: z.string().nullish(),
});

export const customersDataRequestPayload = z.looseObject({
  shop_id: shopifyNumericId,
  shop_domain: z.string(),
  customer,
  orders_requested: z.array(shopifyNumericId).optional(),
  data_request: z.looseObject({ id: shopifyNumericId }).optional(),
});

export const customersRedactPayload = z.looseObject({
  shop_id: shopifyNumericId,
  shop_domain: z.string(),
  customer,
  orders_to_redact: z.array(shopifyNumericId).optional(),
});

export const shopRedactPayload = z.looseObject({
  shop_id: shopifyNumericId,
  shop_domain: z.string(),
});

/** products/delete: only the product's id, a number that is often past 2^53. */
export const productsDeletePayload = z.looseObject({ id: shopifyNumericId });

const productImage = z.looseObject({
  id: shopifyNumericId,
  src: z.string().nullish(),
  alt: z.string().nullish(),
  admin_graphql_api_id: z.string().nullish(),
});

const productMedia = z.looseObject({
  id: shopifyNumericId,
  alt: z.string().nullish(),
  media_content_type: z.string().nullish(),
  admin_graphql_api_id: z.string().nullish(),
  preview_image: z.looseObject({ src: z.string().nullish() }).nullish(),
});

/**
 * products/create and products/update: the product resource (Shopify's documented sample has `images: []`, `media: []`
 * and `category: null`). Only what a rule matches on and planning reads is checked; the rest passes through.
 */
export const productPayload = z.looseObject({
  id: shopifyNumericId,
  title: z.string(),
  product_type: z.string().nullish(),
  vendor: z.string().nullish(),
  tags: z.string().nullish(),
  status: z.string().nullish(),
  updated_at: z.string().nullish(),
  images: z.array(productImage).nullish(),
  media: z.array(productMedia).nullish(),
  category: z
    .looseObject({ admin_graphql_api_id: z.string(), name: z.string().nullish(), full_name: z.string().nullish() })
    .nullish(),
});
export type ProductPayload = z.output<typeof productPayload>;

/**
 * The product as automation stores it: photos from `media` (their MediaImage ids, what publishing and the photo rule
 * use), else from `images`.
 */
export function productSnapshotOf(payload: ProductPayload): ProductSnapshot {
  const media = (payload.media ?? []).filter(
    (item) => (item.media_content_type ?? "IMAGE") === "IMAGE" && item.preview_image?.src,
  );
  const photos =
    media.length > 0
      ? media.map((item) => ({
          mediaId: item.admin_graphql_api_id ?? `gid://shopify/MediaImage/${item.id}`,
          url: item.preview_image?.src ?? null,
          alt: item.alt ?? null,
        }))
      : (payload.images ?? [])
          .filter((image) => image.src)
          .map((image) => ({
            mediaId: image.admin_graphql_api_id ?? `gid://shopify/ProductImage/${image.id}`,
            url: image.src ?? null,
            alt: image.alt ?? null,
          }));
  const category = payload.category;
  return {
    id: `gid://shopify/Product/${payload.id}`,
    title: payload.title,
    productType: payload.product_type || null,
    vendor: payload.vendor || null,
    tags: tagsOf(payload.tags),
    status: payload.status?.toLowerCase() ?? null,
    category: category
      ? { id: category.admin_graphql_api_id, name: category.name ?? "", fullName: category.full_name ?? "" }
      : null,
    photos,
  };
}

/** bulk_operations/finish: which operation ended and how (status and error code in lower case). */
export const bulkOperationsFinishPayload = z.looseObject({
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
  status: z.string().transform((status) => status.toUpperCase()),
  error_code: z.string().nullish(),
  type: z.string().nullish(),
  created_at: z.string().nullish(),
  completed_at: z.string().nullish(),
});

/** Only a myshopify.com domain in the shop object's `domain` names the shop; a merchant's own domain names nothing. */
const myshopifyDomainOnly = (domain: string | null | undefined) =>
  domain && /\.myshopify\.com$/i.test(domain) ? domain : null;

const present = <T>(values: Array<T | null | undefined>): T[] => values.filter((value): value is T => value != null);

/** Every subscribed topic (shopify.app.toml) and its schema. */
const SCHEMAS = {
  "app/uninstalled": appUninstalledPayload,
  "app/scopes_update": appScopesUpdatePayload,
  "bulk_operations/finish": bulkOperationsFinishPayload,
  "products/delete": productsDeletePayload,
  "products/create": productPayload,
  "products/update": productPayload,
  "customers/data_request": customersDataRequestPayload,
  "customers/redact": customersRedactPayload,
  "shop/redact": shopRedactPayload,
};

export type WebhookTopic = keyof typeof SCHEMAS;
export type WebhookPayload<Topic extends WebhookTopic> = z.output<(typeof SCHEMAS)[Topic]>;

// Written per topic so a generic caller gets its topic's payload type (TypeScript correlates mapped types).
const TOPIC_SCHEMAS: { [Topic in WebhookTopic]: z.ZodType<WebhookPayload<Topic>> } = SCHEMAS;

const NAMES_NO_SHOP: ShopClaims = { domains: [], shopIds: [] };

/** Where each topic's signed body names its shop; a topic whose body names none claims nothing. */
const SHOP_CLAIMS: { [Topic in WebhookTopic]: (payload: WebhookPayload<Topic>) => ShopClaims } = {
  "app/uninstalled": (shop) => ({
    domains: present([shop.myshopify_domain, myshopifyDomainOnly(shop.domain)]),
    shopIds: [shop.id],
  }),
  "app/scopes_update": (update) => ({ domains: [], shopIds: present([update.shop_id]) }),
  "bulk_operations/finish": () => NAMES_NO_SHOP,
  "products/delete": () => NAMES_NO_SHOP,
  "products/create": () => NAMES_NO_SHOP,
  "products/update": () => NAMES_NO_SHOP,
  "customers/data_request": (request) => ({ domains: [request.shop_domain], shopIds: [request.shop_id] }),
  "customers/redact": (redact) => ({ domains: [redact.shop_domain], shopIds: [redact.shop_id] }),
  "shop/redact": (redact) => ({ domains: [redact.shop_domain], shopIds: [redact.shop_id] }),
};

export const WEBHOOK_TOPICS = Object.keys(SCHEMAS) as WebhookTopic[];

/** A topic's payload parsed with its schema, and what it says about its shop; the issues in words when it fails. */
export function readWebhookPayload<Topic extends WebhookTopic>(
  topic: Topic,
  json: unknown,
): { ok: true; payload: WebhookPayload<Topic>; claims: ShopClaims } | { ok: false; issues: string } {
  const parsed = TOPIC_SCHEMAS[topic].safeParse(json);
  if (!parsed.success) return { ok: false, issues: z.prettifyError(parsed.error) };
  return { ok: true, payload: parsed.data, claims: SHOP_CLAIMS[topic](parsed.data) };
}
