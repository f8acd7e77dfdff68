import type { Frame, FrameLocator } from "playwright-core";
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
];

/**
 * Pages still awaiting translation on this branch (issue 28's other half moves their words): the walk skips them.
 * Empty this list as each is translated; a page listed here and in TRANSLATED_PAGES fails the test below.
 */
export const PAGES_AWAITING_TRANSLATION: string[] = [
  "/app",
  "/app/generate",
  "/app/runs/new",
  "/app/runs/:runId",
  "/app/review",
  "/app/history",
  "/app/renders/:renderId",
  "/app/automation",
];

/** Visible text nodes of a frame that are outside ⟦…⟧ and not data, each with a little context. */
/**
 * Dialogs not walked yet. Empty: the extensions' own words come from their locale files, and the app's extension
 * API words its sentences (garment decisions, skip reasons, colour notes, the look's name) in the dialog's
 * language (ADR 094).
 */
export const DIALOGS_AWAITING_TRANSLATION: string[] = [];

/** `data`: strings the test knows are the shop's data where no element can carry translate="no" (a dialog's titles). */
async function untranslatedText(frame: Frame, data: string[] = []): Promise<string[]> {
  return frame.evaluate((data) => {
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
      for (const value of data) text = text.replaceAll(value, "");
      for (let before = ""; before !== text;) [before, text] = [text, text.replace(/⟦[^⟦⟧]*⟧/g, "")];
      const outside = text.replace(/[\s\d.,:;()%/·—–+×-]+/g, "");
      if (outside) found.push(`"${outside}" in "${(node.textContent ?? "").trim().slice(0, 80)}"`);
    }
    return found;
  }, data);
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

  /** The frame of the extension dialog that is open, once its primary button names a cost: the app has answered. */
  async function dialogFrame(action: FrameLocator): Promise<Frame> {
    await action.locator("s-button[variant=primary]", { hasText: /\d/ }).first().waitFor({ timeout: 60_000 });
    const handle = await staff.page.locator("[role=dialog] iframe.extension-frame").elementHandle();
    const frame = (await handle?.contentFrame()) ?? null;
    if (!frame) throw new Error("The extension's dialog has no frame");
    return frame;
  }

  // The products' and collection's titles are the shop's data, shown in the dialogs' s-* elements.
  const DIALOGS: Array<[name: string, open: () => Promise<FrameLocator>, data: string[]]> = [
    [
      "Generate model shot (product action)",
      async () => {
        await staff.openProduct(staff.sandbox.demo.products.wrapDress ?? "");
        return staff.openAdminAction("Generate model shot");
      },
      ["Wrap midi dress"],
    ],
    [
      "Generate model shots (collection action)",
      async () => {
        await staff.openAdmin(`/collections/${(staff.sandbox.demo.collections.dresses ?? "").split("/").pop()}`);
        return staff.openAdminAction("Generate model shots");
      },
      ["Dresses", "Wrap midi dress", "Polka dot sundress", "Satin slip dress"],
    ],
    [
      "Generate model shots (product selection action)",
      async () => {
        await staff.openAdmin("/products");
        // A bag and a service without a photo: skipped, with the app's reasons, worded for the dialog.
        for (const title of ["Straight jeans", "Leather tote bag", "Gift wrapping"])
          await staff.page.getByRole("checkbox", { name: `Select ${title}` }).check();
        return staff.openAdminAction("Generate model shots");
      },
      ["Straight jeans", "Leather tote bag", "Gift wrapping"],
    ],
  ];

  for (const [name, open, data] of DIALOGS) {
    test.skipIf(DIALOGS_AWAITING_TRANSLATION.includes(name))(
      `${name}: every visible word comes from a translation file`,
      async () => {
        const frame = await dialogFrame(await open());
        expect(await untranslatedText(frame, data)).toEqual([]);
      },
    );
  }

  test("the app's navigation in the admin comes from the translation files", async () => {
    await staff.openApp("/app/settings");
    const items = await staff.page.locator("#app-nav a").allInnerTexts();
    expect(items.length).toBeGreaterThan(3);
    expect(items.filter((text) => !/^⟦[^⟧]+⟧$/.test(text.trim()))).toEqual([]);
  });
});
