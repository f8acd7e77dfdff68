import { randomBytes } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedShop } from "../../harness/render-fixtures";
import { sealV1 } from "../../harness/legacy-secrets";
import { wordsFor } from "~/i18n/words.server";
import { resealStoredSecrets } from "~/settings/reseal-secrets.server";
import { keyringFromEnv, makeKeyring, SecretUnreadableError, type RingKey } from "~/lib/secret-box.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import { encryptedSessionStorage } from "~/shops/encrypted-session-storage.server";
import type { TryOnClient } from "~/tryon";
import { makeShopRuntimeLoader } from "~/worker/shop-runtime";

const GOOD = "good-shop.myshopify.com";
const BROKEN = "broken-shop.myshopify.com";
const key = (id: string): RingKey => ({ id, key: randomBytes(32) });

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await database.prisma.session.deleteMany();
  await database.prisma.shop.deleteMany();
});

describe("a secret no key of the ring opens", () => {
  it("pauses only its own shop, with words asking staff to enter the key again; the other shop's work goes on", async () => {
    const ring = makeKeyring([key("k2")]);
    const lost = makeKeyring([key("gone")]);
    await seedShop(database.prisma, GOOD, {
      tryOnApiKeyEncrypted: ring.seal("good-key", GOOD),
      tryOnBaseUrl: "https://tryon.example",
    });
    await seedShop(database.prisma, BROKEN, {
      tryOnApiKeyEncrypted: lost.seal("broken-key", BROKEN),
      tryOnBaseUrl: "https://tryon.example",
    });
    const made: string[] = [];
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: ring,
      makeTryOnClient: ({ apiKey }) => {
        made.push(apiKey);
        return {} as TryOnClient;
      },
    });
    const runtimes = await load([BROKEN, GOOD]);
    expect(made).toEqual(["good-key"]);
    expect(runtimes.get(GOOD)).toMatchObject({ keyUnreadable: false });
    expect(runtimes.get(GOOD)?.tryOn).not.toBeNull();
    expect(runtimes.get(BROKEN)).toMatchObject({ keyUnreadable: true, tryOn: null });
    const settings = await database.prisma.shopSettings.findMany({ orderBy: { shop: "asc" } });
    expect(settings.map((row) => [row.shop, row.pausedReason])).toEqual([
      [BROKEN, "key_unreadable"],
      [GOOD, null],
    ]);
    expect(wordsFor("en")(settings[0]?.pausedMessage ?? "")).toMatch(
      /can no longer be read .* Enter the key again in Settings/,
    );
  });

  it("leaves Settings usable: the page's catalog load answers 'no key' instead of failing", async () => {
    await seedShop(database.prisma, BROKEN, {
      tryOnApiKeyEncrypted: makeKeyring([key("gone")]).seal("broken-key", BROKEN),
      tryOnBaseUrl: "https://tryon.example",
    });
    await expect(loadShopCatalog(database.prisma, BROKEN)).resolves.toBeDefined();
  });
});

