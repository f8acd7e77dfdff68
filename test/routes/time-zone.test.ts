/**
 * Times are shown in the shop's time zone: the app's layout reads it from Shopify once, stores it, and re-reads
 * it a day later; a failure to ask Shopify never fails a page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopTimeZone } from "~/shops/time-zone.server";
import {
  getAs,
  jsonOf,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "time-zone-a.myshopify.com";

describe("the shop's time zone", () => {
  let app: MerchantApp;
  let layout: RouteFunction;

  beforeAll(async () => {
    app = await startMerchantApp();
    await app.installShop(SHOP);
    app.fake.store.shop(SHOP).record.ianaTimezone = "America/Toronto";
    layout = (await import("~/routes/app")).loader as RouteFunction;
  });
  afterAll(async () => {
    await app?.close();
  });

  const timeZoneAsked = () =>
    app.fake.requests.filter((request) => request.shop === SHOP && request.operationName === "GetShopTimeZone").length;

  it("is read from Shopify once, given to every page, and stored", async () => {
    const first = await jsonOf<{ timeZone: string }>(await respond(layout, await getAs(SHOP, "/app")));
    expect(first.timeZone).toBe("America/Toronto");
    const second = await jsonOf<{ timeZone: string }>(await respond(layout, await getAs(SHOP, "/app/review")));
    expect(second.timeZone).toBe("America/Toronto");
    expect(timeZoneAsked()).toBe(1);
    const row = await app.database.prisma.shop.findUnique({ where: { domain: SHOP } });
    expect(row?.ianaTimezone).toBe("America/Toronto");
  });

  it("is re-read after a day, and a failure to ask keeps the stored zone", async () => {
    const db = app.database.prisma;
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await shopTimeZone(db, SHOP, async () => "Asia/Tokyo", later)).toBe("Asia/Tokyo");
    const muchLater = new Date(later.getTime() + 25 * 3600_000);
    const failing = async () => Promise.reject(new Error("Shopify unavailable"));
    expect(await shopTimeZone(db, SHOP, failing, muchLater)).toBe("Asia/Tokyo");
    expect(await shopTimeZone(db, SHOP, async () => "Not/A_Zone", muchLater)).toBe("Asia/Tokyo");
    expect(await shopTimeZone(db, "never-seen.myshopify.com", failing)).toBe("UTC");
  });
});
