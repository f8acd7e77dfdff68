import { z } from "zod";

/** Payloads of the webhooks the app subscribes to, reduced to the fields it reads. */

export const appUninstalledPayload = z.looseObject({
  myshopify_domain: z.string().optional(),
  domain: z.string().optional(),
});

export const appScopesUpdatePayload = z.looseObject({
  current: z.array(z.string()),
  previous: z.array(z.string()).optional(),
  updated_at: z.string().optional(),
});

export const customersDataRequestPayload = z.looseObject({
  shop_id: z.number(),
  shop_domain: z.string(),
  customer: z.looseObject({ id: z.number() }),
  data_request: z.looseObject({ id: z.number() }).optional(),
});

export const customersRedactPayload = z.looseObject({
  shop_id: z.number(),
  shop_domain: z.string(),
  customer: z.looseObject({ id: z.number() }),
});

export const shopRedactPayload = z.looseObject({
  shop_id: z.number(),
  shop_domain: z.string(),
});

export const productsDeletePayload = z.looseObject({ id: z.number() });

/** bulk_operations/finish: which operation ended and how (status and error code in lower case). */
export const bulkOperationsFinishPayload = z.looseObject({
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
  status: z.string().transform((status) => status.toUpperCase()),
  error_code: z.string().nullish(),
  type: z.string().optional(),
});

export const WEBHOOK_TOPICS = {
  bulkOperationsFinish: "bulk_operations/finish",
  productsDelete: "products/delete",
  appUninstalled: "app/uninstalled",
  appScopesUpdate: "app/scopes_update",
  customersDataRequest: "customers/data_request",
  customersRedact: "customers/redact",
  shopRedact: "shop/redact",
} as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[keyof typeof WEBHOOK_TOPICS];
