import type { PrismaClient } from "@prisma/client";

/**
 * Drops product deliveries the worker gathered before `before` (ADR 098), in one statement. A gathered row only keeps
 * Shopify's retries of its webhook id from being recorded again (ADR 097), so it is kept as long as webhook ids are
 * remembered; a row still pending is work not done yet and is never dropped, however old.
 */
export async function dropGatheredDeliveries(db: Pick<PrismaClient, "$queryRaw">, before: Date): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ dropped: bigint }>>`
    WITH dropped AS (
      DELETE FROM "AutomationDelivery" WHERE "processedAt" < ${before} RETURNING 1
    )
    SELECT count(*) AS dropped FROM dropped`;
  return Number(row?.dropped ?? 0);
}
