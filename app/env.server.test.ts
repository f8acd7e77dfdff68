import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseEnv as parseDotenv } from "node:util";
import { EXAMPLE_ENCRYPTION_KEY, InvalidEnvironmentError, parseEnv } from "./env.server";

const valid = {
  APP_ENCRYPTION_KEY: "y4Cy7QhJbu1/i+0o9YcV/EULJj+OASFctdqCYprCfAo=",
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://app.example.com",
};

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.problems;
    throw error;
  }
  return [];
}

describe("the environment", () => {
  it("parses a minimal valid environment with defaults", () => {
    const env = parseEnv(valid);
    expect(env.NODE_ENV).toBe("development");
    expect(env.SCOPES).toEqual(["read_products", "write_products", "write_files", "read_locales"]);
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every missing variable", () => {
    expect(problemsOf({})).toEqual([
      "SHOPIFY_API_KEY is required",
      "SHOPIFY_API_SECRET is required",
      "SHOPIFY_APP_URL is required",
      "APP_ENCRYPTION_KEYS is required",
    ]);
  });

  it("names a malformed variable and says what it must be", () => {
    const problems = problemsOf({ ...valid, SHOPIFY_APP_URL: "not a url", PORT: "eighty", DATABASE_URL: "mysql://x" });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^SHOPIFY_APP_URL must be the app's public URL/);
    expect(problems[1]).toMatch(/^DATABASE_URL must be a postgresql:\/\/ connection URL/);
    expect(problems[2]).toMatch(/^PORT /);
  });

  it("treats empty values as unset so that .env placeholders fall back to defaults", () => {
    expect(parseEnv({ ...valid, DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("refuses scopes that lack one the app needs", () => {
    expect(problemsOf({ ...valid, SCOPES: "read_products,write_products" })).toEqual([
      "SCOPES must include read_products, write_products, write_files, read_locales",
    ]);
  });

  it("requires a database server in production", () => {
    expect(problemsOf({ ...valid, NODE_ENV: "production" })).toEqual(["DATABASE_URL is required in production"]);
    expect(parseEnv({ ...valid, NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" }).DATABASE_URL).toBe(
      "postgresql://db/app",
    );
  });

  it("refuses an outbound allow-list in production, and names a bad entry anywhere", () => {
    const production = { ...valid, NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" };
    expect(problemsOf({ ...production, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" })).toEqual([
      "OUTBOUND_ALLOW_HOSTS must be empty in production: it lets shops' URLs reach addresses inside the network",
    ]);
    expect(problemsOf({ ...production, OUTBOUND_ALLOW_HOSTS: "" })).toEqual([]);
    expect(parseEnv({ ...valid, OUTBOUND_ALLOW_HOSTS: "127.0.0.1, ::1" }).OUTBOUND_ALLOW_HOSTS).toEqual([
      "127.0.0.1",
      "::1",
    ]);
    expect(problemsOf({ ...valid, OUTBOUND_ALLOW_HOSTS: "localhost" })[0]).toMatch(
      /^OUTBOUND_ALLOW_HOSTS must list IP addresses or CIDR ranges: "localhost"/,
    );
  });

  it("refuses the example encryption key in production, naming the variable that holds it", () => {
    const production = { ...valid, NODE_ENV: "production", DATABASE_URL: "postgresql://db/app" };
    const own = "wfCebAeeANuUkeTa17ZfqKbuEKRfRkhlOAjyr+pRDl8=";
    expect(problemsOf({ ...production, APP_ENCRYPTION_KEY: EXAMPLE_ENCRYPTION_KEY })).toEqual([
      "APP_ENCRYPTION_KEY is the example key from .env.example; production must use its own key",
    ]);
    expect(
      problemsOf({
        ...production,
        APP_ENCRYPTION_KEY: undefined,
        APP_ENCRYPTION_KEYS: `new:${own},local:${EXAMPLE_ENCRYPTION_KEY}`,
      }),
    ).toEqual(["APP_ENCRYPTION_KEYS holds the example key from .env.example; production must use its own keys"]);
    expect(problemsOf({ ...production, APP_ENCRYPTION_KEY: undefined, APP_ENCRYPTION_KEYS: `new:${own}` })).toEqual([]);
    // Outside production the example key is what local commands and tests run with.
    expect(problemsOf({ ...valid, APP_ENCRYPTION_KEY: EXAMPLE_ENCRYPTION_KEY })).toEqual([]);
  });

  it("knows the very key .env.example commits", () => {
    const example = parseDotenv(readFileSync(new URL("../.env.example", import.meta.url), "utf8"));
    expect(example.APP_ENCRYPTION_KEYS).toBe(`local:${EXAMPLE_ENCRYPTION_KEY}`);
  });

  it("names a malformed keyring", () => {
    expect(problemsOf({ ...valid, APP_ENCRYPTION_KEY: undefined, APP_ENCRYPTION_KEYS: "no-id-here" })[0]).toMatch(
      /^APP_ENCRYPTION_KEYS each entry must be id:base64key/,
    );
  });

  it("refuses weak or malformed keys at boot in every environment, naming the variable and the key", () => {
    const zeros = Buffer.alloc(32).toString("base64");
    const junk = "y4Cy7QhJbu1/i+0o9YcV/EULJj!+OASFctdqCYprCfA=";
    for (const NODE_ENV of ["development", "production"]) {
      const base = { ...valid, NODE_ENV, DATABASE_URL: "postgresql://db/app" };
      expect(problemsOf({ ...base, APP_ENCRYPTION_KEY: zeros })).toEqual([
        "APP_ENCRYPTION_KEY is all zero bytes; use 32 random bytes, base64-encoded (e.g. `openssl rand -base64 32`)",
      ]);
      expect(problemsOf({ ...base, APP_ENCRYPTION_KEY: junk })[0]).toMatch(
        /^APP_ENCRYPTION_KEY must be 32 random bytes, base64-encoded/,
      );
      expect(
        problemsOf({
          ...base,
          APP_ENCRYPTION_KEY: undefined,
          APP_ENCRYPTION_KEYS: `k2:${valid.APP_ENCRYPTION_KEY},k1:${zeros}`,
        }),
      ).toEqual([
        'APP_ENCRYPTION_KEYS key "k1" is all zero bytes; use 32 random bytes, base64-encoded (e.g. `openssl rand -base64 32`)',
      ]);
      expect(problemsOf({ ...base, APP_ENCRYPTION_KEY: undefined, APP_ENCRYPTION_KEYS: `k1:${junk}` })[0]).toMatch(
        /^APP_ENCRYPTION_KEYS key "k1" must be 32 random bytes, base64-encoded/,
      );
    }
  });

  it("rejects an unknown NODE_ENV", () => {
    expect(problemsOf({ ...valid, NODE_ENV: "staging" })[0]).toMatch(/^NODE_ENV /);
  });
});
