import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * The keyring that seals secrets stored in the database (shops' try-on API keys, Shopify access and refresh tokens)
 * with AES-256-GCM, so a database dump alone reveals none of them. Several keys, newest first: the newest seals, all
 * open, so a key can be rotated without downtime (`npm run secrets:rotate` re-seals everything with the newest).
 * Each secret is bound to its shop (the shop's domain is GCM's associated data): a sealed value copied to another
 * shop's row does not open there. See docs/decisions/051-keyring.md.
 *
 * Format: v2.<keyId>.<iv>.<tag>.<ciphertext> (base64url). The old v1.<iv>.<tag>.<ciphertext>, sealed by the single
 * APP_ENCRYPTION_KEY with no shop bound, would open for any shop whose row it was copied into: `open` refuses it, and
 * only rotation (`openForRotation`, then `seal`) reads it, binding it to the shop whose row holds it at that moment
 * (docs/decisions/067-old-format-secrets-resealed-then-refused.md).
 */
export interface SecretBox {
  /** The id of the key that seals. */
  readonly newestKeyId: string;
  seal(plaintext: string, shop: string): string;
  /** Throws SecretUnreadableError when no key of the ring opens it for this shop, and for any old-format (v1) value. */
  open(sealed: string, shop: string): string;
  /**
   * Like `open`, and also reads an old-format (v1) value, which is bound to no shop. Only the re-sealer may call it:
   * it seals what it read for `shop` at once, so afterwards the value opens for that shop alone.
   */
  openForRotation(sealed: string, shop: string): string;
  /** True for a value sealed by an older key or in the old format: rotation re-seals it. */
  needsReseal(sealed: string): boolean;
  /** True for a value this box produced (any version), false for plaintext (e.g. a token stored before encryption). */
  isSealed(value: string): boolean;
}

export class SecretUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretUnreadableError";
  }
}

export interface RingKey {
  id: string;
  key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Why 32 bytes cannot be a random key, or null. Random bytes have about 30 distinct values in 32 and no short
 * repeating pattern; a key made by hand (zeros, one byte repeated, a word repeated) has neither. The chance of a
 * random key failing is below 2^-100.
 */
export function weakKeyReason(key: Buffer): string | null {
  if (key.every((byte) => byte === 0)) return "is all zero bytes";
  for (let period = 1; period <= key.length / 2; period += 1) {
    if (key.every((byte, i) => i < period || byte === key[i - period]))
      return `repeats a ${period}-byte pattern: it is not random`;
  }
  const distinct = new Set(key).size;
  if (distinct < 16) return `has only ${distinct} distinct byte values of 32: it is not random`;
  return null;
}

const USE_RANDOM_BYTES = "use 32 random bytes, base64-encoded (e.g. `openssl rand -base64 32`)";

/**
 * What is wrong with a key as configured, in words that follow its variable's name, or null: anything but 32 bytes
 * in canonical base64 that could be random is refused.
 */
export function keyProblem(base64Key: string): string | null {
  // Buffer.from(…, "base64") skips characters outside the alphabet and reads base64url's too: only a value that
  // encodes back to itself (standard alphabet, padded, canonical) is the key it looks like.
  const key = Buffer.from(base64Key, "base64");
  if (key.length !== 32 || key.toString("base64") !== base64Key)
    return "must be 32 random bytes, base64-encoded (44 characters: A-Z, a-z, 0-9, + and /, ending in =)";
  const weak = weakKeyReason(key);
  return weak ? `${weak}; ${USE_RANDOM_BYTES}` : null;
}

function decodeKey(base64Key: string, name: string): Buffer {
  const problem = keyProblem(base64Key);
  if (problem) throw new Error(`${name} ${problem}`);
  return Buffer.from(base64Key, "base64");
}

/** Parses APP_ENCRYPTION_KEYS: comma-separated `id:base64key`, newest first. Throws naming the problem. */
export function parseKeyring(value: string): RingKey[] {
  const keys = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(":");
      const id = colon === -1 ? "" : entry.slice(0, colon);
      if (!KEY_ID.test(id)) throw new Error("each entry must be id:base64key, the id made of letters, digits, _ or -");
      return { id, key: decodeKey(entry.slice(colon + 1), `key "${id}"`) };
    });
  if (keys.length === 0) throw new Error("must list at least one id:base64key");
  const ids = new Set(keys.map((entry) => entry.id));
  if (ids.size !== keys.length) throw new Error("lists the same key id twice");
  return keys;
}

