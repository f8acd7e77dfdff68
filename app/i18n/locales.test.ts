import { describe, expect, it } from "vitest";
import { localeOfRequest, matchLocale, PSEUDO_LOCALE } from "./locales";

const request = (query: string, acceptLanguage: string | null = null, allowPseudo = false) =>
  localeOfRequest(new URL(`https://app.example/app${query}`), acceptLanguage, allowPseudo);

describe("the app's language", () => {
  it("is the locale Shopify puts on the app's URL", () => {
    expect(request("?locale=de&shop=a.myshopify.com")).toBe("de");
    expect(request("?locale=ja")).toBe("ja");
    expect(request("?locale=pt-BR")).toBe("pt-BR");
  });

  it("matches a regional tag to its language, and Portuguese of Portugal to Brazil's", () => {
    expect(matchLocale("de-CH")).toBe("de");
    expect(matchLocale("fr_CA")).toBe("fr");
    expect(matchLocale("pt-PT")).toBe("pt-BR");
    expect(matchLocale("PT-br")).toBe("pt-BR");
    expect(matchLocale("zh-CN")).toBeNull();
  });

  it("falls back to the browser's languages in their order of preference, then English", () => {
    expect(request("", "zh-CN, nl;q=0.8, de;q=0.9")).toBe("de");
    expect(request("?locale=zh-CN", "it-IT,it;q=0.9")).toBe("it");
    expect(request("?locale=ko", "ko")).toBe("en");
    expect(request("", null)).toBe("en");
  });

  it("is the pseudo-locale only where it is allowed", () => {
    expect(request(`?locale=${PSEUDO_LOCALE}`, null, true)).toBe(PSEUDO_LOCALE);
    expect(request(`?locale=${PSEUDO_LOCALE}`, null, false)).toBe("en");
  });
});
