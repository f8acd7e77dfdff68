import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  hashServiceKey,
  keyProblem,
  keyringFromEnv,
  makeKeyring,
  makeSecretBox,
  parseKeyring,
  SecretUnreadableError,
} from "./secret-box.server";
import { sealV1 } from "../../harness/legacy-secrets";

const newKey = () => randomBytes(32);
const SHOP = "a-shop.myshopify.com";

describe("the keyring", () => {
  it("round-trips a secret, names the sealing key and never stores the secret in clear", () => {
    const ring = makeKeyring([{ id: "k2", key: newKey() }]);
    const sealed = ring.seal("sk_live_very_secret_1234", SHOP);
    expect(sealed).not.toContain("very_secret");
    expect(sealed.startsWith("v2.k2.")).toBe(true);
    expect(ring.open(sealed, SHOP)).toBe("sk_live_very_secret_1234");
  });

  it("binds a secret to its shop: copied to another shop's row, it does not open", () => {
    const ring = makeKeyring([{ id: "k1", key: newKey() }]);
    const sealed = ring.seal("secret", SHOP);
    expect(() => ring.open(sealed, "other-shop.myshopify.com")).toThrow(SecretUnreadableError);
  });

  it("seals with the newest key and opens with any key of the ring", () => {
    const older = { id: "k1", key: newKey() };
    const newer = { id: "k2", key: newKey() };
    const before = makeKeyring([older]).seal("secret", SHOP);
    const rotated = makeKeyring([newer, older]);
    expect(rotated.open(before, SHOP)).toBe("secret");
    expect(rotated.needsReseal(before)).toBe(true);
    const resealed = rotated.seal(rotated.open(before, SHOP), SHOP);
    expect(rotated.needsReseal(resealed)).toBe(false);
    // Once the old key is dropped, only re-sealed values open.
    expect(makeKeyring([newer]).open(resealed, SHOP)).toBe("secret");
    expect(() => makeKeyring([newer]).open(before, SHOP)).toThrow(/key "k1", which is not in the keyring/);
  });

  it("opens an old-format value (bound to no shop) for no shop at all; rotation reads it and binds it to one", () => {
    const legacy = newKey();
    const old = sealV1(legacy, "secret");
    const ring = keyringFromEnv({
      APP_ENCRYPTION_KEYS: `new:${newKey().toString("base64")},old:${legacy.toString("base64")}`,
    });
    // Not even for the shop whose row holds it: nothing in the value says which shop that is.
    expect(() => ring.open(old, SHOP)).toThrow(/old-format secret, bound to no shop: `npm run secrets:rotate`/);
    expect(() => ring.open(old, "other-shop.myshopify.com")).toThrow(SecretUnreadableError);
    expect(ring.needsReseal(old)).toBe(true);
    expect(ring.isSealed(old)).toBe(true);
    // Rotation reads it with any key of the ring (the old single APP_ENCRYPTION_KEY too) and seals it for its shop.
    expect(ring.openForRotation(old, SHOP)).toBe("secret");
    expect(makeSecretBox(legacy.toString("base64")).openForRotation(old, SHOP)).toBe("secret");
    expect(keyringFromEnv({ APP_ENCRYPTION_KEY: legacy.toString("base64") }).openForRotation(old, SHOP)).toBe("secret");
    const resealed = ring.seal(ring.openForRotation(old, SHOP), SHOP);
    expect(ring.open(resealed, SHOP)).toBe("secret");
    expect(() => ring.open(resealed, "other-shop.myshopify.com")).toThrow(SecretUnreadableError);
    expect(() => makeKeyring([{ id: "k9", key: newKey() }]).openForRotation(old, SHOP)).toThrow(
      /old-format secret that no key of the ring opens/,
    );
  });

  it("opens a current value for rotation exactly as open does: bound to its shop", () => {
    const ring = makeKeyring([{ id: "k1", key: newKey() }]);
    const sealed = ring.seal("secret", SHOP);
    expect(ring.openForRotation(sealed, SHOP)).toBe("secret");
    expect(() => ring.openForRotation(sealed, "other-shop.myshopify.com")).toThrow(SecretUnreadableError);
  });

  it("refuses a tampered or foreign ciphertext, and plaintext", () => {
    const ring = makeKeyring([{ id: "k1", key: newKey() }]);
    const sealed = ring.seal("secret", SHOP);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => ring.open(tampered, SHOP)).toThrow(SecretUnreadableError);
    expect(() => makeKeyring([{ id: "k1", key: newKey() }]).open(sealed, SHOP)).toThrow(SecretUnreadableError);
    expect(() => ring.open("shpat_plaintext_token", SHOP)).toThrow(SecretUnreadableError);
    expect(ring.isSealed("shpat_plaintext_token")).toBe(false);
    expect(ring.isSealed(sealed)).toBe(true);
  });

  it("parses APP_ENCRYPTION_KEYS and names what is wrong", () => {
    const a = newKey().toString("base64");
    expect(parseKeyring(` k2:${a} , k1:${a}`).map((entry) => entry.id)).toEqual(["k2", "k1"]);
    expect(() => parseKeyring(a)).toThrow(/id:base64key/);
    expect(() => parseKeyring(`k1:${Buffer.from("short").toString("base64")}`)).toThrow(/key "k1" must be 32/);
    expect(() => parseKeyring(`k1:${a},k1:${a}`)).toThrow(/same key id twice/);
    expect(() => makeSecretBox(Buffer.from("short").toString("base64"))).toThrow(/must be 32 random bytes/);
  });

  it("refuses keys that cannot be random, and base64 that is not exactly 32 bytes, saying which key", () => {
    const good = newKey().toString("base64");
    const b64 = (bytes: Buffer) => bytes.toString("base64");
    const pattern = (block: Buffer) => b64(Buffer.concat(Array.from({ length: 32 / block.length }, () => block)));
    /** 32 bytes taking only 10 values, in no repeating order. */
    const fewValues = b64(Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7 + (i >> 2)) % 10)));
    const weak: Array<[string, RegExp]> = [
      [b64(Buffer.alloc(32)), /is all zero bytes/],
      [b64(Buffer.alloc(32, 7)), /repeats a 1-byte pattern/],
      [pattern(Buffer.from("abcd")), /repeats a 4-byte pattern/],
      [pattern(randomBytes(16)), /repeats a 16-byte pattern/],
      [fewValues, /has only 10 distinct byte values of 32/],
    ];
    for (const [key, reason] of weak) {
      expect(() => parseKeyring(`k1:${good},k0:${key}`)).toThrow(new RegExp(`key "k0" ${reason.source}`));
      expect(() => makeSecretBox(key)).toThrow(reason);
      expect(keyProblem(key)).toMatch(reason);
    }
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const malformed = [
      `${good.slice(0, 20)}!${good.slice(21)}`, // a character outside base64, which Buffer.from skips
      `${good.slice(0, 20)} ${good.slice(21)}`,
      `${good.slice(0, 10)}-${good.slice(11)}`, // base64url's alphabet
      good.replace(/=$/, ""), // no padding
      b64(randomBytes(24)), // too short
      b64(randomBytes(48)), // too long
      // Not canonical: the last character's unused bits set (decodes to the same bytes as another spelling).
      `${good.slice(0, 42)}${alphabet[alphabet.indexOf(good[42] ?? "A") + 1]}=`,
    ];
    for (const key of malformed) {
      expect(keyProblem(key), key).toMatch(/^must be 32 random bytes, base64-encoded/);
      expect(() => parseKeyring(`k1:${key}`), key).toThrow(/key "k1" must be 32 random bytes/);
    }
    expect(keyProblem(good)).toBeNull();
    // The key .env.example commits (a sentence, 17 distinct bytes) is accepted outside production.
    expect(keyProblem("bG9jYWwtb25seS1tb2RlbC1zaG90cy1rZXktMzJieXQ=")).toBeNull();
  });

  it("hashes service keys stably and without revealing them", () => {
    expect(hashServiceKey("abc")).toBe(hashServiceKey("abc"));
    expect(hashServiceKey("abc")).not.toBe(hashServiceKey("abd"));
    expect(hashServiceKey("abc")).not.toContain("abc");
  });
});
