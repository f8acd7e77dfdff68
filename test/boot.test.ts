import { afterEach, describe, expect, it, vi } from "vitest";

describe("starting the app", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    globalThis.__modelShotsPrisma = undefined;
  });

  it("stops with a message naming each missing or malformed variable", async () => {
    process.env.SHOPIFY_API_SECRET = "";
    process.env.SHOPIFY_APP_URL = "localhost";
    vi.resetModules();
    await expect(import("~/shopify.server")).rejects.toThrow(
      /SHOPIFY_API_SECRET is required\n.*SHOPIFY_APP_URL must be the app's public URL/s,
    );
  });

  it("refuses to run in production without a database server", async () => {
    Object.assign(process.env, { NODE_ENV: "production", DATABASE_URL: "" });
    vi.resetModules();
    await expect(import("~/shopify.server")).rejects.toThrow(/DATABASE_URL is required in production/);
  });
});
