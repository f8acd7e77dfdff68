import { describe, expect, test } from "vitest";
import { fakeAdminAddress } from "./shopify-routing";

const fake = "http://127.0.0.1:4567";

describe("routing the app's Shopify calls in the sandbox", () => {
  test("sends the Admin API and the token endpoint of a shop to the fake Admin API", () => {
    expect(fakeAdminAddress(new URL("https://demo.myshopify.com/admin/api/2026-10/graphql.json"), fake)).toBe(
      "http://127.0.0.1:4567/shops/demo.myshopify.com/admin/api/2026-10/graphql.json",
    );
    expect(fakeAdminAddress(new URL("https://demo.myshopify.com/admin/oauth/access_token?x=1"), fake)).toBe(
      "http://127.0.0.1:4567/shops/demo.myshopify.com/admin/oauth/access_token?x=1",
    );
  });

  test("leaves every other request alone: the try-on service, images, other hosts", () => {
    expect(fakeAdminAddress(new URL("http://127.0.0.1:4455/api/v1/mannequins"), fake)).toBeNull();
    expect(fakeAdminAddress(new URL("https://cdn.shopify.com/s/files/1/x.png"), fake)).toBeNull();
    expect(fakeAdminAddress(new URL("https://demo.myshopify.com/products/tee"), fake)).toBeNull();
    expect(fakeAdminAddress(new URL("http://demo.myshopify.com/admin/api/2026-10/graphql.json"), fake)).toBeNull();
  });
});
