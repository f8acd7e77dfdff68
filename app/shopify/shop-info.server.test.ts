import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "../../fakes/shopify-admin/fake-admin";
import { altTextLocale, suggestedAltText } from "~/renders/review/alt-text";
import { makeAdminGraphql } from "./admin-graphql.server";
import { ADMIN_API_VERSION } from "./api-version";
import { readShopPrimaryLocale } from "./shop-info.server";

const SHOP = "locales.myshopify.com";

/** The Admin API of one shop whose access token carries `scopes`, executed by the fake against Shopify's schema. */
function adminWith(scopes: string) {
  const fake = createFakeAdminApi({ scopes });
  fake.store.addShop({ domain: SHOP });
  const token = fake.issueAccessToken(SHOP);
  const admin = makeAdminGraphql({
    label: SHOP,
    maxRetries: 0,
    request: async (query, { variables }) =>
      fake.handle(
        new Request(`https://${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
          body: JSON.stringify({ query, variables }),
        }),
      ),
  });
  return { fake, admin };
}

describe("the shop's primary language, for alt text (ADR 095)", () => {
  it("is read from shopLocales when the app has read_locales, and the suggestion is written in it", async () => {
    const { fake, admin } = adminWith("read_products,write_products,write_files,read_locales");
    fake.store.shop(SHOP).record.locales = [
      { locale: "en", name: "English", primary: false, published: true },
      { locale: "pt-BR", name: "Português (Brasil)", primary: true, published: true },
    ];
    const locale = await altTextLocale(() => readShopPrimaryLocale(admin));
    expect(locale).toBe("pt-BR");
    expect(suggestedAltText(locale, "Vestido envelope", "Terracota")).toBe(
      "Vestido envelope em Terracota, usado por um modelo",
    );
  });

  it("is English when the shop has not granted read_locales: Shopify refuses the field, as the fake does", async () => {
    const { fake, admin } = adminWith("read_products,write_products,write_files");
    fake.store.shop(SHOP).record.locales = [{ locale: "de", name: "Deutsch", primary: true, published: true }];
    await expect(readShopPrimaryLocale(admin)).rejects.toThrow(/read_locales/);
    expect(await altTextLocale(() => readShopPrimaryLocale(admin))).toBe("en");
  });

  it("is English when Shopify fails", async () => {
    expect(await altTextLocale(() => Promise.reject(new Error("HTTP 503")))).toBe("en");
  });
});