/** The id the single legacy APP_ENCRYPTION_KEY gets when it is read as a one-key ring. */
export const LEGACY_KEY_ID = "legacy";

/** The ring from the environment: APP_ENCRYPTION_KEYS, or else the old single APP_ENCRYPTION_KEY as a one-key ring. */
export function keyringFromEnv(env: {
  APP_ENCRYPTION_KEYS?: string | undefined;
  APP_ENCRYPTION_KEY?: string | undefined;
  [other: string]: unknown;
}): SecretBox {
  if (env.APP_ENCRYPTION_KEYS) return makeKeyring(parseKeyring(env.APP_ENCRYPTION_KEYS));
  if (env.APP_ENCRYPTION_KEY) return makeSecretBox(env.APP_ENCRYPTION_KEY);
  throw new Error("APP_ENCRYPTION_KEYS is required");
}

/** A one-key ring from a single base64 key (the legacy APP_ENCRYPTION_KEY, and tests). */
export function makeSecretBox(base64Key: string): SecretBox {
  return makeKeyring([{ id: LEGACY_KEY_ID, key: decodeKey(base64Key, "APP_ENCRYPTION_KEY") }]);
}

const b64 = (part: Buffer) => part.toString("base64url");

const isV1 = (value: string) => {
  const parts = value.split(".");
  return parts[0] === "v1" && parts.length === 4;
};

export function makeKeyring(keys: readonly RingKey[]): SecretBox {
  const newest = keys[0];
  if (!newest) throw new Error("The keyring has no key");
  const byId = new Map(keys.map((entry) => [entry.id, entry.key]));

  const decrypt = (key: Buffer, iv: string, tag: string, ciphertext: string, shop: string | null) => {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    if (shop !== null) decipher.setAAD(Buffer.from(shop, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  };

  const openV2 = (sealed: string, shop: string) => {
    const parts = sealed.split(".");
    if (parts[0] !== "v2" || parts.length !== 5) throw new SecretUnreadableError("not a sealed secret");
    const [, keyId = "", iv = "", tag = "", ciphertext = ""] = parts;
    const key = byId.get(keyId);
    if (!key) throw new SecretUnreadableError(`sealed with key "${keyId}", which is not in the keyring`);
    try {
      return decrypt(key, iv, tag, ciphertext, shop);
    } catch {
      throw new SecretUnreadableError(`does not open with key "${keyId}" for ${shop}`);
    }
  };
  const openV1 = (sealed: string) => {
    const [, iv = "", tag = "", ciphertext = ""] = sealed.split(".");
    for (const key of byId.values()) {
      try {
        return decrypt(key, iv, tag, ciphertext, null);
      } catch {
        // Try the next key: v1 values carry no key id.
      }
    }
    throw new SecretUnreadableError("an old-format secret that no key of the ring opens");
  };

  return {
    newestKeyId: newest.id,
    seal(plaintext, shop) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", newest.key, iv);
      cipher.setAAD(Buffer.from(shop, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return ["v2", newest.id, b64(iv), b64(cipher.getAuthTag()), b64(ciphertext)].join(".");
    },
    open(sealed, shop) {
      if (isV1(sealed)) {
        throw new SecretUnreadableError(
          "an old-format secret, bound to no shop: `npm run secrets:rotate` (part of `npm run setup`) re-seals it",
        );
      }
      return openV2(sealed, shop);
    },
    openForRotation(sealed, shop) {
      return isV1(sealed) ? openV1(sealed) : openV2(sealed, shop);
    },
    needsReseal(sealed) {
      const parts = sealed.split(".");
      return !(parts[0] === "v2" && parts.length === 5 && parts[1] === newest.id);
    },
    isSealed(value) {
      const parts = value.split(".");
      return (parts[0] === "v2" && parts.length === 5) || (parts[0] === "v1" && parts.length === 4);
    },
  };
}

/** Identifies a service key in shared tables (ServiceGate) without storing it. */
export function hashServiceKey(apiKey: string): string {
  return createHash("sha256").update(`tryon:${apiKey}`).digest("hex");
}
