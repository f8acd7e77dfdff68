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
import { verifyWebhookSignature } from "./webhook-signature.server";

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

/** A topic that only records what arrived needs the signature, not the shop's session (ADR 097). */
const recordDeps: WebhookActionDeps = { ...defaultDeps, verify: verifyWebhookSignature };

/** Normalises "APP_UNINSTALLED" and "app/uninstalled" to one form. */
const topicKey = (topic: string) => topic.toLowerCase().replace(/[/_]/g, "");

const refuse = (status: number, message: string) => new Response(message, { status });

/** X-Shopify-Triggered-At when it is a time; a delivery without one is taken as triggered when it arrived. */
function triggeredAtOf(header: string | undefined, receivedAt: Date): Date {
  const triggered = header ? new Date(header) : undefined;
  return triggered && !Number.isNaN(triggered.getTime()) ? triggered : receivedAt;
}

/** A delivery whose body, signature, topic and payload have been checked: what each way of applying it starts from. */
interface CheckedDelivery<Topic extends WebhookTopic> {
  signed: { shop: string; webhookId: string };
  payload: WebhookPayload<Topic>;
  claims: WebhookDelivery["claims"];
  triggeredAt: Date;
  receivedAt: Date;
  log: ReturnType<typeof appLogger>;
}

/** Body limit, signature, topic and schema: the checks every webhook route makes before it changes anything. */
async function checkDelivery<Topic extends WebhookTopic>(
  topic: Topic,
  request: Request,
  deps: Pick<WebhookActionDeps, "verify" | "now">,
): Promise<CheckedDelivery<Topic>> {
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
  if (topicKey(signed.topic) !== topicKey(topic)) {
    throw refuse(400, `This endpoint handles ${topic}, not ${signed.topic}`);
  }
  let json: unknown;
  try {
    json = parseJsonKeepingLargeIntegers(new TextDecoder().decode(body));
  } catch {
    throw refuse(400, "The webhook body is not JSON.");
  }
  const read = readWebhookPayload(topic, json);
  const log = appLogger().child({ component: "webhooks", topic, shop: signed.shop });
  if (!read.ok) {
    log.warn({ webhookId: signed.webhookId, issues: read.issues }, "webhook payload refused");
    throw refuse(400, `Malformed ${topic} payload`);
  }
  const triggeredAt = triggeredAtOf(signed.triggeredAt, receivedAt);
  return { signed, payload: read.payload, claims: read.claims, triggeredAt, receivedAt, log };
}

function logOutcome(checked: CheckedDelivery<WebhookTopic>, outcome: DeliveryOutcome): Response {
  const fields = { webhookId: checked.signed.webhookId, outcome, triggeredAt: checked.triggeredAt.toISOString() };
  if (outcome === "another_shop" || outcome === "unverified_shop") {
    checked.log.warn(fields, "webhook not applied: its signed body does not name this shop");
  } else {
    checked.log.info(fields, "webhook delivery");
  }
  return new Response(null, { status: 200 });
}

export function webhookAction<Topic extends WebhookTopic>(
  handler: WebhookTopicHandler<Topic>,
  deps: WebhookActionDeps = defaultDeps,
): (args: { request: Request }) => Promise<Response> {
  return async ({ request }) => {
    const checked = await checkDelivery(handler.topic, request, deps);
    const { signed, payload, triggeredAt, receivedAt } = checked;
    const delivered = (shop: ShopAtDelivery): AppliedDelivery<Topic> => ({
      shop,
      payload,
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
        claims: checked.claims,
        staleBefore: handler.staleBefore,
        ...(handler.shopLock ? { shopLock: handler.shopLock } : {}),
      },
      {
        apply: (tx, shop) => handler.apply(tx, delivered(shop)),
        whenStale: async (tx, shop) => handler.whenStale?.(tx, delivered(shop)),
      },
    );
    return logOutcome(checked, outcome);
  };
}

/** A delivery as it arrived, for a topic that records it in one statement (no transaction, no shop row read first). */
export interface RecordedDelivery<Topic extends WebhookTopic> {
  /** The header's shop: the statement finds its row, and records nothing for an unknown shop. */
  shop: string;
  payload: WebhookPayload<Topic>;
  webhookId: string;
  triggeredAt: Date;
  receivedAt: Date;
}

export interface WebhookRecordHandler<Topic extends WebhookTopic> {
  topic: Topic;
  /**
   * One statement that records the delivery and says what it did: the shop's row held as ADR 076 holds it, stale and
   * repeated deliveries recording nothing (ADR 097).
   */
  record(db: PrismaClient, delivery: RecordedDelivery<Topic>): Promise<DeliveryOutcome>;
}

/**
 * The route action of a topic whose request only records what arrived (products/create and products/update): the
 * same checks as webhookAction, Shopify's signature checked without loading the shop's session, then one statement.
 * Only for topics whose body names no shop (ADR 063): with nothing in the body to bind, the header's shop is the one
 * the statement writes for, as it is for products/delete; a body that does name one is not applied here.
 */
export function webhookRecordAction<Topic extends WebhookTopic>(
  handler: WebhookRecordHandler<Topic>,
  deps: WebhookActionDeps = recordDeps,
): (args: { request: Request }) => Promise<Response> {
  return async ({ request }) => {
    const checked = await checkDelivery(handler.topic, request, deps);
    if (checked.claims.domains.length > 0 || checked.claims.shopIds.length > 0)
      return logOutcome(checked, "unverified_shop");
    const outcome = await handler.record(deps.db(), {
      shop: checked.signed.shop,
      payload: checked.payload,
      webhookId: checked.signed.webhookId,
      triggeredAt: checked.triggeredAt,
      receivedAt: checked.receivedAt,
    });
    return logOutcome(checked, outcome);
  };
}
