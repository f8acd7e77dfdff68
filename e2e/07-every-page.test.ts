import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * Every page of the app, and the sandbox's admin pages around it, once the earlier files have left data on
 * them (renders in every state, runs, a failure): each is screenshotted and checked with axe-core, which must find
 * nothing of any impact.
 */
describe("every page", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  const appPages: Array<[name: string, path: () => string, heading: string]> = [
    ["home", () => "/app", "Model Shots"],
    ["generate-pick", () => "/app/generate", "Generate a model shot"],
    [
      "generate-product",
      () => `/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.hoodie ?? "")}`,
      "Oversized hoodie",
    ],
    ["bulk-runs", () => "/app/runs", "Bulk runs"],
    ["bulk-run-new", () => "/app/runs/new", "New bulk run"],
    ["review-published", () => "/app/review?state=published", "Review"],
    ["review-empty", () => "/app/review", "Review"],
    ["history", () => "/app/history", "History"],
    ["settings", () => "/app/settings", "Settings"],
  ];

  for (const [name, path, heading] of appPages) {
    test(`the app's ${name} page has no accessibility problem of any impact`, async () => {
      await staff.openApp(path());
      await staff.app.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await staff.screenshot(`page-${name}`);
      expect(describeFindings(await staff.accessibilityProblems(`page-${name}`))).toBe("");
    });
  }

  test("the app's bulk run page has no accessibility problem of any impact", async () => {
    await staff.openApp("/app/runs");
    await staff.app.getByRole("link", { name: "Collection: New arrivals" }).first().click();
    await staff.app.getByText("5 of 5 renders done").waitFor();
    await staff.screenshot("page-bulk-run");
    expect(describeFindings(await staff.accessibilityProblems("page-bulk-run"))).toBe("");
  });

  const adminPages: Array<[name: string, path: () => string, heading: string]> = [
    ["admin-home", () => "", "Welcome to Model Shots Demo"],
    ["admin-products", () => "/products", "Products"],
    [
      "admin-product",
      () => `/products/${(staff.sandbox.demo.products.polkaSundress ?? "").split("/").pop()}`,
      "Polka dot sundress",
    ],
    ["admin-collections", () => "/collections", "Collections"],
    [
      "admin-collection",
      () => `/collections/${(staff.sandbox.demo.collections.newArrivals ?? "").split("/").pop()}`,
      "New arrivals",
    ],
  ];

  for (const [name, path, heading] of adminPages) {
    test(`the sandbox's ${name} page has no accessibility problem of any impact`, async () => {
      await staff.openAdmin(path());
      await staff.page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await staff.screenshot(`page-${name}`);
      expect(describeFindings(await staff.accessibilityProblems(`page-${name}`))).toBe("");
    });
  }
});
