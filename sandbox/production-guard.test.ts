import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { readLocalCredentials } from "./local-credentials";
import { isLocalUrl, sandboxRefusals } from "./production-guard";

const local = readLocalCredentials();
const localEnv = {
  SHOPIFY_API_KEY: local.apiKey,
  SHOPIFY_API_SECRET: local.apiSecret,
  SHOPIFY_APP_URL: "http://localhost:3000",
  NODE_ENV: "development",
};
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("the sandbox's production guard", () => {
  test("allows the local values of .env.example", () => {
    expect(sandboxRefusals(localEnv, local)).toEqual([]);
    expect(sandboxRefusals({}, local)).toEqual([]);
  });

  test("refuses NODE_ENV=production", () => {
    expect(sandboxRefusals({ ...localEnv, NODE_ENV: "production" }, local)).toEqual([
      expect.stringContaining("NODE_ENV is production"),
    ]);
  });

  test("refuses a real app's client id or secret", () => {
    expect(sandboxRefusals({ ...localEnv, SHOPIFY_API_KEY: "3f1c0b7e9a2d4c6b8e0f1a2b3c4d5e6f" }, local)).toEqual([
      expect.stringContaining("SHOPIFY_API_KEY"),
    ]);
    expect(sandboxRefusals({ ...localEnv, SHOPIFY_API_SECRET: "shpss_0123456789abcdef" }, local)).toEqual([
      expect.stringContaining("SHOPIFY_API_SECRET"),
    ]);
  });

  test("refuses an app URL that is not on this machine", () => {
    expect(sandboxRefusals({ ...localEnv, SHOPIFY_APP_URL: "https://model-shots.example.com" }, local)).toEqual([
      expect.stringContaining("SHOPIFY_APP_URL"),
    ]);
    expect(isLocalUrl("https://abc-def.trycloudflare.com")).toBe(false);
    expect(isLocalUrl("http://127.0.0.1:3000")).toBe(true);
    expect(isLocalUrl("http://[::1]:3000")).toBe(true);
  });

  test("`npm run sandbox` exits at once, naming the reason, when NODE_ENV=production or real credentials are set", () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/sandbox.ts", "--port", "0"], {
        cwd: REPO_ROOT,
        env: { NODE_ENV: "development", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        encoding: "utf8",
        timeout: 60_000,
      });
    const production = run({ NODE_ENV: "production" });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain("The sandbox will not start");
    expect(production.stderr).toContain("NODE_ENV is production");

    const realKey = run({ NODE_ENV: "development", SHOPIFY_API_KEY: "3f1c0b7e9a2d4c6b8e0f1a2b3c4d5e6f" });
    expect(realKey.status).toBe(1);
    expect(realKey.stderr).toContain("SHOPIFY_API_KEY is not the local value");
    expect(realKey.stdout).not.toContain("sandbox is running");
  });

  test("the preload that routes Shopify's traffic to the fake refuses to load in production", () => {
    const preload = spawnSync(
      process.execPath,
      ["--import", "tsx", "--import", "./sandbox/shopify-fetch-preload.ts", "-e", "console.log('loaded')"],
      {
        cwd: REPO_ROOT,
        env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", SANDBOX_FAKE_ADMIN_URL: "http://127.0.0.1:1" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(preload.status).not.toBe(0);
    expect(preload.stdout).not.toContain("loaded");
    expect(preload.stderr).toContain("must never be loaded in production");
  });
});
