import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fakeAdminRequests } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("a freshly started sandbox", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("installed the app in the demo shop through the app's own token exchange", async () => {
    const exchanges = (await fakeAdminRequests(staff.sandbox)).filter((request) => request.target === "oauth");
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges.every((request) => request.shop === staff.sandbox.shop && request.status === 200)).toBe(true);
    expect(exchanges.map((request) => request.grantType)).toContain("urn:ietf:params:oauth:grant-type:token-exchange");
  });

  test("opens the app inside the admin page with the app's navigation in the admin's sidebar", async () => {
    await staff.openApp("/app");
    for (const label of ["Generate", "Bulk runs", "Review", "History", "Settings"]) {
      await expect.poll(() => staff.navLink(label).count()).toBe(1);
    }
    await staff.app.getByRole("heading", { name: "Model Shots", level: 1 }).waitFor();
  });

  test("reloads a page of the app that lost its session token through Shopify's bounce page, then shows it", async () => {
    await staff.openApp("/app");
    const frame = await staff.appFrame();
    const withoutToken = new URL(frame.url());
    withoutToken.pathname = "/app/history";
    withoutToken.searchParams.delete("id_token");
    await frame.goto(withoutToken.toString());
    await staff.app.getByRole("heading", { name: "History", level: 1 }).waitFor();
    expect(new URL(frame.url()).searchParams.get("id_token")).toBeTruthy();
    // The admin's address follows the app's location.
    await expect
      .poll(() => new URL(staff.page.url()).pathname)
      .toBe(`/store/${staff.storeName}/apps/model-shots/app/history`);
  });

  test("shows an empty home page: nothing in progress, nothing to review, nothing spent, no setup warning", async () => {
    await staff.openApp("/app");
    const app = staff.app;
    for (const title of ["In progress", "Awaiting review", "Published this month"]) {
      // Each figure is the paragraph right after its heading.
      const figure = app.getByRole("heading", { name: title, exact: true }).locator("xpath=following-sibling::p[1]");
      expect(await figure.textContent()).toBe("0");
    }
    await app.getByText("0 credits charged, 0 credits refunded for failed renders").waitFor();
    await app.getByText("Nothing needs a decision right now.").waitFor();
    // Nothing to review: a real disabled button, not a link.
    expect(await app.getByRole("button", { name: "Review them" }).isDisabled()).toBe(true);
    // The sandbox saved the simulator's key through Settings, so the home page asks for nothing.
    expect(await app.getByText("No try-on key yet").count()).toBe(0);
    await staff.screenshot("home-empty");
    expect(describeFindings(await staff.accessibilityProblems("home-empty"))).toBe("");
  });
});
