import type { SettingsView } from "~/settings/settings.server";
import type { CatalogResult } from "~/tryon/catalog-view";
import {
  formValuesOf,
  optionsToFormFields,
  withCatalogDefaults,
  type RenderOptionsFormValues,
} from "~/web/render-options-form";

/** The Settings form's state and what it posts; pure so the save bar's logic is tested without a browser. */
export interface SettingsFormState {
  /** A new key typed by staff; empty keeps the saved one (which the browser never sees). */
  apiKey: string;
  tryOnBaseUrl: string;
  concurrencyCap: string;
  publishWithoutReview: boolean;
  colourGoodMax: string;
  colourDriftMin: string;
  holdDriftFromAutoPublish: boolean;
  options: RenderOptionsFormValues;
}

/** The form as saved; defaults never chosen yet start from the catalog's first model and pose. */
export function settingsFormStateOf(settings: SettingsView, catalog?: CatalogResult): SettingsFormState {
  const options = formValuesOf(settings.defaults);
  return {
    apiKey: "",
    tryOnBaseUrl: settings.baseUrl ?? "",
    concurrencyCap: String(settings.concurrencyCap),
    publishWithoutReview: settings.publishWithoutReview,
    colourGoodMax: String(settings.colour.goodMax),
    colourDriftMin: String(settings.colour.driftMin),
    holdDriftFromAutoPublish: settings.colour.holdDrift,
    options: catalog ? withCatalogDefaults(options, catalog) : options,
  };
}

/** True when the form differs from what is saved: the save bar shows then. */
export function isSettingsDirty(saved: SettingsFormState, current: SettingsFormState): boolean {
  return JSON.stringify(saved) !== JSON.stringify(current);
}

export function settingsFormFields(state: SettingsFormState, includeDefaults: boolean): Record<string, string> {
  return {
    intent: "save",
    apiKey: state.apiKey,
    tryOnBaseUrl: state.tryOnBaseUrl,
    concurrencyCap: state.concurrencyCap,
    ...(state.publishWithoutReview ? { publishWithoutReview: "on" } : {}),
    includesColour: "on",
    colourGoodMax: state.colourGoodMax,
    colourDriftMin: state.colourDriftMin,
    ...(state.holdDriftFromAutoPublish ? { holdDriftFromAutoPublish: "on" } : {}),
    ...(includeDefaults ? { includesDefaults: "on", ...optionsToFormFields(state.options) } : {}),
  };
}
