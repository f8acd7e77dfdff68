import { existsSync, readFileSync } from "node:fs";
import { ApiVersion, AuthScopes } from "@shopify/shopify-api";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { isEnumType } from "../fakes/shopify-admin/graphql-js";
import { loadAdminSchema } from "../fakes/shopify-admin/schema";

const appToml = z
  .object({
    build: z.record(z.string(), z.unknown()).optional(),
    access_scopes: z.object({ scopes: z.string() }),
    webhooks: z.object({
      api_version: z.string(),
      subscriptions: z.array(
        z.object({
          topics: z.array(z.string()).optional(),
          compliance_topics: z.array(z.string()).optional(),
          uri: z.string(),
          filter: z.string().optional(),
        }),
      ),
    }),
  })
  .parse(parse(readFileSync("shopify.app.toml", "utf8")));

const packageJson = z
  .object({
    config: z.object({ shopifyCli: z.string() }),
    scripts: z.record(z.string(), z.string()),
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(readFileSync("package.json", "utf8")));

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
    expect(appToml.access_scopes.scopes).toBe("read_products,write_products,write_files,read_locales");
    expect(example).toBe(appToml.access_scopes.scopes);
  });

  it("keeps read_products although write_products grants it: no access beyond write_products, write_files and read_locales (ADR 061, 095)", () => {
    const scopes = new AuthScopes(appToml.access_scopes.scopes);
    expect(scopes.equals("write_products,write_files,read_locales")).toBe(true);
    expect(scopes.toArray(true)).toContain("read_products");
  });

  it("sets nothing Shopify's CLI has dropped (include_config_on_deploy: every deploy now includes the config)", () => {
    expect(appToml.build ?? {}).not.toHaveProperty("include_config_on_deploy");
  });

  it("subscribes to the lifecycle, products created, updated and deleted, bulk exports ending and all three mandatory compliance topics", () => {
    expect(subscribedTopics.sort()).toEqual(
      [
        "app/scopes_update",
        "app/uninstalled",
        "bulk_operations/finish",
        "customers/data_request",
        "customers/redact",
        "products/create",
        "products/delete",
        "products/update",
        "shop/redact",
      ].sort(),
    );
  });

  it("sends automation only active products: products/create and products/update carry Shopify's status:active filter", () => {
    const filters = Object.fromEntries(
      appToml.webhooks.subscriptions.flatMap((s) => (s.topics ?? []).map((topic) => [topic, s.filter ?? null])),
    );
    expect(filters["products/create"]).toBe("status:active");
    expect(filters["products/update"]).toBe("status:active");
  });

  it("subscribes only to topics Shopify's Admin schema knows for that version (the CLI cannot check them offline)", () => {
    const topicEnum = loadAdminSchema(appToml.webhooks.api_version).getType("WebhookSubscriptionTopic");
    if (!isEnumType(topicEnum)) throw new Error("WebhookSubscriptionTopic is not an enum in the Admin schema");
    const known = topicEnum.getValues().map((value) => value.name);
    for (const topic of appToml.webhooks.subscriptions.flatMap((s) => s.topics ?? [])) {
      expect(known, topic).toContain(topic.toUpperCase().replaceAll("/", "_"));
    }
  });

  it("points every webhook subscription at a route file named after its topic", () => {
    for (const subscription of appToml.webhooks.subscriptions) {
      const routeFile = `app/routes${subscription.uri.replaceAll("/", ".").replace(/^\./, "/")}.tsx`;
      expect(existsSync(routeFile), `${subscription.uri} → ${routeFile}`).toBe(true);
    }
  });
});

describe("shopify.web.toml", () => {
  const webToml = z
    .object({ commands: z.record(z.string(), z.string()) })
    .parse(parse(readFileSync("shopify.web.toml", "utf8")));
  const scripts = packageJson.scripts;

  it("runs npm scripts of this package (no npx fetching whatever it finds)", () => {
    expect(Object.keys(webToml.commands).sort()).toEqual(["dev", "predev"]);
    for (const [name, command] of Object.entries(webToml.commands)) {
      const script = /^npm run ([\w:-]+)$/.exec(command)?.[1];
      expect(script, `${name} = "${command}"`).toBeDefined();
      expect(scripts, `${name} = "${command}"`).toHaveProperty(script!);
      expect(scripts[script!]).not.toMatch(/\bnpx\b|npm exec/);
    }
  });
});

describe("Shopify's CLI in npm test (ADR 061)", () => {
  it("is pinned to an exact version and installed on demand, not by npm install", () => {
    expect(packageJson.config.shopifyCli).toMatch(/^\d+\.\d+\.\d+$/);
    expect(packageJson.dependencies).not.toHaveProperty("@shopify/cli");
    expect(packageJson.devDependencies).not.toHaveProperty("@shopify/cli");
  });

  it("runs `shopify app build` before vitest", () => {
    expect(packageJson.scripts["test:app-config"]).toBe("tsx scripts/shopify-app-build.ts");
    // The unit suites run in the lanes after it (ADR 115): test:unit is vitest.
    expect(packageJson.scripts.test).toMatch(/&& npm run test:app-config && tsx scripts\/test-lanes\.ts test:unit /);
    expect(packageJson.scripts["test:unit"]).toBe("vitest run");
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
