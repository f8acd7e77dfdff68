import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * The colour check as staff meet it: the sandbox's simulator changes the colour of every Satin slip dress render
 * (sandbox/demo-store.ts DRIFTING_PRODUCT), and Review flags it before anyone has to notice.
 */
describe("a render whose garment changed colour", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("is flagged in Review with its ΔE, can be filtered for, and shows the photo's colours beside the render's", async () => {
    await staff.openApp("/app");
    await staff.generateFor("Satin slip dress");
    await staff.waitUntilInReview("Satin slip dress");

    const card = staff.app.locator("[data-render-id]", {
      has: staff.app.getByRole("button", { name: "Open Satin slip dress" }),
    });
    await card.getByText("Check the colours: the render looks noticeably different", { exact: true }).waitFor();
    // The figure beside the verdict is explained on keyboard focus (and on hover).
    await card.locator("[data-delta-e]").first().focus();
    await staff.app
      .getByText(/ΔE is how different two colours look/)
      .first()
      .waitFor();
    await staff.app.getByLabel("Colour", { exact: true }).selectOption("drift");
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.reloadUntil(
      "only drifted renders to be listed",
      async () =>
        (await staff.app.locator("[data-render-id]").count()) === 1 &&
        (await staff.app.getByRole("button", { name: "Open Satin slip dress" }).count()) === 1,
    );

    await staff.app.getByRole("button", { name: "Open Satin slip dress" }).click();
    const dialog = staff.app.getByRole("dialog");
    await dialog.getByText("Garment colours: photo, then render").waitFor();
    const photoSwatches = dialog.getByRole("img", { name: /^Photo #[0-9a-f]{6}$/ });
    expect(await photoSwatches.count()).toBeGreaterThan(0);
    expect(await dialog.getByRole("img", { name: /^Render #[0-9a-f]{6}$/ }).count()).toBe(await photoSwatches.count());
    await staff.screenshot("review-colour-drift");
    expect(describeFindings(await staff.accessibilityProblems("review-colour-drift"))).toBe("");
  });

  test("a plain garment's render that kept its colour is marked so", async () => {
    // The bulk run of e2e 05 published the sage Ribbed tank top.
    await staff.openApp("/app/review?state=published");
    const tank = staff.app.locator("[data-render-id]", {
      has: staff.app.getByRole("button", { name: "Open Ribbed tank top" }),
    });
    await tank.getByText("Colours match", { exact: true }).waitFor();
    await tank.getByText(/^ΔE \d+\.\d$/).waitFor();
  });
});
