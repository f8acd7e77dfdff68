import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorLedger } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("generating from the app, reviewing, approving and rejecting", () => {
  let staff: StaffBrowser;
  const modelShotOf = (title: string) =>
    staff.page.locator(`img[alt^="${title}"][alt$="worn by a model"], img[alt="${title} on a model, front view"]`);

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("the Generate page picks a product with the resource picker and shows the cost before generating", async () => {
    await staff.openApp("/app");
    await staff.navLink("Generate").click();
    await staff.app.getByText("Choose the product to dress the model in").waitFor();
    await staff.screenshot("generate-pick");
    expect(describeFindings(await staff.accessibilityProblems("generate-pick"))).toBe("");

    await staff.app.getByRole("button", { name: "Choose a product" }).click();
    await staff.page.locator("[data-picker]").getByRole("dialog", { name: "Select product" }).waitFor();
    await staff.screenshot("resource-picker");
    expect(describeFindings(await staff.accessibilityProblems("resource-picker"))).toBe("");
    await staff.pickInResourcePicker(["Linen camp shirt"]);

    await staff.app.getByRole("heading", { name: "Linen camp shirt", level: 1 }).waitFor();
    await staff.waitForApp();
    expect(staff.page.url()).toContain("/app/generate?productId=");
    await staff.app.getByText("5 credits", { exact: true }).waitFor();
    // The back photo is chosen from its alt text.
    const backPhoto = staff.app.getByRole("group", { name: "Back photo (optional)" });
    expect(await backPhoto.getByRole("radio", { name: "Linen camp shirt, back" }).isChecked()).toBe(true);
    await staff.screenshot("generate-product");
    expect(describeFindings(await staff.accessibilityProblems("generate-product"))).toBe("");
  });

  test("a render generated from the app page reaches review, and nothing is charged twice", async () => {
    const before = await simulatorLedger(staff.sandbox);
    await staff.app.getByRole("button", { name: "Generate for 5 credits" }).click();
    await staff.app.getByText("Render queued", { exact: true }).waitFor();
    await staff.toast(/Render queued/).waitFor();
    await staff.waitUntilInReview("Linen camp shirt");
    const after = await simulatorLedger(staff.sandbox);
    expect(after.charges.length - before.charges.length).toBe(1);
    expect(before.balance - after.balance).toBe(5);
  });

  test("approving it in the side-by-side view puts it on the product's media in the admin", async () => {
    const product = staff.sandbox.demo.products.linenShirt ?? "";
    const reviewUrl = staff.page.url();
    await staff.openProduct(product);
    const mediaBefore = await staff.page.locator(".media-item").count();
    const shotsBefore = await modelShotOf("Linen camp shirt").count();
    await staff.page.goto(reviewUrl);
    await staff.waitForApp();
    await staff.app.getByRole("button", { name: "Open Linen camp shirt" }).click();
    const dialog = staff.app.getByRole("dialog");
    await dialog.getByRole("img", { name: "model shot of Linen camp shirt" }).waitFor();
    await staff.screenshot("review-side-by-side");
    await dialog
      .getByLabel("Place among the product's images")
      .selectOption({ label: "First: the image shoppers see first" });
    // The alt text is suggested in the shop's language (English in the sandbox) and staff may rewrite it.
    const alt = dialog.getByLabel("Alt text");
    expect(await alt.inputValue()).toBe("Linen camp shirt, worn by a model");
    await alt.fill("Linen camp shirt on a model, front view");
    expect(describeFindings(await staff.accessibilityProblems("review-side-by-side"))).toBe("");
    await dialog.getByRole("button", { name: "Approve (a)" }).click();
    await staff.toast("Approved. The image is being added to the product.").waitFor();

    await staff.openProduct(product);
    const media = staff.page.locator(".media-item img");
    // Publishing attaches the file, then moves it first (two Admin calls, as on Shopify): a reload between the two
    // shows it last, so wait for the order the render ends with.
    await staff.reloadUntil(
      "the approved model shot as the product's first image",
      async () =>
        (await modelShotOf("Linen camp shirt").count()) === shotsBefore + 1 &&
        (await media.first().getAttribute("alt")) === "Linen camp shirt on a model, front view",
    );
    expect(await media.count()).toBe(mediaBefore + 1);
    // It loads from the (fake) Shopify CDN.
    await expect
      .poll(() => media.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await staff.screenshot("product-with-model-shot");
  });

  test("rejecting another render keeps it off its product and files it under Rejected", async () => {
    await staff.openApp("/app");
    await staff.generateFor("Wrap midi dress");
    await staff.waitUntilInReview("Wrap midi dress");
    await staff.app.getByRole("button", { name: "Open Wrap midi dress" }).click();
    await staff.app.getByRole("dialog").getByRole("button", { name: "Reject (r)" }).click();
    await staff.toast("Rejected. The image was not added to the product.").waitFor();

    await staff.app.getByRole("combobox", { name: "Show" }).selectOption("rejected");
    // The rejected image was deleted from Shopify's Files; the card keeps the product and its state.
    const card = staff.app
      .locator("[data-render-id]")
      .filter({ has: staff.app.getByRole("button", { name: "Wrap midi dress", exact: true }) });
    await card.getByText("Rejected", { exact: true }).first().waitFor();
    await staff.openProduct(staff.sandbox.demo.products.wrapDress ?? "");
    expect(await modelShotOf("Wrap midi dress").count()).toBe(0);
    expect(await staff.page.locator(".media-item").count()).toBe(2);
  });
});
