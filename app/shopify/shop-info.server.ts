import { numericIdOf } from "~/lib/gid";
import type { AdminGraphql } from "./admin-graphql.server";
import { GET_SHOP_ID, GET_SHOP_LOCALES, GET_SHOP_TIME_ZONE } from "./operations/shop";

/** The shop's IANA time zone as Shopify reports it (Settings › General › Time zone in the admin). */
export async function readShopTimeZone(admin: AdminGraphql): Promise<string> {
  const data = await admin.query(GET_SHOP_TIME_ZONE);
  return data.shop.ianaTimezone;
}

/** Shopify's numeric id of the shop, as digits (`gid://shopify/Shop/548380009` → `548380009`). */
export async function readShopId(admin: AdminGraphql): Promise<string> {
  const data = await admin.query(GET_SHOP_ID);
  const id = numericIdOf(data.shop.id);
  if (!id) throw new Error(`Shopify answered a shop id that is not a Shop gid: ${data.shop.id}`);
  return id;
}

/** The shop's primary language as Shopify reports it (Settings › Languages), such as "en" or "pt-BR". */
export async function readShopPrimaryLocale(admin: AdminGraphql): Promise<string> {
  const data = await admin.query(GET_SHOP_LOCALES);
  return data.shopLocales.find((locale) => locale.primary)?.locale ?? "en";
}
