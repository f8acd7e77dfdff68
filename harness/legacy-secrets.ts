import { createCipheriv, randomBytes } from "node:crypto";

/**
 * A value sealed the way the single-key box did before the keyring (v1.<iv>.<tag>.<ciphertext>: no key id, no shop
 * bound), as an install from then still holds in its database until rotation re-seals it.
 */
export function sealV1(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}
