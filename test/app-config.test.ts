import { existsSync, readFileSync } from "node:fs";
import { ApiVersion } from "@shopify/shopify-api";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_API_VERSION } from "~/shopify/api-version";

const appToml = z
  .object({
    access_scopes: z.object({ scopes: z.string() }),
    webhooks: z.object({
      api_version: z.string(),
      subscriptions: z.array(
        z.object({
          topics: z.array(z.string()).optional(),
          compliance_topics: z.array(z.string()).optional(),
          uri: z.string(),
        }),
      ),
    }),
  })
  .parse(parse(readFileSync("shopify.app.toml", "utf8")));

const subscribedTopics = appToml.webhooks.subscriptions.flatMap((s) => [
  ...(s.topics ?? []),
  ...(s.compliance_topics ?? []),
]);

describe("shopify.app.toml", () => {
  it("uses the app's one Admin API version, which Shopify's library knows", () => {
    expect(appToml.webhooks.api_version).toBe(ADMIN_API_VERSION);
    expect(Object.values(ApiVersion)).toContain(ADMIN_API_VERSION);
  });

  it("requests exactly the scopes the app is configured with", () => {
    const example = readFileSync(".env.example", "utf8").match(/^SCOPES=(.*)$/m)?.[1];
    expect(appToml.access_scopes.scopes).toBe("read_products,write_products,write_files");
    expect(example).toBe(appToml.access_scopes.scopes);
  });

  it("subscribes to the lifecycle, product deletion, bulk exports ending and all three mandatory compliance topics", () => {
    expect(subscribedTopics.sort()).toEqual(
      [
        "app/scopes_update",
        "app/uninstalled",
        "bulk_operations/finish",
        "customers/data_request",
        "customers/redact",
        "products/delete",
        "shop/redact",
      ].sort(),
    );
  });

  it("points every webhook subscription at a route file named after its topic", () => {
    for (const subscription of appToml.webhooks.subscriptions) {
      const routeFile = `app/routes${subscription.uri.replaceAll("/", ".").replace(/^\./, "/")}.tsx`;
      expect(existsSync(routeFile), `${subscription.uri} → ${routeFile}`).toBe(true);
    }
  });
});

describe("the Admin API version", () => {
  it("is the same constant in codegen, the app and the schema fetched for tests", () => {
    const codegen = readFileSync(".graphqlrc.ts", "utf8");
    expect(codegen).toMatch(/ADMIN_API_VERSION/);
    expect(readFileSync("app/shopify.server.ts", "utf8")).toMatch(/apiVersion: ADMIN_API_VERSION/);
    expect(readFileSync("scripts/admin-schema.ts", "utf8")).toMatch(/ADMIN_API_VERSION/);
  });
});
