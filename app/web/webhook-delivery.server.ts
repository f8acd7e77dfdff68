import type { PrismaClient } from "@prisma/client";
import prisma from "~/db.server";
import { parseJsonKeepingLargeIntegers } from "~/lib/exact-json";
import { appLogger } from "~/lib/logger.server";
import { readWebhookPayload, type WebhookPayload, type WebhookTopic } from "~/shopify/webhook-payloads";
import { authenticate } from "~/shopify.server";
import {
  applyDeliveryOnce,
  type DeliveryOutcome,
  type ShopAtDelivery,
  type Tx,
  type WebhookDelivery,
} from "~/shops/webhook-deliveries.server";
import { readBodyOf } from "./body-limits.server";

/**
 * The one path every webhook route takes (ADR 063, 064): read the body under the webhook limit (413 past it), check
 * Shopify's signature (401), check the topic is this route's (400), parse the body with the topic's schema keeping
 * large ids exact (400), then bind it to the shop its signed body names, skip it when stale or already applied, and
 * apply it under a lock on the shop's row. A delivery bound to another shop, stale or a repeat is answered 200 and
 * changes nothing: Shopify retries any other answer, and retrying cannot make it apply (ADR 063).
 *
 * A new topic plugs in with its schema and claims in app/shopify/webhook-payloads.ts and a route:
 *   export const action = webhookAction({ topic: "products/update", staleBefore: "install", apply: (tx, delivery) => … });
 */

export interface AppliedDelivery<Topic extends WebhookTopic> {
  shop: ShopAtDelivery;
  payload: WebhookPayload<Topic>;
  webhookId: string;
  triggeredAt: Date;
  receivedAt: Date;
}

export interface WebhookTopicHandler<Topic extends WebhookTopic> {
  topic: Topic;
  /** Which deliveries are too old to apply (see WebhookDelivery): every topic's from an earlier install, at least. */
  staleBefore: WebhookDelivery["staleBefore"];
  /** How the shop's row is held (see WebhookDelivery): "share" for topics that change nothing of it. */
  shopLock?: WebhookDelivery["shopLock"];
  /** The change, inside the transaction that holds the shop's row and records the webhook id. */
  apply(tx: Tx, delivery: AppliedDelivery<Topic>): Promise<void>;
  /** What a stale delivery may still record about the install (it changes none of the shop's data). */
  whenStale?(tx: Tx, delivery: AppliedDelivery<Topic>): Promise<void>;
}

export interface WebhookActionDeps {
  db: () => PrismaClient;
  /** Shopify's signature check: the library's authenticate.webhook. */
  verify: (request: Request) => Promise<{ topic: string; shop: string; webhookId: string; triggeredAt?: string }>;
  now: () => Date;
}

const defaultDeps: WebhookActionDeps = {
  db: () => prisma,
  verify: (request) => authenticate.webhook(request),
  now: () => new Date(),
};

/** Normalises "APP_UNINSTALLED" and "app/uninstalled" to one form. */
const topicKey = (topic: string) => topic.toLowerCase().replace(/[/_]/g, "");

const refuse = (status: number, message: string) => new Response(message, { status });

/** X-Shopify-Triggered-At when it is a time; a delivery without one is taken as triggered when it arrived. */
function triggeredAtOf(header: string | undefined, receivedAt: Date): Date {
  const triggered = header ? new Date(header) : undefined;
  return triggered && !Number.isNaN(triggered.getTime()) ? triggered : receivedAt;
}

export function webhookAction<Topic extends WebhookTopic>(
  handler: WebhookTopicHandler<Topic>,
  deps: WebhookActionDeps = defaultDeps,
): (args: { request: Request }) => Promise<Response> {
  return async ({ request }) => {
    const receivedAt = deps.now();
    const body = await readBodyOf("webhook", request);
    // Shopify's library reads the whole body itself to check the signature: it gets the bytes already read.
    const signed = await deps
      .verify(new Request(request.url, { method: request.method, headers: request.headers, body }))
      .catch((error: unknown) => {
        // The library parses the body once the signature holds: a signed body that is not JSON is malformed.
        if (error instanceof SyntaxError) throw refuse(400, "The webhook body is not JSON.");
        throw error;
      });
    if (topicKey(signed.topic) !== topicKey(handler.topic)) {
      throw refuse(400, `This endpoint handles ${handler.topic}, not ${signed.topic}`);
    }
    const read = readWebhookPayload(handler.topic, parseJsonKeepingLargeIntegers(new TextDecoder().decode(body)));
    const log = appLogger().child({ component: "webhooks", topic: handler.topic, shop: signed.shop });
    if (!read.ok) {
      log.warn({ webhookId: signed.webhookId, issues: read.issues }, "webhook payload refused");
      throw refuse(400, `Malformed ${handler.topic} payload`);
    }
    const triggeredAt = triggeredAtOf(signed.triggeredAt, receivedAt);
    const delivered = (shop: ShopAtDelivery): AppliedDelivery<Topic> => ({
      shop,
      payload: read.payload,
      webhookId: signed.webhookId,
      triggeredAt,
      receivedAt,
    });
    const outcome: DeliveryOutcome = await applyDeliveryOnce(
      deps.db(),
      {
        shop: signed.shop,
        topic: handler.topic,
        webhookId: signed.webhookId,
        triggeredAt,
        receivedAt,
        claims: read.claims,
        staleBefore: handler.staleBefore,
        ...(handler.shopLock ? { shopLock: handler.shopLock } : {}),
      },
      {
        apply: (tx, shop) => handler.apply(tx, delivered(shop)),
        whenStale: async (tx, shop) => handler.whenStale?.(tx, delivered(shop)),
      },
    );
    const fields = { webhookId: signed.webhookId, outcome, triggeredAt: triggeredAt.toISOString() };
    if (outcome === "another_shop" || outcome === "unverified_shop") {
      log.warn(fields, "webhook not applied: its signed body does not name this shop");
    } else {
      log.info(fields, "webhook delivery");
    }
    return new Response(null, { status: 200 });
  };
}
