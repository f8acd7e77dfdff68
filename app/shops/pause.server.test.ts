import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedShop } from "../../harness/render-fixtures";
import { wordsFor } from "~/i18n/words.server";
import { decodeStaffMessage } from "~/lib/staff-message";
import { NOT_PAUSED, pauseOf, pauseShop, resumeShop, type PauseReason } from "./pause.server";

const english = wordsFor("en");

const SHOP = "pause.myshopify.com";
const OTHER = "pause-other.myshopify.com";
const AT = new Date("2026-11-27T12:00:00Z");

describe("a shop's pause", () => {
  let database: TestDatabase;
  const settings = (shop = SHOP) => database.prisma.shopSettings.findUnique({ where: { shop } });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await database.prisma.shop.create({ data: { domain: SHOP } });
    await seedShop(database.prisma, OTHER);
  });

  it("stores why as the message key of staff's words for each reason, the service's own words kept beside it", async () => {
    const words: Record<PauseReason, string> = {
      auth: "The try-on service refused the API key. Check the key in Settings; renders will continue once it works.",
      out_of_credits: "The try-on service account has run out of credits. Add credits, then resume from the home page.",
      missing_key: "Add the try-on service API key in Settings to start rendering.",
      key_unreadable:
        "The saved try-on service API key can no longer be read (the app's encryption keys changed). Enter the key again in Settings; renders will continue once the service accepts it.",
    };
    for (const [reason, sentence] of Object.entries(words) as Array<[PauseReason, string]>) {
      await pauseShop(database.prisma, { shop: SHOP, reason, at: AT });
      const row = await settings();
      expect(row).toMatchObject({ pausedReason: reason, pausedMessage: `messages:paused.${reason}`, pausedAt: AT });
      expect(english(row?.pausedMessage ?? "")).toBe(sentence);
      expect(wordsFor("de")(row?.pausedMessage ?? "")).not.toBe(sentence);
    }
    await pauseShop(database.prisma, { shop: SHOP, reason: "auth", at: AT, detail: "key revoked" });
    const revoked = (await settings())?.pausedMessage ?? "";
    expect(decodeStaffMessage(revoked)).toEqual({
      key: "messages:paused.auth",
      params: { serviceSaid: "key revoked" },
    });
    expect(english(revoked)).toBe(words.auth);
  });

  it("creates the shop's settings when it has none, and leaves another shop's alone", async () => {
    expect(await settings()).toBeNull();
    await pauseShop(database.prisma, { shop: SHOP, reason: "missing_key", at: AT });
    expect((await settings())?.pausedReason).toBe("missing_key");
    expect((await settings(OTHER))?.pausedReason).toBeNull();
  });

  it("is lifted by resuming, for that shop only", async () => {
    await pauseShop(database.prisma, { shop: SHOP, reason: "out_of_credits", at: AT });
    await pauseShop(database.prisma, { shop: OTHER, reason: "auth", at: AT });
    await resumeShop(database.prisma, SHOP);
    expect(await settings()).toMatchObject(NOT_PAUSED);
    expect((await settings(OTHER))?.pausedReason).toBe("auth");
    expect(NOT_PAUSED).toEqual({ pausedReason: null, pausedMessage: null, pausedAt: null });
  });

  it("resuming a shop that is not paused writes nothing", async () => {
    const before = await settings(OTHER);
    await resumeShop(database.prisma, OTHER);
    expect((await settings(OTHER))?.updatedAt).toEqual(before?.updatedAt);
  });

  it("is shown to staff with its reason, words and time, and not at all while work runs", async () => {
    await pauseShop(database.prisma, { shop: SHOP, reason: "auth", at: AT });
    const row = await settings();
    expect(pauseOf(row)).toEqual({ reason: "auth", message: row?.pausedMessage, at: "2026-11-27T12:00:00.000Z" });
    // A pause stored without its words (by hand, or by an older version) is worded from its reason.
    expect(pauseOf({ ...row!, pausedMessage: null })?.message).toBe("messages:paused.auth");
    expect(pauseOf({ ...row!, pausedAt: null })).toBeNull();
    expect(pauseOf({ ...row!, pausedReason: null })).toBeNull();
    expect(pauseOf(null)).toBeNull();
  });
});
