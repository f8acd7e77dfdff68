import type { StaffBrowser } from "./staff-browser";

/**
 * Changes the sandbox admin's language with the switch in its top bar, as staff change theirs in Shopify; the app
 * is loaded with it as Shopify's `locale` parameter from then on.
 */
export async function setAdminLanguage(staff: StaffBrowser, locale: string): Promise<void> {
  await staff.openAdmin("");
  await staff.page.getByLabel("Admin language").selectOption(locale);
  await Promise.all([
    staff.page.waitForURL(/\/store\//),
    staff.page.getByRole("button", { name: "Change", exact: true }).click(),
  ]);
  const chosen = await staff.page.getByLabel("Admin language").inputValue();
  if (chosen !== locale) throw new Error(`The admin's language is ${chosen}, not ${locale}`);
}
