import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { isKnownTimeZone, shopTimeZone } from "./time-zone.server";

const SHOP = "time-zone.myshopify.com";
const OTHER = "time-zone-other.myshopify.com";
const CHECKED = new Date("2026-11-27T12:00:00Z");
const DAY = 24 * 3600_000;

describe("the shop's time zone", () => {
  let database: TestDatabase;
  let asked: number;
  const shopify = (answer: string | Error) => async () => {
    asked += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const stored = () => database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    asked = 0;
    await database.prisma.shop.deleteMany();
    await database.prisma.shop.createMany({ data: [{ domain: SHOP }, { domain: OTHER }] });
  });

  it("is read from Shopify the first time and stored with when it was checked, for that shop only", async () => {
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Europe/Paris"), CHECKED)).toBe("Europe/Paris");
    expect(await stored()).toMatchObject({ ianaTimezone: "Europe/Paris", timezoneCheckedAt: CHECKED });
    expect((await database.prisma.shop.findUniqueOrThrow({ where: { domain: OTHER } })).ianaTimezone).toBeNull();
  });

  it("is the stored one for a day, then read again", async () => {
    await shopTimeZone(database.prisma, SHOP, shopify("Europe/Paris"), CHECKED);
    const justUnderADay = new Date(CHECKED.getTime() + DAY - 1);
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Asia/Tokyo"), justUnderADay)).toBe("Europe/Paris");
    expect(asked).toBe(1);
    const aDay = new Date(CHECKED.getTime() + DAY);
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Asia/Tokyo"), aDay)).toBe("Asia/Tokyo");
    expect(asked).toBe(2);
    expect(await stored()).toMatchObject({ ianaTimezone: "Asia/Tokyo", timezoneCheckedAt: aDay });
  });

  it("is read again when a check is recorded without a zone", async () => {
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { timezoneCheckedAt: CHECKED } });
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Europe/Rome"), CHECKED)).toBe("Europe/Rome");
    expect(asked).toBe(1);
  });

  it("keeps the stored zone, or UTC, when Shopify fails or names a zone this runtime cannot show", async () => {
    expect(await shopTimeZone(database.prisma, SHOP, shopify(new Error("503")), CHECKED)).toBe("UTC");
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Mars/Olympus_Mons"), CHECKED)).toBe("UTC");
    expect((await stored()).timezoneCheckedAt).toBeNull();
    await database.prisma.shop.update({
      where: { domain: SHOP },
      data: { ianaTimezone: "Europe/Paris", timezoneCheckedAt: new Date(CHECKED.getTime() - 2 * DAY) },
    });
    expect(await shopTimeZone(database.prisma, SHOP, shopify(new Error("503")), CHECKED)).toBe("Europe/Paris");
    expect(await shopTimeZone(database.prisma, SHOP, shopify("Mars/Olympus_Mons"), CHECKED)).toBe("Europe/Paris");
    expect((await stored()).ianaTimezone).toBe("Europe/Paris");
  });

  it("is UTC for a shop the app has no row of yet, whatever Shopify answers, and stores nothing", async () => {
    const unknown = "not-yet-stored.myshopify.com";
    expect(await shopTimeZone(database.prisma, unknown, shopify("Mars/Olympus_Mons"), CHECKED)).toBe("UTC");
    expect(await shopTimeZone(database.prisma, unknown, shopify(new Error("503")), CHECKED)).toBe("UTC");
    expect(await database.prisma.shop.count()).toBe(2);
  });

  it("knows a zone by whether it can format times in it", () => {
    expect(isKnownTimeZone("America/Toronto")).toBe(true);
    expect(isKnownTimeZone("UTC")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
