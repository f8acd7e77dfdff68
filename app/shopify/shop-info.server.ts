import type { AdminGraphql } from "./admin-graphql.server";
import { GET_SHOP_TIME_ZONE } from "./operations/shop";

/** The shop's IANA time zone as Shopify reports it (Settings › General › Time zone in the admin). */
export async function readShopTimeZone(admin: AdminGraphql): Promise<string> {
  const data = await admin.query(GET_SHOP_TIME_ZONE);
  return data.shop.ianaTimezone;
}
