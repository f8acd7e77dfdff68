import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "~/env.server";
import { deleteLook, listLooks, type LookView } from "~/looks/looks.server";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { parseServiceAddress } from "~/settings/service-address";
import type { RenderOptions } from "~/looks/render-options";
import { renderOptionsFormSchema } from "~/web/render-options-form";
import { CONCURRENCY_CAP_MAX } from "~/settings/concurrency-cap";
import {
  checkKeyAgainstService,
  getSettingsView,
  saveSettings,
  type KeyChecker,
  type SettingsInput,
  type SettingsView,
} from "~/settings/settings.server";
import { checkbox, parseForm } from "~/web/forms";
import { failure, optionalText, type FormFailure, type FieldErrors } from "~/lib/validation";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import type { CatalogResult } from "~/tryon/catalog-view";

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

/** The service address, normalised; http is refused in production (see service-address.ts). */
const serviceAddress = (production: boolean) =>
  z.string().transform((value, context) => {
    const parsed = parseServiceAddress(value, { production });
    if (parsed.ok) return parsed.url;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

const settingsFormSchema = (production: boolean) =>
  z.object({
    // Empty means "keep the key already saved". The render defaults are parsed separately, and only when the
    // form carries them (`includesDefaults`): without a working key there is no catalog to choose them from.
    apiKey: optionalText(
      z
        .string()
        .trim()
        .min(8, "That key looks too short; paste the whole key.")
        .max(500, "That key is too long; paste only the key.")
        .regex(/^\S+$/, "The key cannot contain spaces."),
    ),
    tryOnBaseUrl: optionalText(serviceAddress(production)),
    concurrencyCap: z.coerce
      .number({ error: "Enter a number." })
      .int("Enter a whole number.")
      .min(1, "At least 1 render must be allowed at a time.")
      .max(CONCURRENCY_CAP_MAX, `At most ${CONCURRENCY_CAP_MAX} renders at a time.`),
    publishWithoutReview: checkbox,
  });

const deltaE = (label: string) =>
  z.coerce
    .number({ error: "Enter a number." })
    .min(0.5, `${label} must be at least 0.5.`)
    .max(60, `${label} must be at most 60.`);

/** The colour score's settings, parsed only when the form carries them (`includesColour`). */
const colourFormSchema = z
  .object({
    colourGoodMax: deltaE("The limit for a kept colour"),
    colourDriftMin: deltaE("The limit for drift"),
    holdDriftFromAutoPublish: checkbox,
  })
  .refine((value) => value.colourGoodMax < value.colourDriftMin, {
    path: ["colourDriftMin"],
    message: "Drift must start above the limit for a kept colour.",
  });

/**
 * The Settings form as typed input. The render defaults are parsed only when the form carries them: without a
 * working key there is no catalog to choose them from.
 */
function parseSettingsForm(formData: FormData): { ok: true; input: SettingsInput } | FormFailure {
  const parsed = parseForm(settingsFormSchema(env().NODE_ENV === "production"), formData);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  let colour: SettingsInput["colour"];
  if (checkbox.parse(formData.get("includesColour"))) {
    const parsedColour = parseForm(colourFormSchema, formData);
    if (parsedColour.ok)
      colour = {
        goodMax: parsedColour.data.colourGoodMax,
        driftMin: parsedColour.data.colourDriftMin,
        holdDrift: parsedColour.data.holdDriftFromAutoPublish,
      };
    else Object.assign(errors, parsedColour.fieldErrors);
  }
  let defaults: RenderOptions | undefined;
  if (checkbox.parse(formData.get("includesDefaults"))) {
    const options = parseForm(renderOptionsFormSchema, formData);
    if (options.ok) defaults = options.data;
    else Object.assign(errors, options.fieldErrors);
  }
  if (!parsed.ok || Object.keys(errors).length > 0) return failure(errors);
  return { ok: true, input: { ...parsed.data, colour, defaults } };
}

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
  const form = parseSettingsForm(formData);
  if (!form.ok) return { ...form, intent };
  const config = env();
  const result = await saveSettings(
    db,
    { secretBox: keyringFromEnv(config), checkKey, defaultBaseUrl: config.TRYON_DEFAULT_BASE_URL },
    shop,
    form.input,
  );
  if (!result.ok) return { ...result, intent };
  return {
    ok: true,
    intent: "save",
    settings: result.view,
    message: result.keyChecked ? "Settings saved. The try-on service accepted the key." : "Settings saved.",
  };
}
