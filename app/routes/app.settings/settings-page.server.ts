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
import { messageKey } from "~/lib/staff-message";
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
        .min(8, messageKey("settings:errors.keyTooShort"))
        .max(500, messageKey("settings:errors.keyTooLong"))
        .regex(/^\S+$/, messageKey("settings:errors.keyHasSpaces")),
    ),
    tryOnBaseUrl: optionalText(serviceAddress(production)),
    concurrencyCap: z.coerce
      .number({ error: messageKey("settings:errors.enterNumber") })
      .int(messageKey("settings:errors.wholeNumber"))
      .min(1, messageKey("settings:errors.concurrencyMin"))
      .max(CONCURRENCY_CAP_MAX, messageKey("settings:errors.concurrencyMax", { max: CONCURRENCY_CAP_MAX })),
    publishWithoutReview: checkbox,
  });

const DELTA_E_RANGE = { min: 0.5, max: 60 };
const deltaE = (rangeError: string) =>
  z.coerce
    .number({ error: messageKey("settings:errors.enterNumber") })
    .min(DELTA_E_RANGE.min, messageKey(rangeError, DELTA_E_RANGE))
    .max(DELTA_E_RANGE.max, messageKey(rangeError, DELTA_E_RANGE));

/** The colour score's settings, parsed only when the form carries them (`includesColour`). */
const colourFormSchema = z
  .object({
    colourGoodMax: deltaE("settings:errors.goodMaxRange"),
    colourDriftMin: deltaE("settings:errors.driftMinRange"),
    holdDriftFromAutoPublish: checkbox,
  })
  .refine((value) => value.colourGoodMax < value.colourDriftMin, {
    path: ["colourDriftMin"],
    message: messageKey("settings:errors.driftAboveKept"),
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

const deleteLookSchema = z.object({
  lookId: z
    .string({ error: messageKey("settings:errors.chooseLook") })
    .min(1, messageKey("settings:errors.chooseLook")),
});

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
      ? { ok: true, intent, message: messageKey("settings:toast.lookDeleted") }
      : { ...failure({}, messageKey("settings:errors.lookGone")), intent };
  }
  if (intent !== "save") return { ...failure({}, messageKey("settings:errors.actionUnavailable")), intent };
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
    message: result.keyChecked ? messageKey("settings:toast.savedKeyAccepted") : messageKey("settings:toast.saved"),
  };
}
