import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorLedger } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * Candidates as staff use them: three renders of one product, side by side in Review, the best approved and the
 * other two rejected in the same step (their files deleted from Shopify), and only the chosen one on the product.
 */
describe("several candidates of one product", () => {
  let staff: StaffBrowser;
  const title = "Oversized hoodie";
  const modelShots = () => staff.page.locator(`img[alt^="${title}"][alt$="worn by a model"]`);
  const candidateImages = () =>
    staff.app.getByRole("button", { name: new RegExp(`^Open Candidate \\d of 3 of ${title}$`) });

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("Generate shows the cost of 3 candidates before spending, and queues and charges exactly 3", async () => {
    const before = await simulatorLedger(staff.sandbox);
    await staff.openApp("/app");
    await staff.navLink("Generate").click();
    await staff.app.getByRole("button", { name: "Choose a product" }).click();
    await staff.pickInResourcePicker([title]);
    await staff.app.getByRole("heading", { name: title, level: 1 }).waitFor();
    await staff.waitForApp();
    await staff.app.getByLabel("Candidates", { exact: true }).selectOption("3");
    await staff.app.getByText("3 candidates × 5 credits = 15 credits", { exact: true }).waitFor();
    await staff.app.getByRole("button", { name: "Generate 3 candidates for 15 credits" }).click();
    await staff.app.getByText("3 candidates queued", { exact: true }).waitFor();

    await staff.app.getByRole("link", { name: "Open Review" }).click();
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.reloadUntil(
      `the 3 candidates of ${title} to be ready for review`,
      async () => (await candidateImages().count()) === 3,
    );
    const after = await simulatorLedger(staff.sandbox);
    expect(after.charges.length - before.charges.length).toBe(3);
    expect(before.balance - after.balance).toBe(15);
  });

  test("Review shows them side by side in one card, each at least 240 px wide beside the photo", async () => {
    const card = staff.app.locator("[data-candidate-group]", { hasText: title });
    expect(await card.count()).toBe(1);
    expect(await card.getByRole("img", { name: `Photo of ${title}` }).count()).toBe(1);
    const shots = card.getByRole("img", { name: new RegExp(`^Candidate \\d of 3 of ${title}$`) });
    expect(await shots.count()).toBe(3);
    const boxes = await Promise.all([0, 1, 2].map((index) => shots.nth(index).boundingBox()));
    for (const box of boxes) expect(box?.width ?? 0).toBeGreaterThanOrEqual(240);
    // Side by side: one row, left to right.
    expect(new Set(boxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);
    expect((boxes[0]?.x ?? 0) < (boxes[1]?.x ?? 0) && (boxes[1]?.x ?? 0) < (boxes[2]?.x ?? 0)).toBe(true);
    await staff.screenshot("review-candidates");
    expect(describeFindings(await staff.accessibilityProblems("review-candidates"))).toBe("");
  });

  test("approving one rejects the other two, deletes their files, and puts only the chosen one on the product", async () => {
    const product = staff.sandbox.demo.products.hoodie ?? "";
    const reviewUrl = staff.page.url();
    await staff.openProduct(product);
    const mediaBefore = await staff.page.locator(".media-item").count();
    expect(await modelShots().count()).toBe(0);
    await staff.page.goto(reviewUrl);
    await staff.waitForApp();

    const card = staff.app.locator("[data-candidate-group]", { hasText: title });
    await card.locator("[data-render-id]").nth(1).getByRole("button", { name: "Approve this one" }).click();
    const question = staff.app.getByRole("dialog", { name: `Approve candidate 2 of 3 of ${title}?` });
    const rejectOthers = question.getByRole("checkbox", { name: "Reject the other 2 candidates" });
    expect(await rejectOthers.isChecked()).toBe(true);
    await staff.screenshot("review-candidates-approve");
    await question.getByRole("button", { name: "Approve" }).click();
    await staff
      .toast(
        "Approved. The image is being added to the product; the other 2 candidates were rejected and their files deleted from Shopify.",
      )
      .waitFor();

    await staff.app.getByRole("combobox", { name: "Show" }).selectOption("rejected");
    await staff.reloadUntil(
      "the two other candidates under Rejected",
      async () =>
        (await staff.app
          .getByRole("button", { name: new RegExp(`^Open Candidate [13] of 3 of ${title}$`) })
          .count()) === 2,
    );
    await staff.openProduct(product);
    await staff.reloadUntil("the chosen candidate on the product", async () => (await modelShots().count()) === 1);
    expect(await staff.page.locator(".media-item").count()).toBe(mediaBefore + 1);
  });
});
