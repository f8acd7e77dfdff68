import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorSubmits } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * Automation end to end (issue 29): staff add a rule on the Automation page for a collection, then add a product to
 * that collection in the sandbox's admin, which sends the app Shopify's signed products/create as Shopify would. The
 * worker gathers it after the quiet period into an automatic run, and its render reaches Review: nobody clicked
 * Generate.
 */
describe("automation: a product added to a collection with a rule is rendered on its own", () => {
  let staff: StaffBrowser;
  // A title of its own each run: the sandbox's store lives as long as the sandbox, and the file may run again.
  const title = `Arrival tee ${Date.now().toString(36)}`;
  const ruleName = "Summer arrivals";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("a rule for a collection is added on the Automation page and switched on", async () => {
    await staff.openApp("/app/automation");
    await staff.app.getByRole("heading", { name: "Automation", level: 1 }).waitFor();
    await staff.app.getByLabel("Name", { exact: true }).fill(ruleName);
    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["Summer tops"]);
    await staff.app.getByText("Collection: Summer tops").waitFor();
    await staff.app.getByRole("button", { name: "Save rule" }).click();
    await staff.app.getByText("Rule saved.").waitFor();
    await staff.app.getByText(ruleName, { exact: true }).first().waitFor();
    // Saved off, then switched on from the list of rules. (Ticking "Switched on" in the form before saving stored the
    // rule switched off on 2026-11-27: reported, the page is another change's.)
    await staff.app.getByRole("button", { name: "Switch on" }).first().click();
    await staff.app.getByText("Rule switched on.").waitFor();
    await staff.screenshot("automation-rule-saved");
    expect(describeFindings(await staff.accessibilityProblems("automation-rule-saved"))).toBe("");
  });

  test("a product added in the admin to that collection gets its render in Review, with nothing else sent to the service", async () => {
    const submitsBefore = (await simulatorSubmits(staff.sandbox)).length;
    await staff.openAdmin("/products");
    await staff.page.getByRole("link", { name: "Add product" }).click();
    await staff.page.getByRole("heading", { name: "Add product", level: 1 }).waitFor();
    await staff.page.getByLabel("Title").fill(title);
    await staff.page.getByLabel("Type").fill("T-Shirts");
    await staff.page
      .getByLabel("Category")
      .selectOption({ label: "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts" });
    await staff.page.getByLabel("Photo").selectOption({ label: "breton-striped-tee-front.jpg" });
    await staff.page.getByLabel("Collection").selectOption({ label: "Summer tops" });
    expect(describeFindings(await staff.accessibilityProblems("sandbox-add-product"))).toBe("");
    await staff.page.getByRole("button", { name: "Save product" }).click();
    // Saved: the product's own page, in the collection, with its photo.
    await staff.page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await staff.page.getByRole("link", { name: "Summer tops" }).first().waitFor();

    // The render appears in Review once the worker has gathered the delivery (a quiet period) and the service
    // has rendered it: Review is reloaded until it lists the product, as staff would.
    await staff.openApp("/app/review");
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.reloadUntil(
      `${title} to be ready for review`,
      async () => (await staff.app.getByRole("button", { name: `Open ${title}` }).count()) === 1,
      180_000,
    );
    await staff.screenshot("automation-render-in-review");
    // One render of it was sent to the service, and nothing else meanwhile.
    expect((await simulatorSubmits(staff.sandbox)).slice(submitsBefore)).toHaveLength(1);

    // (The runs list names an automatic run by the screens' run headings, which do not know the automatic kind on
    // 2026-11-27: it shows as an unnamed run, so its title is not checked here; reported.)
  }, 300_000);

  test("switched off again, the rule leaves the rest of the suite's products alone", async () => {
    await staff.openApp("/app/automation");
    await staff.app.getByRole("button", { name: "Switch off" }).first().click();
    await staff.app.getByText("Rule switched off.").waitFor();
  });
});
