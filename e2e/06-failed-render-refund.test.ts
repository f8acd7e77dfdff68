import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { failNextJobs, holdNextJobs, simulatorLedger } from "./support/services";
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
    const row = staff.app
      .getByRole("list", { name: "History" })
      .getByRole("listitem")
      .filter({ hasText: "Straight jeans" })
      .first();
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

  test("a render the service never finishes turns stalled, and staff can stop waiting from History", async () => {
    // The service keeps this job processing for ever; after the stall time (15 min, 45 s in the sandbox) the
    // render is stalled, and only a person can end it.
    await holdNextJobs(staff.sandbox, 1);
    await staff.openApp(
      `/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.wideTrousers ?? "")}`,
    );
    await staff.app.getByRole("button", { name: "Generate for 5 credits" }).click();
    await staff.app.getByText("Render queued", { exact: true }).waitFor();

    await staff.navLink("History").click();
    await staff.app.getByRole("heading", { name: "History", level: 1 }).waitFor();
    const row = staff.app
      .getByRole("list", { name: "History" })
      .getByRole("listitem")
      .filter({ hasText: "Wide-leg trousers" })
      .first();
    await staff.reloadUntil(
      "the render to be stalled",
      async () => (await row.getByRole("button", { name: "Stop waiting" }).count()) === 1,
      120_000,
    );
    await row.getByRole("button", { name: "Stop waiting" }).click();
    const dialog = staff.app.getByRole("dialog", { name: 'Stop waiting for "Wide-leg trousers"?' });
    await dialog.getByText(/may have been charged/).waitFor();
    await staff.screenshot("history-stop-waiting");
    expect(describeFindings(await staff.accessibilityProblems("history-stop-waiting"))).toBe("");
    // A worker may be checking on the job at this moment: staff's stop goes through all the same (ADR 107).
    await dialog.getByRole("button", { name: "Stop waiting" }).click();
    await staff.toast(/Stopped waiting/).waitFor();
    await staff.reloadUntil(
      "the render to be ended",
      async () => (await row.getByRole("button", { name: "Stop waiting" }).count()) === 0,
    );
  });
});
