import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Encrypts secrets stored in the database (the shop's try-on API key) with AES-256-GCM and a key from the
 * environment, so a database dump alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function makeSecretBox(base64Key: string): SecretBox {
  const key = Buffer.from(base64Key, "base64");
  if (key.length !== 32) throw new Error("APP_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("Unreadable sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** Identifies a service key in shared tables (ServiceGate) without storing it. */
export function hashServiceKey(apiKey: string): string {
  return createHash("sha256").update(`tryon:${apiKey}`).digest("hex");
}
