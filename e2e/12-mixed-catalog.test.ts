import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorSubmits } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * A real store's mix (issue 26): the sandbox's "Mixed catalog" holds a dress, a blouse and a shirt titled in German,
 * Spanish and French beside a bag, sneakers, a necklace and a gift card. A bulk run over it renders the clothes as
 * what Shopify's data says they are, says where it read that, and spends nothing on the rest.
 */
describe("a bulk run over a mixed catalog", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  const NOT_CLOTHING_PHOTOS = /leather-tote|canvas-high-tops|pearl-pendant|gift-card/;
  const imageOf = (submit: { body: unknown }) =>
    (submit.body as { product_images?: string[] } | null)?.product_images?.[0] ?? "";

  test("previews each product's decision and its source, and skips what is not clothing with the reason", async () => {
    await staff.openApp("/app/runs/new");
    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["Mixed catalog"]);
    await staff.app.getByText("Collection: Mixed catalog").waitFor();
    await staff.app.getByRole("button", { name: "Preview" }).click();
    // Over 5 products, the sandbox reads it in the background first; the page asks again by itself.
    await staff.app
      .getByText("3 renders of 3 products (Mixed catalog, 7 products in all)", { exact: true })
      .waitFor({ timeout: 60_000 });

    const skippedHeading = staff.app.getByRole("heading", { name: "4 products will be skipped" });
    const skipped = await skippedHeading.locator("xpath=following-sibling::*[1]").textContent();
    expect(skipped).toContain(
      "Leather tote bag: A bag, from the product's category in Shopify: Handbags: not clothing.",
    );
    expect(skipped).toContain(
      "Canvas high tops: Shoes, from the product's category in Shopify: Sneakers: not clothing.",
    );
    expect(skipped).toContain("Pearl pendant necklace: Jewellery, from the product's category in Shopify:");
    expect(skipped).toContain("Gift card: A gift card");

    const decisions = await staff.app
      .getByRole("heading", { name: "What each product is rendered as" })
      .locator("xpath=following-sibling::*[2]")
      .textContent();
    expect(decisions).toContain("Sommerkleid: Dress, from the product's category in Shopify: Dresses.");
    expect(decisions).toContain("Blusa de seda: Top, from its product type: Blusas.");
    expect(decisions).toContain("Chemise en lin: Top, from its title: “Chemise en lin”.");
    await staff.screenshot("bulk-run-mixed-catalog");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-mixed-catalog"))).toBe("");
  });

  test("starts a run of the three garments only: the try-on service receives nothing of the bag, the shoes, the necklace or the gift card", async () => {
    const before = new Set((await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await staff.app.getByRole("button", { name: "Start run of 3 renders" }).click();
    await staff.app.getByRole("heading", { name: "Mixed catalog", level: 1 }).waitFor();
    const runSubmits = async () =>
      (await simulatorSubmits(staff.sandbox)).filter((submit) => !before.has(submit.seq)).map(imageOf);
    await expect.poll(async () => (await runSubmits()).length, { timeout: 90_000, interval: 500 }).toBe(3);
    expect((await runSubmits()).filter((image) => NOT_CLOTHING_PHOTOS.test(image))).toEqual([]);
  });

  test("the product action says the bag is not clothing, and renders it only as a garment staff choose", async () => {
    await staff.openProduct(staff.sandbox.demo?.products.leatherTote ?? "");
    const action = await staff.openAdminAction("Generate model shot");
    await action
      .getByText("A bag, from the product's category in Shopify: Handbags", { exact: false })
      .first()
      .waitFor();
    const generate = action.getByRole("button", { name: /^Generate/ });
    await expect.poll(async () => generate.isDisabled()).toBe(true);
    await action.getByLabel("Render it as").selectOption("top");
    await expect.poll(async () => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await staff.screenshot("product-action-not-clothing");
  });
});
