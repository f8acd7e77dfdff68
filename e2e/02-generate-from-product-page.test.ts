import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("the product page in the admin", () => {
  let staff: StaffBrowser;
  const product = () => staff.sandbox.demo.products.bretonTee ?? "";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows the product's own photos as its media", async () => {
    await staff.openProduct(product());
    await staff.page.getByRole("heading", { name: "Breton striped tee", level: 1 }).waitFor();
    expect(
      await staff.page
        .locator(".media-item img")
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt)),
    ).toEqual(["Breton striped tee, front", "Breton striped tee, back"]);
    await staff.screenshot("product");
    expect(describeFindings(await staff.accessibilityProblems("product"))).toBe("");
  });

  test("offers More actions › Generate model shot with the shop's default look and its cost before anything is spent", async () => {
    await staff.openProduct(product());
    await staff.page.getByRole("button", { name: "More actions" }).click();
    await staff.page.getByRole("menuitem", { name: "Generate model shot" }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Generate model shot" });
    await dialog.getByText("Default look").waitFor({ timeout: 60_000 });
    await dialog.getByText("Costs 5 credits.", { exact: false }).waitFor();
    await staff.screenshot("product-action");
    expect(describeFindings(await staff.accessibilityProblems("product-action"))).toBe("");
  });

  // The request carries Authorization from another origin, so the browser sends a CORS preflight first.
  test("queues the render through the app's extension API and links to it in Review", async () => {
    await staff.openProduct(product());
    await staff.page.getByRole("button", { name: "More actions" }).click();
    await staff.page.getByRole("menuitem", { name: "Generate model shot" }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Generate model shot" });
    await dialog.getByRole("button", { name: "Generate" }).click();
    await dialog.getByText("Model shot queued.", { exact: false }).waitFor({ timeout: 15_000 });
    await dialog.getByRole("link", { name: "Review in Model Shots" }).click();
    await staff.waitForApp();
    expect(staff.page.url()).toContain(`/app/review?productId=${encodeURIComponent(product())}`);
  });
});
