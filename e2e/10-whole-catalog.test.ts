import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { fakeAdminRequests } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * The demo store's "Whole catalog" (20,000 generated products, sandbox/demo-store.ts) previewed as a bulk run:
 * Shopify exports it in one bulk operation, the page shows the export's progress and then the products being
 * stored, and the preview counts all 20,000 (ADR 055).
 */
describe("a bulk run over the whole 20,000-product catalog", () => {
  let staff: StaffBrowser;

  const control = async (body: Record<string, unknown>) => {
    const response = await fetch(`${staff.sandbox.fakeAdminUrl}/__fake-admin/controls`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  /** How fast the fake's bulk exports created from now on go (objects a second). */
  const exportPace = (objectsPerSecond: number) => control({ action: "setBulkOperationTimeline", objectsPerSecond });
  /** How fast the export under way goes on from now, keeping what it has counted. */
  const hurryExport = (objectsPerSecond: number) =>
    control({ action: "repaceRunningBulkOperations", objectsPerSecond });

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    // Back to the sandbox's pace (1,000 objects a second, scaled by its time factor), the export under way too.
    await exportPace(1_000 / staff.sandbox.timeFactor);
    await hurryExport(1_000 / staff.sandbox.timeFactor);
    await staff?.close();
  });

  test("is exported by Shopify in one bulk operation, its progress shown, and previewed with all 20,000 products", async () => {
    const before = await fakeAdminRequests(staff.sandbox);
    // 20,000 products and their photos, 40,000 objects at 20 a second: the export lasts until the test has seen its
    // progress however slowly the page asks on a loaded machine, and is then hurried along.
    await exportPace(20);
    await staff.openApp("/app/runs/new");
    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["Whole catalog"]);
    await staff.app.getByText("Collection: Whole catalog").waitFor();
    await staff.app.getByRole("button", { name: "Preview" }).click();

    // The page asks again by itself: first Shopify's export and how far it has got, in words.
    await staff.app
      .getByText(/^"Whole catalog" is a large collection: Shopify is exporting its products, [\d,]+ items so far/)
      .waitFor({ timeout: 60_000 });
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-export"))).toBe("");
    await staff.screenshot("bulk-run-export");
    await hurryExport(4_000);

    // Then the preview, planned from all 20,000 products the export held.
    await staff.app
      .getByText(
        /^[\d,]+ renders of (20,?000 products \(Whole catalog\)|[\d,]+ products \(Whole catalog, 20,?000 products in all\))$/,
      )
      .waitFor({ timeout: 120_000 });
    await staff.app.getByText(/large collection/).waitFor({ state: "detached" });
    await staff.app.getByRole("button", { name: /^Start run of [\d,]+ renders$/ }).waitFor();
    await staff.screenshot("bulk-run-whole-catalog");

    // One bulk operation, and not one page of the collection read through the rate-limited API.
    const requests = (await fakeAdminRequests(staff.sandbox)).slice(before.length);
    expect(requests.filter((entry) => entry.operationName === "RunBulkQuery")).toHaveLength(1);
    expect(requests.filter((entry) => entry.operationName === "ListCollectionProductsForRender")).toEqual([]);
    expect(requests.filter((entry) => entry.target === "bulk" && entry.status === 200)).toHaveLength(1);
    // Shopify's bulk_operations/finish reached the app, signed with its secret, and was accepted.
    const webhooks = z
      .array(
        z.object({ topic: z.string(), status: z.number().nullable(), payload: z.looseObject({ status: z.string() }) }),
      )
      .parse(await (await fetch(`${staff.sandbox.fakeAdminUrl}/__fake-admin/webhooks`)).json());
    expect(webhooks.filter((delivery) => delivery.payload.status === "completed").at(-1)).toMatchObject({
      topic: "bulk_operations/finish",
      status: 200,
    });
  });
});
