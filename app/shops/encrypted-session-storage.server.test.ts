import { randomBytes } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { makeKeyring, SecretUnreadableError, type SecretBox } from "~/lib/secret-box.server";
import { encryptedSessionStorage, type SessionStorage } from "./encrypted-session-storage.server";

const SHOP = "sessions.myshopify.com";
const ring = makeKeyring([{ id: "k1", key: randomBytes(32) }]);

/** Session storage in memory, as the Prisma storage keeps rows: what was stored is what is read. */
function memoryStorage() {
  const rows = new Map<string, Session>();
  const calls: string[] = [];
  const storage: SessionStorage = {
    storeSession: async (session) => (rows.set(session.id, session), true),
    loadSession: async (id) => rows.get(id),
    deleteSession: async (id) => (calls.push(`delete ${id}`), rows.delete(id)),
    deleteSessions: async (ids) => (calls.push(`delete ${ids.join(",")}`), ids.every((id) => rows.delete(id))),
    findSessionsByShop: async (shop) => [...rows.values()].filter((session) => session.shop === shop),
  };
  return { storage, rows, calls };
}

const session = (id: string, tokens: { accessToken?: string; refreshToken?: string }, shop = SHOP) =>
  new Session({ id, shop, state: "", isOnline: false, scope: "read_products", ...tokens });

describe("Shopify sessions sealed at rest", () => {
  it("seals both tokens bound to the shop, and opens them when read", async () => {
    const { storage, rows } = memoryStorage();
    const sessions = encryptedSessionStorage(storage, ring);
    expect(await sessions.storeSession(session("offline_a", { accessToken: "shpat_a", refreshToken: "shprt_a" }))).toBe(
      true,
    );
    const row = rows.get("offline_a")!;
    expect(ring.isSealed(row.accessToken ?? "")).toBe(true);
    expect(ring.isSealed(row.refreshToken ?? "")).toBe(true);
    expect(ring.open(row.accessToken!, SHOP)).toBe("shpat_a");
    expect(() => ring.open(row.refreshToken!, "another.myshopify.com")).toThrow(SecretUnreadableError);
    const loaded = await sessions.loadSession("offline_a");
    expect([loaded?.accessToken, loaded?.refreshToken, loaded?.scope]).toEqual(["shpat_a", "shprt_a", "read_products"]);
  });

  it("does not seal a token twice, and stores a session without a refresh token as it is", async () => {
    const { storage, rows } = memoryStorage();
    const sessions = encryptedSessionStorage(storage, ring);
    const sealed = ring.seal("shpat_b", SHOP);
    await sessions.storeSession(session("offline_b", { accessToken: sealed }));
    expect(rows.get("offline_b")?.accessToken).toBe(sealed);
    expect(rows.get("offline_b")?.refreshToken).toBeUndefined();
    expect((await sessions.loadSession("offline_b"))?.accessToken).toBe("shpat_b");
    const sealedRefresh = ring.seal("shprt_b", SHOP);
    await sessions.storeSession(session("offline_c", { accessToken: "shpat_c", refreshToken: sealedRefresh }));
    expect(rows.get("offline_c")?.refreshToken).toBe(sealedRefresh);
  });

  it("finds a shop's sessions opened, leaving out one no key opens", async () => {
    const { storage, rows } = memoryStorage();
    const sessions = encryptedSessionStorage(storage, ring);
    await sessions.storeSession(session("offline_a", { accessToken: "shpat_a" }));
    rows.set(
      "lost",
      session("lost", { accessToken: makeKeyring([{ id: "gone", key: randomBytes(32) }]).seal("t", SHOP) }),
    );
    rows.set("other", session("other", { accessToken: "shpat_other" }, "other.myshopify.com"));
    expect((await sessions.findSessionsByShop(SHOP)).map((found) => found.accessToken)).toEqual(["shpat_a"]);
    expect(await sessions.loadSession("lost")).toBeUndefined();
    expect(await sessions.loadSession("missing")).toBeUndefined();
  });

  it("lets other failures to open a token through", async () => {
    const { storage, rows } = memoryStorage();
    const broken: SecretBox = {
      ...ring,
      isSealed: () => true,
      open: () => {
        throw new Error("the keyring is broken");
      },
    };
    rows.set("offline_a", session("offline_a", { accessToken: "x" }));
    await expect(encryptedSessionStorage(storage, broken).loadSession("offline_a")).rejects.toThrow(
      "the keyring is broken",
    );
  });

  it("deletes through to the storage", async () => {
    const { storage, calls } = memoryStorage();
    const sessions = encryptedSessionStorage(storage, ring);
    await sessions.storeSession(session("offline_a", { accessToken: "shpat_a" }));
    expect(await sessions.deleteSession("offline_a")).toBe(true);
    expect(await sessions.deleteSessions(["x", "y"])).toBe(false);
    expect(calls).toEqual(["delete offline_a", "delete x,y"]);
  });
});