describe("npm run secrets:rotate", () => {
  it("re-seals every try-on key and session token with the newest key, seals plaintext tokens, and is idempotent", async () => {
    const older = key("k1");
    const newer = key("k2");
    const oldRing = makeKeyring([older]);
    await seedShop(database.prisma, GOOD, { tryOnApiKeyEncrypted: oldRing.seal("good-key", GOOD) });
    // A session stored before tokens were encrypted.
    await database.prisma.session.create({
      data: {
        id: `offline_${GOOD}`,
        shop: GOOD,
        state: "",
        accessToken: "shpat_plaintext",
        refreshToken: "shprt_plaintext",
      },
    });
    const rotated = makeKeyring([newer, older]);
    const first = await resealStoredSecrets(database.prisma, rotated);
    expect(first).toEqual({ resealed: 3, unchanged: 0, unreadable: [] });
    expect(await resealStoredSecrets(database.prisma, rotated)).toEqual({ resealed: 0, unchanged: 3, unreadable: [] });

    // The old key can now go: everything opens with the new one alone.
    const onlyNew = makeKeyring([newer]);
    const settings = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: GOOD } });
    expect(onlyNew.open(settings.tryOnApiKeyEncrypted ?? "", GOOD)).toBe("good-key");
    const session = await database.prisma.session.findUniqueOrThrow({ where: { id: `offline_${GOOD}` } });
    expect(session.accessToken).not.toContain("shpat_");
    expect(onlyNew.open(session.accessToken, GOOD)).toBe("shpat_plaintext");
    expect(onlyNew.open(session.refreshToken ?? "", GOOD)).toBe("shprt_plaintext");
  });

  it("binds old-format values to their row's shop; before that the app opens them for no shop", async () => {
    const legacy = randomBytes(32);
    // What an install from before the keyring holds: its single APP_ENCRYPTION_KEY's v1 values, bound to no shop.
    const ring = keyringFromEnv({
      APP_ENCRYPTION_KEYS: `k2:${randomBytes(32).toString("base64")},legacy:${legacy.toString("base64")}`,
    });
    await seedShop(database.prisma, GOOD, {
      tryOnApiKeyEncrypted: sealV1(legacy, "good-key"),
      tryOnBaseUrl: "https://tryon.example",
    });
    await database.prisma.session.create({
      data: {
        id: `offline_${GOOD}`,
        shop: GOOD,
        state: "",
        accessToken: sealV1(legacy, "shpat_good"),
        refreshToken: sealV1(legacy, "shprt_good"),
      },
    });
    const made: string[] = [];
    const loadRuntimes = () =>
      makeShopRuntimeLoader({
        db: database.prisma,
        secretBox: ring,
        makeTryOnClient: ({ apiKey }) => {
          made.push(apiKey);
          return {} as TryOnClient;
        },
      })([GOOD]);
    const storage = encryptedSessionStorage(new PrismaSessionStorage(database.prisma), ring);

    // Before rotation: not opened, not even for the shop whose row holds them.
    expect((await loadRuntimes()).get(GOOD)).toMatchObject({ keyUnreadable: true, tryOn: null });
    expect(await storage.loadSession(`offline_${GOOD}`)).toBeUndefined();
    expect(made).toEqual([]);

    expect(await resealStoredSecrets(database.prisma, ring)).toEqual({ resealed: 3, unchanged: 0, unreadable: [] });
    const settings = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: GOOD } });
    const session = await database.prisma.session.findUniqueOrThrow({ where: { id: `offline_${GOOD}` } });
    for (const [sealed, plaintext] of [
      [settings.tryOnApiKeyEncrypted ?? "", "good-key"],
      [session.accessToken, "shpat_good"],
      [session.refreshToken ?? "", "shprt_good"],
    ] as const) {
      expect(sealed.startsWith("v2.k2.")).toBe(true);
      expect(ring.open(sealed, GOOD)).toBe(plaintext);
      expect(() => ring.open(sealed, BROKEN)).toThrow(SecretUnreadableError);
    }
    expect((await storage.loadSession(`offline_${GOOD}`))?.accessToken).toBe("shpat_good");
    // The worker that ran before rotation paused the shop as unreadable; rotation made the key readable and lifts it.
    expect(settings.pausedReason).toBeNull();
    expect((await loadRuntimes()).get(GOOD)).toMatchObject({ keyUnreadable: false });
    expect(made).toEqual(["good-key"]);
  });

  it("reports an unreadable value and carries on with the rest", async () => {
    await seedShop(database.prisma, BROKEN, { tryOnApiKeyEncrypted: makeKeyring([key("gone")]).seal("x", BROKEN) });
    await seedShop(database.prisma, GOOD, { tryOnApiKeyEncrypted: "v1.bad.bad.bad" });
    const ring = makeKeyring([key("k2")]);
    await database.prisma.session.create({
      data: { id: `offline_${GOOD}`, shop: GOOD, state: "", accessToken: "shpat_plain" },
    });
    const report = await resealStoredSecrets(database.prisma, ring);
    expect(report.resealed).toBe(1);
    expect(report.unreadable.sort()).toEqual([`try-on key of ${BROKEN}`, `try-on key of ${GOOD}`]);
  });
});

describe("Shopify sessions at rest", () => {
  it("stores access and refresh tokens sealed and bound to the shop, and hands them back in clear", async () => {
    const ring = keyringFromEnv({ APP_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64")}` });
    const storage = encryptedSessionStorage(new PrismaSessionStorage(database.prisma), ring);
    await seedShop(database.prisma, GOOD);
    const session = new Session({
      id: `offline_${GOOD}`,
      shop: GOOD,
      state: "state",
      isOnline: false,
      accessToken: "shpat_secret_token",
      refreshToken: "shprt_secret_refresh",
      scope: "read_products",
    });
    await storage.storeSession(session);
    const row = await database.prisma.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(JSON.stringify(row)).not.toContain("secret");
    expect(row.accessToken.startsWith("v2.k1.")).toBe(true);
    const loaded = await storage.loadSession(session.id);
    expect(loaded?.accessToken).toBe("shpat_secret_token");
    expect(loaded?.refreshToken).toBe("shprt_secret_refresh");
    expect((await storage.findSessionsByShop(GOOD)).map((found) => found.accessToken)).toEqual(["shpat_secret_token"]);
    // The caller's session object is not changed by storing it.
    expect(session.accessToken).toBe("shpat_secret_token");
  });

  it("reads a token stored before encryption, and treats one no key opens as no session", async () => {
    const ring = makeKeyring([key("k1")]);
    const storage = encryptedSessionStorage(new PrismaSessionStorage(database.prisma), ring);
    await database.prisma.session.create({
      data: { id: "offline_plain", shop: GOOD, state: "", accessToken: "shpat_plain" },
    });
    await database.prisma.session.create({
      data: { id: "offline_lost", shop: BROKEN, state: "", accessToken: makeKeyring([key("gone")]).seal("t", BROKEN) },
    });
    expect((await storage.loadSession("offline_plain"))?.accessToken).toBe("shpat_plain");
    expect(await storage.loadSession("offline_lost")).toBeUndefined();
  });
});
