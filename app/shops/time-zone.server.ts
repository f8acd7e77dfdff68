import type { PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "shop">;

/** Merchants rarely change their time zone; once a day is soon enough to notice. */
const RECHECK_AFTER_MS = 24 * 3600_000;

/** Whether a name is a time zone this runtime can format in (a bad value must never break a page). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The shop's time zone for showing times to staff: the stored one while it is fresh, else read from Shopify
 * and stored. If Shopify cannot be asked, the stored value (or UTC) is shown rather than failing the page.
 */
export async function shopTimeZone(
  db: Db,
  shop: string,
  readFromShopify: () => Promise<string>,
  now: Date = new Date(),
): Promise<string> {
  const stored = await db.shop.findUnique({
    where: { domain: shop },
    select: { ianaTimezone: true, timezoneCheckedAt: true },
  });
  const fresh = stored?.timezoneCheckedAt && now.getTime() - stored.timezoneCheckedAt.getTime() < RECHECK_AFTER_MS;
  if (stored?.ianaTimezone && fresh) return stored.ianaTimezone;
  try {
    const timeZone = await readFromShopify();
    if (!isKnownTimeZone(timeZone)) return stored?.ianaTimezone ?? "UTC";
    await db.shop.updateMany({ where: { domain: shop }, data: { ianaTimezone: timeZone, timezoneCheckedAt: now } });
    return timeZone;
  } catch {
    return stored?.ianaTimezone ?? "UTC";
  }
}
