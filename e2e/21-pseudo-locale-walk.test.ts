import type { Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setAdminLanguage } from "./support/admin-language";
import { StaffBrowser } from "./support/staff-browser";

/**
 * Every page in the test-only pseudo-locale (en-XA): each value of the translation files is wrapped in ⟦…⟧, so any
 * visible text outside ⟦…⟧ did not come from a translation file. Data (a model's or product's name, an address,
 * numbers) is marked translate="no" where the app shows it, as HTML means that attribute, and is left out.
 */

/** Pages whose words are in translation files: the walk visits each one. */
const TRANSLATED_PAGES: Array<[name: string, path: string]> = [
  ["settings", "/app/settings"],
  ["bulk runs", "/app/runs"],
  ["home", "/app"],
  ["generate (choosing a product)", "/app/generate"],
  ["history", "/app/history"],
];

/**
 * Pages still awaiting translation on this branch (issue 28's other half moves their words): the walk skips them.
 * Empty this list as each is translated; a page listed here and in TRANSLATED_PAGES fails the test below.
 */
export const PAGES_AWAITING_TRANSLATION: string[] = [
  "/app/runs/new",
  "/app/review",
  "/app/renders/:renderId",
  "/app/automation",
];

/**
 * Text on a translated page that another part of issue 28 moves to translation files (the garment decision's
 * sentence, the look card, the candidates choice and what is sent to the service, on a product's Generate page):
 * allowed until those are merged. Empty this list then.
 */
const PARTS_AWAITING_TRANSLATION: RegExp[] = [
  /, from the product's category in Shopify: /,
  /in "(Look|Start from a saved look|No saved looks yet)"$/,
  /in "\d+ \(one render\)"$/,
  /in "(Garment|Model|Pose|Background): /,
];

/** Visible text nodes of a frame that are outside ⟦…⟧ and not data, each with a little context. */
/**
 * Dialogs whose own words are translated (extensions/<handle>/locales) but which still show sentences the app's
 * extension API writes in English (a product's garment decision, a look's problem, skipped products' reasons, the
 * look's name as the API words it): walked once the API sends those as message keys.
 */
export const DIALOGS_AWAITING_TRANSLATION: string[] = [
  "Generate model shot (product action)",
  "Generate model shots (collection action)",
  "Generate model shots (product selection action)",
];

async function untranslatedText(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Dates and times are written by Intl in the page's language (TimeText's <time>), not by translation files;
      // the pseudo-locale has no Intl data of its own, so they read as English here.
      if (!parent || parent.closest('[translate="no"], script, style, noscript, time')) continue;
      const box = parent.getBoundingClientRect();
      const style = getComputedStyle(parent);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || style.display === "none") continue;
      // Polaris's visually hidden text (its own translations, English in the pseudo-locale) is not on screen.
      if (parent.closest(".Polaris-Text--visuallyHidden")) continue;
      // Translations nest (a credit count inside a resolution's label): remove the innermost first.
      let text = node.textContent ?? "";
      for (let before = ""; before !== text;) [before, text] = [text, text.replace(/⟦[^⟦⟧]*⟧/g, "")];
      const outside = text.replace(/[\s\d.,:;()%/·—–+×-]+/g, "");
      if (outside) found.push(`"${outside}" in "${(node.textContent ?? "").trim().slice(0, 80)}"`);
    }
    return found;
  });
}

describe("the pseudo-locale walk", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
    await setAdminLanguage(staff, "en-XA");
  });
  afterAll(async () => {
    if (staff) await setAdminLanguage(staff, "en").catch(() => undefined);
    await staff?.close();
  });

  test("no page is both walked and awaiting translation", () => {
    expect(TRANSLATED_PAGES.filter(([, path]) => PAGES_AWAITING_TRANSLATION.includes(path))).toEqual([]);
  });

  for (const [name, path] of TRANSLATED_PAGES) {
    test(`${name}: every visible word comes from a translation file`, async () => {
      await staff.openApp(path);
      expect(await untranslatedText(await staff.appFrame())).toEqual([]);
    });
  }

  test("a product's Generate page: every visible word comes from a translation file", async () => {
    await staff.openApp(`/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.hoodie ?? "")}`);
    await staff.app.locator("h1").waitFor();
    const found = await untranslatedText(await staff.appFrame());
    expect(found.filter((text) => !PARTS_AWAITING_TRANSLATION.some((part) => part.test(text)))).toEqual([]);
  });

  test("a bulk run's page, then Home and History with its renders: every visible word comes from a translation file", async () => {
    // The run is started in English (the bulk run form is walked on its own); its page is then read in en-XA.
    await setAdminLanguage(staff, "en");
    let runPath = "";
    try {
      await staff.openApp(
        `/app/runs/new?collectionId=${encodeURIComponent(staff.sandbox.demo.collections.dresses ?? "")}`,
      );
      await staff.app.getByRole("button", { name: "Preview" }).click();
      await staff.app.getByRole("button", { name: /^Start run of/ }).click();
      // The run's own page, whatever the dev server does meanwhile (a first visit may reload the frame).
      await expect
        .poll(async () => (runPath = new URL((await staff.appFrame()).url()).pathname), { timeout: 60_000 })
        .toMatch(/^\/app\/runs\/(?!new$)[^/]+$/);
    } finally {
      await setAdminLanguage(staff, "en-XA");
    }
    for (const path of [runPath, "/app", "/app/history"]) {
      await staff.openApp(path);
      await staff.app.locator("h1").waitFor();
      expect(await untranslatedText(await staff.appFrame()), path).toEqual([]);
    }
  });

  test("the app's navigation in the admin comes from the translation files", async () => {
    await staff.openApp("/app/settings");
    const items = await staff.page.locator("#app-nav a").allInnerTexts();
    expect(items.length).toBeGreaterThan(3);
    expect(items.filter((text) => !/^⟦[^⟧]+⟧$/.test(text.trim()))).toEqual([]);
  });
});
