import type { PrismaClient, ShopSettings } from "@prisma/client";
import { type Prisma } from "@prisma/client";
import { renderOptionsSchema, type RenderOptions } from "~/looks/render-options";
import { TryOnAuthError, TryOnError, TryOnOutOfCreditsError } from "~/tryon";
import { failure, type FormFailure } from "~/lib/validation";
import { NOT_PAUSED, pauseOf } from "~/shops/pause.server";
import { hashServiceKey, type SecretBox } from "~/lib/secret-box.server";
import { makeTryOnClientFor } from "./tryon-client.server";
import { concurrencyCapOf } from "./concurrency-cap";
import { messageKey } from "~/lib/staff-message";

/**
 * A shop's settings: the try-on service key (checked against the service before it is stored, stored
 * encrypted, shown only as its last four characters, never sent back to the browser), the service address,
 * defaults for new renders, the concurrency cap and publish-without-review.
 */

type Db = Pick<PrismaClient, "shopSettings" | "shop">;

/** What the Settings page may show. The key itself is not in it, by construction. */
export interface SettingsView {
  hasKey: boolean;
  keyLast4: string | null;
  /** The shop's own service address, or null when it uses the app's default. */
  baseUrl: string | null;
  defaultBaseUrl: string | null;
  concurrencyCap: number;
  publishWithoutReview: boolean;
  /** The colour score's verdict thresholds (CIEDE2000) and whether drift waits for a person under auto-publish. */
  colour: { goodMax: number; driftMin: number; holdDrift: boolean };
  defaults: RenderOptions | null;
  paused: { reason: string; message: string; at: string } | null;
}

