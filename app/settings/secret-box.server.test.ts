import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashServiceKey, makeSecretBox } from "./secret-box.server";

const key = randomBytes(32).toString("base64");

describe("the secret box", () => {
  it("round-trips a secret and never stores it in clear", () => {
    const box = makeSecretBox(key);
    const sealed = box.seal("sk_live_very_secret_1234");
    expect(sealed).not.toContain("very_secret");
    expect(box.open(sealed)).toBe("sk_live_very_secret_1234");
  });

  it("refuses a tampered or foreign ciphertext", () => {
    const sealed = makeSecretBox(key).seal("secret");
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => makeSecretBox(key).open(tampered)).toThrow();
    expect(() => makeSecretBox(randomBytes(32).toString("base64")).open(sealed)).toThrow();
  });

  it("rejects a key of the wrong length", () => {
    expect(() => makeSecretBox(Buffer.from("short").toString("base64"))).toThrow(/32 bytes/);
  });

  it("hashes service keys stably and without revealing them", () => {
    expect(hashServiceKey("abc")).toBe(hashServiceKey("abc"));
    expect(hashServiceKey("abc")).not.toBe(hashServiceKey("abd"));
    expect(hashServiceKey("abc")).not.toContain("abc");
  });
});
