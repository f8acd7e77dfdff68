import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("the Settings page", () => {
  let staff: StaffBrowser;
  const saveBar = () => staff.page.getByRole("region", { name: "Unsaved changes" });
  const apiKeyField = () => staff.app.getByLabel("API key");

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows the saved key only by its last four characters", async () => {
    await staff.openApp("/app");
    await staff.navLink("Settings").click();
    await staff.app.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await staff.waitForApp();
    const last4 = staff.sandbox.simulatorApiKey.slice(-4);
    await staff.app.getByText(`A key ending in ${last4} is saved.`, { exact: false }).waitFor();
    expect(await apiKeyField().inputValue()).toBe("");
    expect(await staff.app.locator("body").textContent()).not.toContain(staff.sandbox.simulatorApiKey);
    await staff.screenshot("settings");
    expect(describeFindings(await staff.accessibilityProblems("settings"))).toBe("");
  });

  test("a wrong API key shows the service's refusal next to the field and saves nothing", async () => {
    await apiKeyField().fill("sim_not_a_real_key_0000");
    // App Bridge's save bar, shown by the admin in its top bar.
    await saveBar().waitFor();
    await staff.screenshot("settings-unsaved");
    await saveBar().getByRole("button", { name: "Save" }).click();
    await staff.app.getByText("The try-on service refused this key.", { exact: false }).waitFor();
    expect(describeFindings(await staff.accessibilityProblems("settings-refused"))).toBe("");
    await staff.screenshot("settings-refused");

    await staff.openApp("/app/settings");
    const last4 = staff.sandbox.simulatorApiKey.slice(-4);
    await staff.app.getByText(`A key ending in ${last4} is saved.`, { exact: false }).waitFor();
    expect(await staff.app.getByText("A key ending in 0000", { exact: false }).count()).toBe(0);
    // The saved key still works: the catalog (read with it) fills the defaults' pickers.
    await staff.app
      .getByText("Add your try-on service key in Settings", { exact: false })
      .count()
      .then((count) => expect(count).toBe(0));
  });

  test("discarding in the save bar puts the form back as saved", async () => {
    await apiKeyField().fill("sim_typed_then_discarded");
    await saveBar().getByRole("button", { name: "Discard" }).click();
    await saveBar().waitFor({ state: "detached" });
    expect(await apiKeyField().inputValue()).toBe("");
  });

  test("saves a change that needs no key check, and says so", async () => {
    await staff.saveSettings({ "Renders at the same time": "3" });
    await staff.openApp("/app/settings");
    expect(await staff.app.getByLabel("Renders at the same time").inputValue()).toBe("3");
  });
});
