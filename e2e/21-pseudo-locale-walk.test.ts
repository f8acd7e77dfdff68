import type { Frame, FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pseudoLocalise } from "~/i18n/pseudo";
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
  ["review", "/app/review"],
  ["new bulk run", "/app/runs/new"],
  ["automation", "/app/automation"],
  ["home", "/app"],
  ["generate (choosing a product)", "/app/generate"],
  ["history", "/app/history"],
];

/**
 * Pages still awaiting translation on this branch (issue 28's other half moves their words): the walk skips them.
 * Empty this list as each is translated; a page listed here and in TRANSLATED_PAGES fails the test below.
 */
export const PAGES_AWAITING_TRANSLATION: string[] = [];

/** Visible text nodes of a frame that are outside ⟦…⟧ and not data, each with a little context. */
/**
 * Dialogs not walked yet. Empty: the extensions' own words come from their locale files, and the app's extension
 * API words its sentences (garment decisions, skip reasons, colour notes, the look's name) in the dialog's
 * language (ADR 094).
 */
export const DIALOGS_AWAITING_TRANSLATION: string[] = [];

/**
 * `within`: a CSS selector of the part of the page to walk (all of it when absent). `data`: strings the test knows
 * are the shop's data where no element can carry translate="no" (a dialog's titles).
 */
async function untranslatedText(frame: Frame, within?: string, data: string[] = []): Promise<string[]> {
  return frame.evaluate(
    ([selector, data]) => {
      const found: string[] = [];
      const root = selector ? document.querySelector(selector) : document.body;
      if (!root) return [`nothing matches ${selector}`];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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
    },
    [within, data] as const,
  );
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

  // /app/renders/:renderId has no page of its own: it answers the large view's fetcher, walked here.
  test("review with a render in it: its card and its large view, with the approve choices loaded", async () => {
    // A render waiting for review (made in English if none is: Generate is its own page), looked at in en-XA.
    await setAdminLanguage(staff, "en");
    await staff.openApp("/app/review");
    if ((await staff.app.locator("[data-render-id]").count()) === 0) {
      await staff.openApp("/app");
      await staff.generateFor("Linen camp shirt");
      await staff.waitUntilInReview("Linen camp shirt");
    }
    await setAdminLanguage(staff, "en-XA");
    await staff.openApp("/app/review");
    const frame = await staff.appFrame();
    await staff.app.locator("[data-render-id]").first().waitFor();
    expect(await untranslatedText(frame)).toEqual([]);

    // The model shot opens the large view; the place choices appear once its product's detail has loaded.
    await staff.app.locator("[data-render-id] button:has(img)").first().click();
    const dialog = staff.app.getByRole("dialog");
    await dialog.locator("select").first().waitFor();
    expect(await untranslatedText(frame)).toEqual([]);
  });

  test("new bulk run: the preview, with its decisions and skipped products, comes from the translation files", async () => {
    const pseudo = (english: string) => pseudoLocalise({ text: english }).text as string;
    // Dresses: every product rendered. The mixed catalog (a bag, sneakers, jewellery, a gift card, titles in other
    // languages): skipped products with their reasons and the garment decisions, which code below the screens sends
    // as message keys (ADR 093) and the page words with say().
    for (const key of ["dresses", "mixedCatalog"]) {
      const collection = staff.sandbox.demo.collections[key] ?? "";
      await staff.openApp(`/app/runs/new?collectionId=${encodeURIComponent(collection)}`);
      await staff.app.getByRole("button", { name: pseudo("Preview"), exact: true }).click();
      await staff.app.getByRole("button", { name: /^⟦Stàrt rüñ öf / }).waitFor({ timeout: 60_000 });
      expect(await untranslatedText(await staff.appFrame()), key).toEqual([]);
    }
  });

  test("automation: a saved rule in the list and what it would have done come from the translation files", async () => {
    // The English words as the pseudo-locale shows them, to find the form's fields and buttons.
    const pseudo = (english: string) => pseudoLocalise({ text: english }).text as string;
    await staff.openApp("/app/automation");
    await staff.app.getByLabel(pseudo("Name"), { exact: true }).fill("Walked rule");
    // What the rule would have done, asked before saving it (a saved rule leaves a blank form for the next one).
    await staff.app.getByRole("button", { name: pseudo("What it would have done over the last 30 days") }).click();
    // The preview reads the last 30 days of products from Shopify: slow on a loaded machine. The headings (and any
    // error banner) on the page say what happened when it does not come.
    await expect
      .poll(async () => [...(await staff.app.locator("h2, .Polaris-Banner").allInnerTexts())], { timeout: 90_000 })
      .toContain(pseudo("Over the last 30 days"));
    expect(await untranslatedText(await staff.appFrame())).toEqual([]);

    await staff.app.getByRole("button", { name: pseudo("Save rule"), exact: true }).click();
    await staff.app.getByText(pseudo("Rule saved."), { exact: true }).waitFor();
    await staff.app.getByRole("heading", { name: "Walked rule" }).first().waitFor();
    expect(await untranslatedText(await staff.appFrame())).toEqual([]);
  });

  test("a product's Generate page: every visible word comes from a translation file", async () => {
    await staff.openApp(`/app/generate?productId=${encodeURIComponent(staff.sandbox.demo.products.hoodie ?? "")}`);
    await staff.app.locator("h1").waitFor();
    expect(await untranslatedText(await staff.appFrame())).toEqual([]);
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
        expect(await untranslatedText(frame, undefined, data)).toEqual([]);
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
