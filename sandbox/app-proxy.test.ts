import { describe, expect, test } from "vitest";
import { APP_BRIDGE_STUB_PATH, rewriteFrameAncestors, rewriteShopifyCdnUrls } from "./app-proxy";

describe("the sandbox's app proxy", () => {
  test("replaces App Bridge's script from Shopify's CDN with the sandbox's stub", () => {
    const html = `<script src="https://cdn.shopify.com/shopifycloud/app-bridge.js" data-api-key="k"></script>`;
    expect(rewriteShopifyCdnUrls(html)).toBe(`<script src="${APP_BRIDGE_STUB_PATH}" data-api-key="k"></script>`);
  });

  test("serves Polaris' font and images from Shopify's CDN locally, in HTML and in scripts alike", () => {
    expect(
      rewriteShopifyCdnUrls(`<link rel="stylesheet" href="https://cdn.shopify.com/static/fonts/inter/v4/styles.css"/>`),
    ).toBe(`<link rel="stylesheet" href="/__sandbox/cdn/static/fonts/inter/v4/styles.css"/>`);
    expect(
      rewriteShopifyCdnUrls(
        `const IMAGE = "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png";`,
      ),
    ).toBe(`const IMAGE = "/__sandbox/cdn/s/files/1/0262/4071/2726/files/emptystate-files.png";`);
  });

  test("lets the sandbox's admin page, and only it, frame the app", () => {
    const shopify =
      "frame-ancestors https://demo.myshopify.com https://admin.shopify.com https://*.spin.dev https://admin.myshopify.io https://admin.shop.dev;";
    expect(rewriteFrameAncestors(shopify, "http://localhost:3000")).toBe("frame-ancestors http://localhost:3000;");
  });
});
