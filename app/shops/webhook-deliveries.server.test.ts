import { describe, expect, it } from "vitest";
import { bindToShop, isStale } from "./webhook-deliveries.server";

const SHOP = "a.myshopify.com";

describe("binding a signed webhook body to the shop of its header", () => {
  it("binds a body that names no shop, or names this one by domain and id", () => {
    expect(bindToShop({ domains: [], shopIds: [] }, SHOP, "1")).toEqual({ bound: true, learnedShopId: null });
    expect(bindToShop({ domains: ["A.myshopify.com"], shopIds: ["1"] }, SHOP, "1")).toEqual({
      bound: true,
      learnedShopId: null,
    });
  });

  it("refuses a body naming another shop's domain or id", () => {
    expect(bindToShop({ domains: ["b.myshopify.com"], shopIds: [] }, SHOP, "1")).toEqual({
      bound: false,
      outcome: "another_shop",
    });
    expect(bindToShop({ domains: [], shopIds: ["2"] }, SHOP, "1")).toEqual({ bound: false, outcome: "another_shop" });
    expect(bindToShop({ domains: [SHOP], shopIds: ["2"] }, SHOP, "1")).toEqual({
      bound: false,
      outcome: "another_shop",
    });
  });

  it("while the shop's id is unknown, learns it only beside the shop's domain, and refuses an id alone", () => {
    expect(bindToShop({ domains: [SHOP], shopIds: ["7"] }, SHOP, null)).toEqual({ bound: true, learnedShopId: "7" });
    expect(bindToShop({ domains: [], shopIds: ["7"] }, SHOP, null)).toEqual({
      bound: false,
      outcome: "unverified_shop",
    });
    expect(bindToShop({ domains: [SHOP], shopIds: ["7", "8"] }, SHOP, null)).toEqual({
      bound: false,
      outcome: "another_shop",
    });
  });
});

describe("stale deliveries", () => {
  const shop = {
    currentInstallSince: new Date("2026-11-20T10:05:00Z"),
    latestInstallAt: new Date("2026-11-21T00:00:00Z"),
  };

  it("are those triggered before the current install began, for every topic", () => {
    expect(isStale(shop, new Date("2026-11-20T10:04:59Z"), "install")).toBe(true);
    expect(isStale(shop, new Date("2026-11-20T10:05:00Z"), "install")).toBe(false);
  });

  it("and, for topics about the install itself, those triggered before the latest token exchange", () => {
    expect(isStale(shop, new Date("2026-11-20T12:00:00Z"), "token exchange")).toBe(true);
    expect(isStale(shop, new Date("2026-11-20T12:00:00Z"), "install")).toBe(false);
    expect(isStale(shop, new Date("2026-11-21T00:00:01Z"), "token exchange")).toBe(false);
  });
});
