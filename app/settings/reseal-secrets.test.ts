import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedShop } from "../../harness/render-fixtures";
import { makeKeyring, type RingKey, type SecretBox } from "~/lib/secret-box.server";
import { resealStoredSecrets } from "./reseal-secrets.server";

/**
 * Re-sealing stored secrets where test/security/keyring.test.ts does not look: a pause other than the unreadable
 * key's, sessions with one token to re-seal or none, values staff or a login changed while it ran, a failure that is
 * not an unreadable secret.
 */

const SHOP = "reseal-a.myshopify.com";
const OTHER = "reseal-b.myshopify.com";
const key = (id: string): RingKey => ({ id, key: randomBytes(32) });
const older = key("k1");
const newer = key("k2");
const oldRing = makeKeyring([older]);
const ring = makeKeyring([newer, older]);

type Db = Pick<PrismaClient, "shopSettings" | "session">;

describe("re-sealing stored secrets", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.session.deleteMany();
    await database.prisma.shop.deleteMany();
  });

  const settingsOf = (shop: string) => database.prisma.shopSettings.findUniqueOrThrow({ where: { shop } });
  const sessionOf = (id: string) => database.prisma.session.findUniqueOrThrow({ where: { id } });

  it("lifts the pause an unreadable key caused, and no other pause", async () => {
    const pause = { pausedMessage: "paused", pausedAt: new Date() };
    await seedShop(database.prisma, SHOP, {
      tryOnApiKeyEncrypted: oldRing.seal("key-a", SHOP),
      pausedReason: "key_unreadable",
      ...pause,
    });
    await seedShop(database.prisma, OTHER, {
      tryOnApiKeyEncrypted: oldRing.seal("key-b", OTHER),
      pausedReason: "out_of_credits",
      ...pause,
    });
    expect(await resealStoredSecrets(database.prisma, ring)).toEqual({ resealed: 2, unchanged: 0, unreadable: [] });
    expect(await settingsOf(SHOP)).toMatchObject({ pausedReason: null, pausedMessage: null, pausedAt: null });
    expect(await settingsOf(OTHER)).toMatchObject({ pausedReason: "out_of_credits" });
    expect(ring.needsReseal((await settingsOf(OTHER)).tryOnApiKeyEncrypted ?? "")).toBe(false);
  });

  it("leaves shops without a key alone, and counts a key already sealed by the newest key as unchanged", async () => {
    await seedShop(database.prisma, SHOP, { tryOnApiKeyEncrypted: null });
    const sealed = ring.seal("key-b", OTHER);
    await seedShop(database.prisma, OTHER, { tryOnApiKeyEncrypted: sealed });
    expect(await resealStoredSecrets(database.prisma, ring)).toEqual({ resealed: 0, unchanged: 1, unreadable: [] });
    expect((await settingsOf(OTHER)).tryOnApiKeyEncrypted).toBe(sealed);
    expect((await settingsOf(SHOP)).tryOnApiKeyEncrypted).toBeNull();
  });

  it("re-seals only the session token that needs it, and leaves a missing refresh token missing", async () => {
    await seedShop(database.prisma, SHOP);
    const current = ring.seal("shpat_current", SHOP);
    await database.prisma.session.createMany({
      data: [
        { id: "one-token", shop: SHOP, state: "", accessToken: current, refreshToken: "shprt_plain" },
        { id: "no-refresh", shop: SHOP, state: "", accessToken: "shpat_plain", refreshToken: null },
        { id: "all-current", shop: SHOP, state: "", accessToken: current, refreshToken: ring.seal("shprt_x", SHOP) },
        {
          id: "access-only",
          shop: SHOP,
          state: "",
          accessToken: "shpat_two",
          refreshToken: ring.seal("shprt_y", SHOP),
        },
      ],
    });
    const before = await sessionOf("all-current");
    const refreshBefore = (await sessionOf("access-only")).refreshToken;
    expect(await resealStoredSecrets(database.prisma, ring)).toEqual({ resealed: 3, unchanged: 4, unreadable: [] });
    // Only the access token needed it: the refresh token stays as it was.
    expect(await sessionOf("access-only")).toMatchObject({ refreshToken: refreshBefore });

    const oneToken = await sessionOf("one-token");
    expect(oneToken.accessToken).toBe(current);
    expect(ring.open(oneToken.refreshToken ?? "", SHOP)).toBe("shprt_plain");
    const noRefresh = await sessionOf("no-refresh");
    expect(ring.open(noRefresh.accessToken, SHOP)).toBe("shpat_plain");
    expect(noRefresh.refreshToken).toBeNull();
    expect(await sessionOf("all-current")).toEqual(before);
  });

  it("names each session token no key opens", async () => {
    await seedShop(database.prisma, SHOP);
    const lost = makeKeyring([key("gone")]);
    await database.prisma.session.create({
      data: {
        id: "lost",
        shop: SHOP,
        state: "",
        accessToken: lost.seal("shpat_x", SHOP),
        refreshToken: lost.seal("shprt_x", SHOP),
      },
    });
    expect(await resealStoredSecrets(database.prisma, ring)).toEqual({
      resealed: 0,
      unchanged: 0,
      unreadable: ["access token of session lost", "refresh token of session lost"],
    });
  });

  it("keeps a key staff saved, or tokens a login wrote, while it ran: the newer value stays", async () => {
    await seedShop(database.prisma, SHOP, { tryOnApiKeyEncrypted: oldRing.seal("old-key", SHOP) });
    await database.prisma.session.create({
      data: { id: "s", shop: SHOP, state: "", accessToken: "shpat_old", refreshToken: "shprt_old" },
    });
    const savedMeanwhile = ring.seal("new-key", SHOP);
    const loggedInMeanwhile = { accessToken: ring.seal("shpat_new", SHOP), refreshToken: ring.seal("shprt_new", SHOP) };
    // Each write lands between the re-sealer's read and its update.
    const racing: Db = {
      shopSettings: {
        ...database.prisma.shopSettings,
        findMany: (async (args: never) => {
          const rows = await database.prisma.shopSettings.findMany(args);
          await database.prisma.shopSettings.update({
            where: { shop: SHOP },
            data: { tryOnApiKeyEncrypted: savedMeanwhile },
          });
          return rows;
        }) as never,
        updateMany: ((args: never) => database.prisma.shopSettings.updateMany(args)) as never,
      } as unknown as Db["shopSettings"],
      session: {
        findMany: (async (args: never) => {
          const rows = await database.prisma.session.findMany(args);
          await database.prisma.session.update({ where: { id: "s" }, data: loggedInMeanwhile });
          return rows;
        }) as never,
        updateMany: ((args: never) => database.prisma.session.updateMany(args)) as never,
      } as unknown as Db["session"],
    };
    await resealStoredSecrets(racing, ring);
    expect((await settingsOf(SHOP)).tryOnApiKeyEncrypted).toBe(savedMeanwhile);
    expect(await sessionOf("s")).toMatchObject(loggedInMeanwhile);
  });

  it("stops on a failure that is not an unreadable secret, instead of counting it", async () => {
    await seedShop(database.prisma, SHOP, { tryOnApiKeyEncrypted: oldRing.seal("old-key", SHOP) });
    const failure = new Error("the key store is down");
    const failing: SecretBox = {
      ...ring,
      newestKeyId: ring.newestKeyId,
      isSealed: (value) => ring.isSealed(value),
      needsReseal: (value) => ring.needsReseal(value),
      open: (value, shop) => ring.open(value, shop),
      seal: (value, shop) => ring.seal(value, shop),
      openForRotation: () => {
        throw failure;
      },
    };
    await expect(resealStoredSecrets(database.prisma, failing)).rejects.toBe(failure);
  });
});
