import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SCREENSHOTS_DIR, StaffBrowser } from "./support/staff-browser";

const DOCS_SCREENSHOTS = fileURLToPath(new URL("../docs/screenshots/", import.meta.url));

/**
 * Every page fits its width without sideways scrolling: at 1280 x 800 (a laptop, the admin's sidebar beside the
 * app) and at 375 px (Shopify's mobile admin, where the app has the whole width: the sandbox's sidebar is hidden
 * as the real admin hides it). The app's document must be no wider than its frame; the widest elements are named
 * when it is. With UPDATE_DOCS_SCREENSHOTS=1 the History screenshot is copied to docs/screenshots/.
 */
describe("pages that fit", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
    // Something in History and Review: a render of the hoodie, waiting for review.
    await staff.openApp("/app");
    await staff.generateFor("Oversized hoodie");
    await staff.waitUntilInReview("Oversized hoodie");
  });
  afterAll(async () => {
    await staff?.close();
  });

  const pages: Array<[name: string, path: () => string, heading: string]> = [
    ["home", () => "/app", "Model Shots"],
    ["generate-pick", () => "/app/generate", "Generate a model shot"],
    [
      "generate-product",
      () => `/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.hoodie ?? "")}`,
      "Oversized hoodie",
    ],
    ["bulk-runs", () => "/app/runs", "Bulk runs"],
    ["bulk-run-new", () => "/app/runs/new", "New bulk run"],
    ["review", () => "/app/review", "Review"],
    ["review-published", () => "/app/review?state=published", "Review"],
    ["history", () => "/app/history", "History"],
    ["settings", () => "/app/settings", "Settings"],
  ];

  /**
   * How much wider than its frame the app's document is (0 when it fits), and the elements that stick out past
   * its right edge where staff would have to scroll to see them (not those a box clips on purpose, such as
   * Polaris's empty-state picture).
   */
  async function overflowOf(frame: Frame): Promise<{ overflow: number; widest: string[] }> {
    return frame.evaluate(() => {
      const root = document.documentElement;
      const limit = root.clientWidth;
      const clipped = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== "visible" && parent.getBoundingClientRect().right <= limit + 1)
            return true;
        }
        return false;
      };
      const widest = [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > limit + 1 && !clipped(element))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
      return { overflow: Math.max(0, root.scrollWidth - limit), widest };
    });
  }

  async function useWidth(width: number): Promise<void> {
    await staff.page.setViewportSize({ width, height: 800 });
  }

  /** Shopify's mobile admin gives the app the whole screen: the sandbox's sidebar is hidden the same way. */
  async function asMobileAdmin(): Promise<void> {
    await staff.page.addStyleTag({ content: ".sidebar { display: none !important; }" });
  }

  for (const width of [1280, 375]) {
    for (const [name, path, heading] of pages) {
      test(`the ${name} page fits ${width} px without sideways scrolling`, async () => {
        await useWidth(width);
        await staff.openApp(path());
        if (width < 600) await asMobileAdmin();
        await staff.app.getByRole("heading", { name: heading, level: 1 }).waitFor();
        const frame = await staff.appFrame();
        await expect.poll(async () => (await overflowOf(frame)).overflow, { timeout: 10_000 }).toBe(0);
        expect((await overflowOf(frame)).widest).toEqual([]);
        if (name === "history") {
          await staff.screenshot(`fit-history-${width}`);
          if (width === 1280 && process.env.UPDATE_DOCS_SCREENSHOTS === "1")
            await copyFile(join(SCREENSHOTS_DIR, "fit-history-1280.png"), join(DOCS_SCREENSHOTS, "history-1280.png"));
        }
      });
    }

    test(`Review's large view fits ${width} px, and at 1280 shows the colour verdict beside Approve without scrolling`, async () => {
      await useWidth(width);
      await staff.openApp("/app/review");
      if (width < 600) await asMobileAdmin();
      await staff.app.getByRole("button", { name: "Open Oversized hoodie" }).first().click();
      const approve = staff.app.getByRole("button", { name: "Approve (a)" });
      await approve.waitFor();
      const frame = await staff.appFrame();
      expect(await overflowOf(frame)).toEqual({ overflow: 0, widest: [] });
      await staff.screenshot(`fit-review-large-view-${width}`);
      if (width === 1280) {
        const inView = async (selector: string) =>
          frame.evaluate((target) => {
            const box = document.querySelector(`.Polaris-Modal-Dialog ${target}`)?.getBoundingClientRect();
            return Boolean(box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight);
          }, selector);
        expect(await inView("[data-colour-summary] [data-colour-verdict]")).toBe(true);
        expect(await inView("[data-colour-summary] [role=img]")).toBe(true);
        const approveBox = await approve.boundingBox();
        expect(approveBox && approveBox.y + approveBox.height <= 800).toBe(true);
      }
    });
  }
});
