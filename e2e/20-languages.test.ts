import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setAdminLanguage } from "./support/admin-language";
import { StaffBrowser } from "./support/staff-browser";

/**
 * The app in the staff member's admin language: the sandbox admin's switch changes it, the app's own words and
 * Polaris's follow, and docs/screenshots/ keeps Settings in English and in German (taken here, at 1280 x 900).
 */
const DOC_SCREENSHOTS = join(import.meta.dirname, "../docs/screenshots");

describe("the app in the admin's language", () => {
  let staff: StaffBrowser;
  beforeAll(async () => {
    staff = await StaffBrowser.open();
    await staff.page.setViewportSize({ width: 1280, height: 900 });
    await mkdir(DOC_SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    if (staff) await setAdminLanguage(staff, "en").catch(() => undefined);
    await staff?.close();
  });

  test("Settings in English", async () => {
    await setAdminLanguage(staff, "en");
    await staff.openApp("/app/settings");
    await staff.app.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(await staff.app.locator("html").getAttribute("lang")).toBe("en");
    await staff.page.screenshot({ path: join(DOC_SCREENSHOTS, "settings-en.png") });
  });

  test("Settings, the navigation and Polaris's own words in German when the admin is in German", async () => {
    await setAdminLanguage(staff, "de");
    await staff.openApp("/app/settings");
    await staff.app.getByRole("heading", { name: "Einstellungen", level: 1 }).waitFor();
    expect(await staff.app.locator("html").getAttribute("lang")).toBe("de");
    await staff.app.getByText("Try-on-Dienst", { exact: true }).waitFor();
    await staff.app.getByLabel("Gleichzeitige Renderings").waitFor();
    await staff.navLink("Sammelaufträge").waitFor();
    // Polaris's page-ready announcement comes from its German translations, not ours.
    await staff.app.getByText("Diese Seite ist bereit", { exact: false }).waitFor({ state: "attached" });
    expect(await staff.app.getByText("Renders at the same time").count()).toBe(0);
    await staff.page.screenshot({ path: join(DOC_SCREENSHOTS, "settings-de.png") });
  });

  test("a language the app does not have falls back to English", async () => {
    await setAdminLanguage(staff, "ko");
    await staff.openApp("/app/settings");
    await staff.app.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  });
});
