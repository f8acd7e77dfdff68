import type { Prisma } from "@prisma/client";
import type { ProductSnapshot } from "./product-snapshot";

/**
 * What a products/create or products/update request does: it records the delivery, inside the transaction that
 * holds the shop's row and the webhook id (app/web/webhook-delivery.server.ts), and nothing more. The worker
 * gathers the deliveries (gather-deliveries.server.ts), so the answer to Shopify never waits on planning.
 * A shop without an enabled rule records nothing: there is nothing to gather for it.
 */
export async function recordProductDelivery(
  tx: Prisma.TransactionClient,
  delivery: {
    shop: string;
    uninstalled: boolean;
    webhookId: string;
    topic: string;
    product: ProductSnapshot;
    productUpdatedAt: Date;
    receivedAt: Date;
  },
): Promise<"recorded" | "no_rule" | "uninstalled"> {
  if (delivery.uninstalled) return "uninstalled";
  const rule = await tx.automationRule.findFirst({
    where: { shop: delivery.shop, enabled: true },
    select: { id: true },
  });
  if (!rule) return "no_rule";
  await tx.automationDelivery.create({
    data: {
      shop: delivery.shop,
      webhookId: delivery.webhookId,
      productId: delivery.product.id,
      topic: delivery.topic,
      productUpdatedAt: delivery.productUpdatedAt,
      // When it was recorded, not when the request arrived: under a burst a delivery may wait seconds for the database,
      // and the quiet period must not end while deliveries are still being written.
      receivedAt: new Date(Math.max(Date.now(), delivery.receivedAt.getTime())),
      product: delivery.product as unknown as Prisma.InputJsonValue,
    },
  });
  return "recorded";
}
