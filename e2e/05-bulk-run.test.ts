import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorSubmits } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("a bulk run of a collection", () => {
  let staff: StaffBrowser;
  /** The run page's figure under a label ("Waiting to start", "Ready for review"…). */
  const count = async (label: string) =>
    Number(await staff.app.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]").textContent());

  beforeAll(async () => {
    staff = await StaffBrowser.open();
    // One render at a time, so a paused run has renders waiting.
    await staff.saveSettings({ "Renders at the same time": "1" });
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows the estimate and the skipped products with their reasons before anything starts", async () => {
    await staff.openApp("/app");
    await staff.navLink("Bulk runs").click();
    await staff.app.getByRole("heading", { name: "Bulk runs", level: 1 }).waitFor();
    await staff.waitForApp();
    await staff.app.getByRole("link", { name: "New bulk run" }).first().click();
    await staff.app.getByRole("heading", { name: "New bulk run", level: 1 }).waitFor();
    await staff.waitForApp();

    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["New arrivals"]);
    await staff.app.getByText("Collection: New arrivals").waitFor();
    const submitsBefore = (await simulatorSubmits(staff.sandbox)).length;
    await staff.app.getByRole("button", { name: "Preview" }).click();

    // The sandbox treats collections over 5 products as large: read from Shopify in the background first, with
    // its progress on the page, which asks again by itself until the preview is ready.
    await staff.app
      .getByText(/"New arrivals" is a large collection: reading its products from Shopify, \d of 6 so far\./)
      .waitFor();
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-listing"))).toBe("");
    await staff.app.getByText("3 of 6", { exact: true }).waitFor();
    await staff.app.getByText("About 15 credits").waitFor();
    await staff.app.getByRole("heading", { name: "3 products will be skipped" }).waitFor();
    const skipped = await staff.app
      .getByRole("heading", { name: "3 products will be skipped" })
      .locator("xpath=following-sibling::*[1]")
      .textContent();
    expect(skipped).toContain(
      "Heavy wool coat: The product's photo cannot be used (not a JPEG, PNG or WebP, or over 10 MB). (photo over 10 MB)",
    );
    expect(skipped).toContain(
      "Embroidered kimono jacket: The product's photo cannot be used (not a JPEG, PNG or WebP, or over 10 MB). (GIF photo)",
    );
    expect(skipped).toContain("Gift wrapping: The product has no photo to dress the model in.");
    // A preview spends nothing.
    expect((await simulatorSubmits(staff.sandbox)).length).toBe(submitsBefore);
    await staff.screenshot("bulk-run-preview");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-preview"))).toBe("");
  });

  test("starts, and while paused starts nothing new; resumed, it finishes with every render ready for review", async () => {
    await staff.app.getByRole("button", { name: "Start run of 3 renders" }).click();
    await staff.app.getByRole("heading", { name: "New arrivals", level: 1 }).waitFor();
    await staff.waitForApp();
    expect(staff.page.url()).toMatch(/\/app\/runs\/[\w-]+$/);
    await staff.app.getByRole("button", { name: "Pause" }).click();
    await staff.toast(/^Run paused\./).waitFor();
    await staff.app.getByRole("button", { name: "Resume" }).waitFor();
    await staff.app.getByText("Paused", { exact: true }).first().waitFor();
    await staff.screenshot("bulk-run-paused");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-paused"))).toBe("");

    // One render at a time (set before the tests): at most one had started; the others wait while paused.
    const submitsWhilePaused = (await simulatorSubmits(staff.sandbox)).length;
    await staff.page.waitForTimeout(4_000);
    expect((await simulatorSubmits(staff.sandbox)).length).toBe(submitsWhilePaused);
    await staff.openApp(new URL(staff.page.url()).pathname.replace(/^.*\/apps\/model-shots/, ""));
    expect(await count("Waiting to start")).toBeGreaterThanOrEqual(2);

    await staff.app.getByRole("button", { name: "Resume" }).click();
    await staff.toast("Run resumed.").waitFor();
    // The page updates itself every few seconds while renders move.
    await staff.app.getByText("3 of 3 renders done").waitFor({ timeout: 90_000 });
    expect(await count("Ready for review")).toBe(3);
    await staff.app.getByText("Finished", { exact: true }).first().waitFor();
    await staff.screenshot("bulk-run-finished");
  });

  test("its renders are approved together in Review, and each lands on its product", async () => {
    await staff.app.getByRole("link", { name: "Review this run" }).click();
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.waitForApp();
    await staff.app.getByRole("button", { name: "Open Pleated check skirt" }).waitFor();
    await staff.screenshot("review-run");
    await staff.app.getByRole("button", { name: "Select all on this page" }).click();
    await staff.app.getByRole("button", { name: "Approve 3" }).click();
    await staff.toast("Approved 3 renders.").waitFor();

    for (const [key, title] of [
      ["ribbedTank", "Ribbed tank top"],
      ["polkaSundress", "Polka dot sundress"],
      ["checkSkirt", "Pleated check skirt"],
    ] as const) {
      await staff.openProduct(staff.sandbox.demo.products[key] ?? "");
      await staff.reloadUntil(
        `${title}'s model shot on the product`,
        async () =>
          (await staff.page.locator(`img[alt="${title} worn by a model (generated model shot)"]`).count()) === 1,
      );
    }
  });

  test("can be cancelled from its page after confirming in a dialog; renders not started cost nothing", async () => {
    await staff.openApp(
      `/app/runs/new?collectionId=${encodeURIComponent(staff.sandbox.demo.collections.dresses ?? "")}`,
    );
    await staff.app.getByText("Collection: Dresses").waitFor();
    await staff.app.getByRole("button", { name: "Preview" }).click();
    // The sundress already has an approved render with this look, so it is skipped.
    await staff.app.getByText("2 of 3", { exact: true }).waitFor();
    await staff.app.getByRole("button", { name: "Start run of 2 renders" }).click();
    await staff.app.getByRole("heading", { name: "Dresses", level: 1 }).waitFor();
    await staff.waitForApp();

    await staff.app.getByRole("button", { name: "Cancel run" }).click();
    // App Bridge's modal (ui-modal with its title bar), drawn over the app by the sandbox's App Bridge.
    const dialog = staff.app.getByRole("dialog", { name: "Cancel this run?" });
    await dialog
      .getByText("Renders that have not started will be cancelled and cost nothing.", { exact: false })
      .waitFor();
    await staff.screenshot("bulk-run-cancel-dialog");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-cancel-dialog"))).toBe("");
    await dialog.getByRole("button", { name: "Keep running" }).click();
    await dialog.waitFor({ state: "detached" });

    await staff.app.getByRole("button", { name: "Cancel run" }).click();
    await dialog.getByRole("button", { name: "Cancel run" }).click();
    await staff.toast(/^Run cancelled\./).waitFor();
    await staff.app.getByText("Cancelled", { exact: true }).first().waitFor();
    expect(await staff.app.getByRole("button", { name: "Resume" }).count()).toBe(0);
  });
});
