import { describe, expect, it } from "vitest";
import { gidOf, gidPattern, numericIdOf, productAdminUrl, toGid } from "./gid";

describe("Shopify gids", () => {
  it("turns product ids into admin links and gids", () => {
    expect(numericIdOf("gid://shopify/Product/123")).toBe("123");
    expect(numericIdOf("Product/123")).toBeNull();
    expect(productAdminUrl("gid://shopify/Product/42")).toBe("shopify://admin/products/42");
    expect(toGid("Product", "42")).toBe("gid://shopify/Product/42");
    expect(toGid("Product", "gid://shopify/Product/42")).toBe("gid://shopify/Product/42");
    expect(toGid("Product", "gid://shopify/Collection/42")).toBeNull();
    expect(toGid("Collection", "../../etc")).toBeNull();
  });

  it("builds a gid from a webhook's number and matches only gids of one type", () => {
    expect(gidOf("Product", 42)).toBe("gid://shopify/Product/42");
    expect(gidPattern("ProductVariant").test("gid://shopify/ProductVariant/7")).toBe(true);
    expect(gidPattern("ProductVariant").test("gid://shopify/Product/7")).toBe(false);
    expect(gidPattern("Product").test("gid://shopify/Product/7/x")).toBe(false);
  });
});
