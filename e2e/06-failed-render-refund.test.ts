import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { failNextJobs, simulatorLedger } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("a render the try-on service fails", () => {
  let staff: StaffBrowser;
  const FAILURE = "Simulated failure: the garment could not be separated from its background.";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows in History as failed, with the service's reason and the refund", async () => {
    const before = await simulatorLedger(staff.sandbox);
    await failNextJobs(staff.sandbox, 1, FAILURE);
    await staff.openApp(
      `/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.straightJeans ?? "")}`,
    );
    await staff.app.getByRole("button", { name: "Generate for 5 credits" }).click();
    await staff.app.getByText("Render queued", { exact: true }).waitFor();

    await staff.navLink("History").click();
    await staff.app.getByRole("heading", { name: "History", level: 1 }).waitFor();
    const row = staff.app.getByRole("row").filter({ hasText: "Straight jeans" }).first();
    await staff.reloadUntil(
      "the failed render in History",
      async () => (await row.getByText("Failed", { exact: true }).count()) === 1,
    );
    await row.getByText(FAILURE).waitFor();
    await row.getByText("5 credits charged, 5 refunded").waitFor();
    await staff.screenshot("history-failed-refunded");
    expect(describeFindings(await staff.accessibilityProblems("history"))).toBe("");

    // The service's own ledger agrees: charged once, refunded once.
    const after = await simulatorLedger(staff.sandbox);
    expect(after.charges.length - before.charges.length).toBe(1);
    expect(after.refunds.length - before.refunds.length).toBe(1);
    expect(after.balance).toBe(before.balance);
  });

  test("counts the refund on the home page", async () => {
    await staff.openApp("/app");
    await staff.app.getByText(/credits charged, [1-9]\d* credits? refunded for failed renders/).waitFor();
  });
});
