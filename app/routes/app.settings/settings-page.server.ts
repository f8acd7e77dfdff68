import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "../../env.server";
import { deleteLook, listLooks, type LookView } from "../../looks/looks.server";
import { makeSecretBox } from "../../settings/secret-box.server";
import { checkKeyAgainstService, getSettingsView, saveSettings, type KeyChecker, type SettingsView } from "../../settings/settings.server";
import { failure, parseForm, type FormFailure } from "../../web/forms";
import { loadShopCatalog } from "../../settings/tryon-client.server";
import type { CatalogResult } from "../../tryon/catalog-view";

type Db = PrismaClient;

export interface SettingsPageView {
  settings: SettingsView;
  catalog: CatalogResult;
  looks: LookView[];
}

export async function loadSettingsPage(db: Db, shop: string): Promise<SettingsPageView> {
  const [settings, catalog, looks] = await Promise.all([
    getSettingsView(db, shop, env().TRYON_DEFAULT_BASE_URL),
    loadShopCatalog(db, shop),
    listLooks(db, shop),
  ]);
  return { settings, catalog, looks };
}

export type SettingsActionResult =
  | { ok: true; intent: "save"; settings: SettingsView; message: string }
  | { ok: true; intent: "delete-look"; message: string }
  | (FormFailure & { intent: string });

const deleteLookSchema = z.object({ lookId: z.string({ error: "Choose a look." }).min(1, "Choose a look.") });

/** `checkKey` is injectable so tests can drive a service that refuses or cannot be reached. */
export async function settingsAction(
  db: Db,
  shop: string,
  formData: FormData,
  checkKey: KeyChecker = checkKeyAgainstService,
): Promise<SettingsActionResult> {
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "delete-look") {
    const parsed = parseForm(deleteLookSchema, formData);
    if (!parsed.ok) return { ...failure(parsed.fieldErrors), intent };
    return (await deleteLook(db, shop, parsed.data.lookId))
      ? { ok: true, intent, message: "Look deleted." }
      : { ...failure({}, "That look no longer exists."), intent };
  }
  if (intent !== "save") return { ...failure({}, "That action is not available."), intent };
  const config = env();
  const result = await saveSettings(
    db,
    { secretBox: makeSecretBox(config.APP_ENCRYPTION_KEY), checkKey, defaultBaseUrl: config.TRYON_DEFAULT_BASE_URL },
    shop,
    formData,
  );
  if (!result.ok) return { ...result, intent };
  return {
    ok: true,
    intent: "save",
    settings: result.view,
    message: result.keyChecked ? "Settings saved. The try-on service accepted the key." : "Settings saved.",
  };
}
