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
  const ruleName = `Summer arrivals ${Date.now().toString(36)}`;

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  /** A rule's entry in the list of rules (its heading's row holds its status badge). */
  const ruleRow = (name: string) =>
    staff.app.getByRole("heading", { name, level: 3, exact: true }).first().locator("xpath=..");
  /** The rule's status as the list shows it: "On" or "Off" (its badge), read from the loader's data. */
  const ruleStatus = async (name: string) => {
    const row = ruleRow(name);
    await row.waitFor();
    const on = await row.getByText("On", { exact: true }).count();
    const off = await row.getByText("Off", { exact: true }).count();
    if (on === 1 && off === 0) return "On";
    if (off === 1 && on === 0) return "Off";
    return `unclear (${on} On, ${off} Off): ${await row.innerHTML()}`;
  };

  test('a rule saved with "Switched on" unticked is stored off', async () => {
    // The sandbox may have served this file before: a name of its own each run.
    const name = `Unticked ${Date.now().toString(36)}`;
    await staff.openApp("/app/automation");
    await staff.app.getByRole("heading", { name: "Automation", level: 1 }).waitFor();
    await staff.app.getByLabel("Name", { exact: true }).fill(name);
    // A type no product of the demo store has: switched on by mistake, it would still render nothing.
    await staff.app.getByLabel("Product types").fill("Nothing here");
    expect(await staff.app.getByRole("checkbox", { name: "Switched on" }).isChecked()).toBe(false);
    await staff.app.getByRole("button", { name: "Save rule" }).click();
    await staff.app.getByText("Rule saved.").waitFor();
    await expect.poll(() => ruleStatus(name), { timeout: 15_000 }).toBe("Off");
    // The form is blank again for the next rule: saving twice would have made two.
    await expect.poll(() => staff.app.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await staff.app.getByLabel("Product types").inputValue()).toBe("");
    await staff.app.getByRole("heading", { name: "New rule", level: 2 }).waitFor();
    // Stored off: a reload shows what the database holds.
    await staff.openApp("/app/automation");
    expect(await ruleStatus(name)).toBe("Off");
  });

  test("a rule is deleted after confirming in a dialog, and stays deleted after a reload", async () => {
    const name = `To delete ${Date.now().toString(36)}`;
    await staff.openApp("/app/automation");
    await staff.app.getByRole("heading", { name: "Automation", level: 1 }).waitFor();
    await staff.app.getByLabel("Name", { exact: true }).fill(name);
    await staff.app.getByLabel("Product types").fill("Nothing here");
    await staff.app.getByRole("button", { name: "Save rule" }).click();
    await staff.app.getByText("Rule saved.").waitFor();
    await expect.poll(() => ruleStatus(name), { timeout: 15_000 }).toBe("Off");

    const dialog = staff.app.getByRole("dialog", { name: `Delete “${name}”?` });
    await staff.app.getByRole("button", { name: `Delete “${name}”` }).click();
    await dialog.getByText(/still counts against the monthly budget for all rules/).waitFor();
    await staff.screenshot("automation-delete-dialog");
    expect(describeFindings(await staff.accessibilityProblems("automation-delete-dialog"))).toBe("");
    // Kept: nothing happens.
    await dialog.getByRole("button", { name: "Keep rule" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await ruleStatus(name)).toBe("Off");

    await staff.app.getByRole("button", { name: `Delete “${name}”` }).click();
    await dialog.getByRole("button", { name: "Delete rule" }).click();
    await staff.app.getByText("Rule deleted.").waitFor();
    await ruleRow(name).waitFor({ state: "detached" });
    await staff.openApp("/app/automation");
    await staff.app.getByRole("heading", { name: "Rules", level: 2, exact: true }).waitFor();
    expect(await staff.app.getByRole("heading", { name, level: 3, exact: true }).count()).toBe(0);
  });

  test('a rule for a collection saved with "Switched on" ticked is stored on', async () => {
    await staff.openApp("/app/automation");
    await staff.app.getByRole("heading", { name: "Automation", level: 1 }).waitFor();
    await staff.app.getByLabel("Name", { exact: true }).fill(ruleName);
    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["Summer tops"]);
    await staff.app.getByText("Collection: Summer tops").waitFor();
    // Ticked as staff tick it: a click on the box's label.
    await staff.app.getByText("Switched on", { exact: true }).click();
    expect(await staff.app.getByRole("checkbox", { name: "Switched on" }).isChecked()).toBe(true);
    await staff.app.getByRole("button", { name: "Save rule" }).click();
    await staff.app.getByText("Rule saved.").waitFor();
    await expect.poll(() => ruleStatus(ruleName), { timeout: 15_000 }).toBe("On");
    // Stored on: a reload shows what the database holds, and nothing switched it on after the save.
    await staff.openApp("/app/automation");
    expect(await ruleStatus(ruleName)).toBe("On");
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
    await staff.app
      .locator("div")
      .filter({ has: staff.app.getByRole("heading", { name: ruleName, level: 3, exact: true }) })
      .filter({ has: staff.app.getByRole("button", { name: "Switch off" }) })
      .last()
      .getByRole("button", { name: "Switch off" })
      .click();
    await staff.app.getByText("Rule switched off.").waitFor();
    await expect.poll(() => ruleStatus(ruleName), { timeout: 15_000 }).toBe("Off");
  });
});