export function parseStoredDefaults(value: Prisma.JsonValue | null | undefined): RenderOptions | null {
  if (value === null || value === undefined) return null;
  const parsed = renderOptionsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function settingsViewOf(row: ShopSettings | null, defaultBaseUrl: string | undefined): SettingsView {
  return {
    hasKey: Boolean(row?.tryOnApiKeyEncrypted),
    keyLast4: row?.tryOnApiKeyEncrypted ? (row.tryOnApiKeyLast4 ?? null) : null,
    baseUrl: row?.tryOnBaseUrl ?? null,
    defaultBaseUrl: defaultBaseUrl ?? null,
    concurrencyCap: concurrencyCapOf(row),
    publishWithoutReview: row?.publishWithoutReview ?? false,
    colour: {
      goodMax: row?.colourGoodMax ?? 5,
      driftMin: row?.colourDriftMin ?? 10,
      holdDrift: row?.holdDriftFromAutoPublish ?? true,
    },
    defaults: parseStoredDefaults(row?.defaultOptions),
    paused: pauseOf(row),
  };
}

export async function getSettingsView(db: Db, shop: string, defaultBaseUrl: string | undefined): Promise<SettingsView> {
  return settingsViewOf(await db.shopSettings.findUnique({ where: { shop } }), defaultBaseUrl);
}

/** The outcome of asking the service whether a key works at an address. */
export type KeyCheck = { ok: true } | { ok: false; field: "apiKey" | "tryOnBaseUrl"; message: string };
export type KeyChecker = (baseUrl: string, apiKey: string) => Promise<KeyCheck>;

/**
 * Asks the service for its mannequin list with the candidate key: the cheapest call that needs a valid key and
 * spends no credits.
 */
export const checkKeyAgainstService: KeyChecker = async (baseUrl, apiKey) => {
  try {
    await makeTryOnClientFor("key-check", { baseUrl, apiKey }).listMannequins();
    return { ok: true };
  } catch (error) {
    if (error instanceof TryOnAuthError) {
      return {
        ok: false,
        field: "apiKey",
        message: messageKey("settings:errors.keyRefused"),
      };
    }
    // The key was accepted; the balance is a separate matter the home page reports.
    if (error instanceof TryOnOutOfCreditsError) return { ok: true };
    if (error instanceof TryOnError) {
      return {
        ok: false,
        field: "tryOnBaseUrl",
        message: messageKey("settings:errors.serviceUnreachable"),
      };
    }
    return { ok: false, field: "tryOnBaseUrl", message: messageKey("settings:errors.notAService") };
  }
};

/** A Settings save, parsed: an absent key keeps the saved one; absent defaults keep the saved defaults. */
export interface SettingsInput {
  apiKey?: string | undefined;
  /** The shop's own service address; absent means the app's default. */
  tryOnBaseUrl?: string | undefined;
  concurrencyCap: number;
  publishWithoutReview: boolean;
  /** Absent: the saved thresholds and hold-back setting stay. */
  colour?: { goodMax: number; driftMin: number; holdDrift: boolean } | undefined;
  defaults?: RenderOptions | undefined;
}

export interface SaveSettingsDeps {
  secretBox: SecretBox;
  checkKey: KeyChecker;
  defaultBaseUrl: string | undefined;
}

export type SaveSettingsResult = { ok: true; view: SettingsView; keyChecked: boolean } | FormFailure;

/**
 * Saves the shop's settings. A new key is checked against the service first, and nothing is saved if it fails; a
 * new address needs the key typed again in the same save. A key that works lifts a pause caused by a bad key or missing key
 * (and by spent credits: a new key may be another account).
 */
export async function saveSettings(
  db: Db,
  deps: SaveSettingsDeps,
  shop: string,
  input: SettingsInput,
): Promise<SaveSettingsResult> {
  const current = await db.shopSettings.findUnique({ where: { shop } });
  const baseUrl = input.tryOnBaseUrl ?? deps.defaultBaseUrl;
  const hasStoredKey = Boolean(current?.tryOnApiKeyEncrypted);
  const addressChanged = baseUrl !== (current?.tryOnBaseUrl ?? deps.defaultBaseUrl);

  if ((input.apiKey || hasStoredKey) && !baseUrl) {
    return failure({ tryOnBaseUrl: messageKey("settings:errors.enterServiceAddress") });
  }
  // The saved key is only ever sent to the address it was saved with: whoever changes the address must know the key.
  if (hasStoredKey && addressChanged && !input.apiKey) {
    return failure({
      apiKey: messageKey("settings:errors.keyAgainForAddress"),
    });
  }
  let keyChecked = false;
  if (input.apiKey && baseUrl) {
    const check = await deps.checkKey(baseUrl, input.apiKey);
    if (!check.ok) return failure({ [check.field]: check.message });
    keyChecked = true;
  }

  const data: Prisma.ShopSettingsUncheckedUpdateInput = {
    tryOnBaseUrl: input.tryOnBaseUrl ?? null,
    concurrencyCap: input.concurrencyCap,
    publishWithoutReview: input.publishWithoutReview,
    ...(input.colour
      ? {
          colourGoodMax: input.colour.goodMax,
          colourDriftMin: input.colour.driftMin,
          holdDriftFromAutoPublish: input.colour.holdDrift,
        }
      : {}),
    ...(input.defaults ? { defaultOptions: input.defaults as unknown as Prisma.InputJsonValue } : {}),
    ...(input.apiKey
      ? {
          tryOnApiKeyEncrypted: deps.secretBox.seal(input.apiKey, shop),
          tryOnApiKeyLast4: input.apiKey.slice(-4),
          tryOnKeyHash: hashServiceKey(input.apiKey),
        }
      : {}),
    ...(keyChecked ? NOT_PAUSED : {}),
  };
  // Settings reference the shop row, which the install hook writes; make sure it exists even for a shop
  // installed before that hook did.
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
  const row = await db.shopSettings.upsert({
    where: { shop },
    create: { ...(data as Prisma.ShopSettingsUncheckedCreateInput), shop },
    update: data,
  });
  return { ok: true, view: settingsViewOf(row, deps.defaultBaseUrl), keyChecked };
}
