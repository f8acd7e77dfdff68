import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { holdNextJobs, simulatorLedger, simulatorSubmits } from "./support/services";
import { describeFindings, StaffBrowser } from "./support/staff-browser";

describe("a bulk run of a collection", () => {
  let staff: StaffBrowser;
  /** The run page's figure under a label ("Waiting to start", "Ready for review"…). */
  const count = async (label: string) =>
    Number(await staff.app.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]").textContent());
  /** The photo a submit sent to the try-on service (its URL names the product). */
  const imageOf = (submit: { body: unknown }) =>
    (submit.body as { product_images?: string[] } | null)?.product_images?.[0] ?? "";

  beforeAll(async () => {
    staff = await StaffBrowser.open();
    // One render at a time, so a paused run has renders waiting.
    await staff.saveSettings({ "Renders at the same time": "1" });
  });
  afterAll(async () => {
    await staff?.close();
  });

  test("shows the estimate and the skipped products with their reasons before anything starts", async () => {
    await staff.openApp("/app");
    await staff.navLink("Bulk runs").click();
    await staff.app.getByRole("heading", { name: "Bulk runs", level: 1 }).waitFor();
    await staff.waitForApp();
    await staff.app.getByRole("link", { name: "New bulk run" }).first().click();
    await staff.app.getByRole("heading", { name: "New bulk run", level: 1 }).waitFor();
    await staff.waitForApp();

    await staff.app.getByRole("button", { name: "Choose a collection" }).click();
    await staff.pickInResourcePicker(["New arrivals"]);
    await staff.app.getByText("Collection: New arrivals").waitFor();
    const submitsBefore = (await simulatorSubmits(staff.sandbox)).length;
    await staff.app.getByRole("button", { name: "Preview" }).click();

    // The sandbox treats collections over 5 products as large: exported by Shopify and read in the background
    // first, with its progress on the page, which asks again by itself until the preview is ready.
    await staff.app.getByText(/^"New arrivals" is a large collection: /).waitFor();
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-listing"))).toBe("");
    // The coat's 10 MB PNG and the kimono jacket's GIF are sent as JPEG renditions from Shopify's CDN, as Generate
    // sends them (the one photo rule): only the product without a photo is skipped.
    await staff.app.getByText("5 renders of 5 products (New arrivals, 6 products in all)", { exact: true }).waitFor();
    await staff.app.getByText("About 25 credits").waitFor();
    await staff.app.getByRole("heading", { name: "1 product will be skipped" }).waitFor();
    const skipped = await staff.app
      .getByRole("heading", { name: "1 product will be skipped" })
      .locator("xpath=following-sibling::*[1]")
      .textContent();
    expect(skipped).toContain("Gift wrapping: The product has no photo to dress the model in.");
    // What each product is rendered as, and where the app read it.
    await staff.app.getByRole("heading", { name: "What each product is rendered as" }).waitFor();
    // A preview spends nothing.
    expect((await simulatorSubmits(staff.sandbox)).length).toBe(submitsBefore);
    await staff.screenshot("bulk-run-preview");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-preview"))).toBe("");
  });

  test("starts, and while paused starts nothing new; resumed, it finishes with every render ready for review", async () => {
    await staff.app.getByRole("button", { name: "Start run of 5 renders" }).click();
    await staff.app.getByRole("heading", { name: "New arrivals", level: 1 }).waitFor();
    await staff.waitForApp();
    expect(staff.page.url()).toMatch(/\/app\/runs\/[\w-]+$/);
    await staff.app.getByRole("button", { name: "Pause" }).click();
    await staff.toast(/^Run paused\./).waitFor();
    await staff.app.getByRole("button", { name: "Resume" }).waitFor();
    await staff.app.getByText("Paused", { exact: true }).first().waitFor();
    await staff.screenshot("bulk-run-paused");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-paused"))).toBe("");

    // One render at a time (set before the tests): at most one had started; the others wait while paused. To see
    // that, queue one more render (another product, from its page): the worker takes the oldest queued render
    // first, so once the service has received this later one, the worker has had a free slot with the run's
    // renders older in the queue, and left them.
    const runPage = new URL(staff.page.url()).pathname.replace(/^.*\/apps\/model-shots/, "");
    const seqsWhilePaused = new Set((await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await staff.openApp(
      `/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.wideTrousers ?? "")}`,
    );
    await staff.app.getByRole("button", { name: "Generate for 5 credits" }).click();
    await staff.app.getByText("Render queued", { exact: true }).waitFor();
    const sentSincePause = async () =>
      (await simulatorSubmits(staff.sandbox)).filter((submit) => !seqsWhilePaused.has(submit.seq)).map(imageOf);
    await expect
      .poll(async () => (await sentSincePause()).length, { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(0);
    expect(await sentSincePause()).toEqual([expect.stringContaining("wide-leg-trousers")]);
    await staff.openApp(runPage);
    expect(await count("Waiting to start")).toBeGreaterThanOrEqual(2);

    await staff.app.getByRole("button", { name: "Resume" }).click();
    await staff.toast("Run resumed.").waitFor();
    // The page updates itself every few seconds while renders move.
    await staff.app.getByText("5 of 5 renders done").waitFor({ timeout: 120_000 });
    expect(await count("Ready for review")).toBe(5);
    await staff.app.getByText("Finished", { exact: true }).first().waitFor();
    await staff.screenshot("bulk-run-finished");
  });

  test("its renders are approved together in Review, and each lands on its product", async () => {
    await staff.app.getByRole("link", { name: "Review this run" }).click();
    await staff.app.getByRole("heading", { name: "Review", level: 1 }).waitFor();
    await staff.waitForApp();
    await staff.app.getByRole("button", { name: "Open Pleated check skirt" }).waitFor();
    await staff.screenshot("review-run");
    await staff.app.getByRole("button", { name: "Select all on this page" }).click();
    await staff.app.getByRole("button", { name: "Approve 5" }).click();
    await staff.toast("Approved 5 renders.").waitFor();

    for (const [key, title] of [
      ["ribbedTank", "Ribbed tank top"],
      ["polkaSundress", "Polka dot sundress"],
      ["checkSkirt", "Pleated check skirt"],
    ] as const) {
      await staff.openProduct(staff.sandbox.demo.products[key] ?? "");
      await staff.reloadUntil(
        `${title}'s model shot on the product`,
        async () => (await staff.page.locator(`img[alt^="${title}"][alt$="worn by a model"]`).count()) === 1,
      );
    }
  });

  test("can be cancelled from its page after confirming in a dialog; the service's ledger shows nothing after the cancel was charged", async () => {
    await staff.openApp(
      `/app/runs/new?collectionId=${encodeURIComponent(staff.sandbox.demo.collections.dresses ?? "")}`,
    );
    await staff.app.getByText("Collection: Dresses").waitFor();
    await staff.app.getByRole("button", { name: "Preview" }).click();
    // The sundress already has an approved render with this look, so it is skipped.
    await staff.app.getByText("2 renders of 2 products (Dresses, 3 products in all)", { exact: true }).waitFor();
    // The run's first dress holds the shop's only slot until the end of the test, so the second is certain to be
    // waiting (not started) when the run is cancelled.
    await holdNextJobs(staff.sandbox, 1);
    const lastSeqBeforeRun = Math.max(0, ...(await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await staff.app.getByRole("button", { name: "Start run of 2 renders" }).click();
    await staff.app.getByRole("heading", { name: "Dresses", level: 1 }).waitFor();
    await staff.waitForApp();

    await staff.app.getByRole("button", { name: "Cancel run" }).click();
    // App Bridge's modal (ui-modal with its title bar), drawn over the app by the sandbox's App Bridge.
    const dialog = staff.app.getByRole("dialog", { name: "Cancel this run?" });
    await dialog
      .getByText("Renders that have not started will be cancelled and cost nothing.", { exact: false })
      .waitFor();
    await staff.screenshot("bulk-run-cancel-dialog");
    expect(describeFindings(await staff.accessibilityProblems("bulk-run-cancel-dialog"))).toBe("");
    await dialog.getByRole("button", { name: "Keep running" }).click();
    await dialog.waitFor({ state: "detached" });

    await staff.app.getByRole("button", { name: "Cancel run" }).click();
    await dialog.getByRole("button", { name: "Cancel run" }).click();
    await staff.toast(/^Run cancelled\./).waitFor();
    // Everything the service had received when the app confirmed the cancel.
    const submittedByCancel = new Set((await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await staff.app.getByText("Cancelled", { exact: true }).first().waitFor();
    expect(await staff.app.getByRole("button", { name: "Resume" }).count()).toBe(0);

    const dressImage = /wrap-midi-dress|satin-slip-dress/;
    const runSubmits = (await simulatorSubmits(staff.sandbox)).filter(
      (submit) => submit.seq > lastSeqBeforeRun && dressImage.test(imageOf(submit)),
    );
    expect(runSubmits.map((submit) => submit.seq).every((seq) => submittedByCancel.has(seq))).toBe(true);
    expect(runSubmits).toHaveLength(1);

    // Free a slot, then queue one more render (another product, from its page): once the service has received
    // it, the worker has had a free slot with the cancelled dress older in the queue, and did not take it.
    await staff.saveSettings({ "Renders at the same time": "2" });
    await staff.openProduct(staff.sandbox.demo.products.linenShirt ?? "");
    const action = await staff.openAdminAction("Generate model shot");
    await action.getByRole("button", { name: "Generate for 5 credits" }).click();
    await action.getByText("Render queued").waitFor({ timeout: 15_000 });
    const probeSent = async () =>
      (await simulatorSubmits(staff.sandbox)).some(
        (submit) => !submittedByCancel.has(submit.seq) && imageOf(submit).includes("linen-camp-shirt"),
      );
    await expect.poll(probeSent, { timeout: 60_000, interval: 250 }).toBe(true);

    // From the service's own ledger: of everything submitted after the cancel (the probe only), no job of the
    // cancelled run was charged; the run was charged for the one dress that had started before it.
    const ledger = await simulatorLedger(staff.sandbox);
    const charged = new Set(ledger.charges.map((charge) => charge.jobId));
    const afterCancel = (await simulatorSubmits(staff.sandbox)).filter((submit) => !submittedByCancel.has(submit.seq));
    const chargedAfterCancel = afterCancel.filter((submit) => submit.jobId && charged.has(submit.jobId));
    expect(chargedAfterCancel.filter((submit) => dressImage.test(imageOf(submit)))).toEqual([]);
    expect(afterCancel.map(imageOf).every((image) => image.includes("linen-camp-shirt"))).toBe(true);
    expect(runSubmits.every((submit) => submit.jobId && charged.has(submit.jobId))).toBe(true);
  });

  // The bulk actions are the app's own admin extensions (extensions/bulk-*-action), run by the sandbox admin.
  test("the collection action previews by name what each product will be sent as, before anything is spent", async () => {
    await staff.openAdmin(`/collections/${(staff.sandbox.demo.collections.dresses ?? "").split("/").pop()}`);
    const submitsBefore = (await simulatorSubmits(staff.sandbox)).length;
    const action = await staff.openAdminAction("Generate model shots");
    await action.getByRole("heading", { name: "Model shots for this collection" }).waitFor();
    await action.getByText(/^2 of 3 products will be rendered/).waitFor({ timeout: 60_000 });
    await action.getByText("2 products as:").waitFor();
    for (const line of ["Garment: Dress", "Model: Amara", "Pose: Front, relaxed", "Background: Warm beige"])
      await action.getByText(line, { exact: true }).waitFor();
    await action
      .getByText("Polka dot sundress: The product already has an approved render", { exact: false })
      .waitFor();
    await action.getByRole("button", { name: "Start run for about 10 credits" }).waitFor();
    expect((await simulatorSubmits(staff.sandbox)).length).toBe(submitsBefore);
    await staff.screenshot("collection-action");
    expect(describeFindings(await staff.accessibilityProblems("collection-action"))).toBe("");
    await action.getByRole("button", { name: "Cancel" }).click();
    await staff.page.getByRole("dialog", { name: "Generate model shots" }).waitFor({ state: "detached" });
  });

  test("the product selection action starts a run of the ticked products, each sent as the garment it is", async () => {
    const seqsBefore = new Set((await simulatorSubmits(staff.sandbox)).map((submit) => submit.seq));
    await staff.openAdmin("/products");
    await staff.page.getByRole("checkbox", { name: "Select Straight jeans" }).check();
    await staff.page.getByRole("checkbox", { name: "Select Wide-leg trousers" }).check();
    const action = await staff.openAdminAction("Generate model shots");
    await action.getByRole("heading", { name: "Model shots for 2 products" }).waitFor();
    await action.getByText(/^2 of 2 products will be rendered /).waitFor({ timeout: 60_000 });
    await action.getByText("Garment: Bottom (Jeans)", { exact: true }).waitFor();
    await action.getByText("Garment: Bottom (Trousers)", { exact: true }).waitFor();
    await action.getByRole("button", { name: "Start run for about 10 credits" }).click();
    await action.getByText("Run started").waitFor({ timeout: 15_000 });

    // What the try-on service received for the two products' photos (the trousers were sent once before, above).
    const sentForBottoms = async () =>
      (await simulatorSubmits(staff.sandbox))
        .filter((submit) => !seqsBefore.has(submit.seq))
        .flatMap((submit) => {
          const body = submit.body as { product_type?: string; product_images?: string[] } | null;
          const image = body?.product_images?.[0] ?? "";
          if (!/straight-jeans|wide-leg-trousers/.test(image)) return [];
          return [`${image.includes("straight-jeans") ? "jeans" : "trousers"} sent as ${body?.product_type}`];
        })
        .sort();
    await expect.poll(async () => (await sentForBottoms()).length, { timeout: 60_000, interval: 250 }).toBe(2);
    expect(await sentForBottoms()).toEqual(["jeans sent as bottom", "trousers sent as bottom"]);

    await action.getByRole("link", { name: "Follow the run in Model Shots" }).click();
    await staff.app.getByRole("heading", { name: "2 selected products", level: 1 }).waitFor();
  });
});
