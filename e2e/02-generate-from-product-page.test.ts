import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { simulatorSubmits } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

/**
 * The product page's More actions › Generate model shot runs the app's own admin extension
 * (extensions/model-shot-action) in the sandbox admin, so a wrong garment or a missing cost is seen here.
 */
describe("the product page in the admin", () => {
  let staff: StaffBrowser;
  const tee = () => staff.sandbox.demo.products.bretonTee ?? "";
  const dress = () => staff.sandbox.demo.products.wrapDress ?? "";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows the product's own photos as its media", async () => {
    await staff.openProduct(tee());
    await staff.page.getByRole("heading", { name: "Breton striped tee", level: 1 }).waitFor();
    expect(
      await staff.page
        .locator(".media-item img")
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt)),
    ).toEqual(["Breton striped tee, front", "Breton striped tee, back"]);
    await staff.screenshot("product");
    expect(describeFindings(await staff.accessibilityProblems("product"))).toBe("");
  });

  test("Generate model shot shows what it will send for a dress, by name, and its cost before anything is spent", async () => {
    await staff.openProduct(dress());
    const submitsBefore = (await simulatorSubmits(staff.sandbox)).length;
    const action = await staff.openAdminAction("Generate model shot");
    await action.getByRole("heading", { name: "Generate model shot" }).waitFor();
    await action.getByText("Wrap midi dress").waitFor({ timeout: 60_000 });
    // The shop's default look is for tops; the action sends the dress as a dress.
    for (const line of ["Garment: Dress", "Model: Amara", "Pose: Front, relaxed", "Background: Warm beige"])
      await action.getByText(line, { exact: true }).waitFor();
    await action.getByText("Costs 5 credits", { exact: false }).waitFor();
    expect(await action.getByText(/mnq_|pose_|bg_/).count()).toBe(0);
    expect((await simulatorSubmits(staff.sandbox)).length).toBe(submitsBefore);
    await staff.screenshot("product-action");
    expect(describeFindings(await staff.accessibilityProblems("product-action"))).toBe("");
  });

  // The request carries Authorization from another origin, so the browser sends a CORS preflight first.
  test("queues the render through the app's extension API, the service receives a dress, and it links to Review", async () => {
    await staff.openProduct(dress());
    const action = await staff.openAdminAction("Generate model shot");
    const lastSeqBefore = Math.max(0, ...(await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await action.getByRole("button", { name: "Generate for 5 credits" }).click();
    await action.getByText("Render queued").waitFor({ timeout: 15_000 });

    // What the try-on service received for this product's photo: the garment it is.
    const sentForDress = async () =>
      (await simulatorSubmits(staff.sandbox)).flatMap((submit) => {
        if (submit.seq <= lastSeqBefore) return [];
        const body = submit.body as { product_type?: string; product_images?: string[] } | null;
        return body?.product_images?.[0]?.includes("wrap-midi-dress") ? [body.product_type] : [];
      });
    await expect.poll(sentForDress, { timeout: 30_000, interval: 250 }).not.toEqual([]);
    expect(await sentForDress()).toEqual(["dress"]);

    await action.getByRole("link", { name: "Review it in Model Shots" }).click();
    await staff.waitForApp();
    expect(staff.page.url()).toContain(`/app/review?productId=${encodeURIComponent(dress())}`);
  });
});
