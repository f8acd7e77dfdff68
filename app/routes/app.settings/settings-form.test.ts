import { describe, expect, it } from "vitest";
import type { SettingsView } from "~/settings/settings.server";
import { isSettingsDirty, settingsFormFields, settingsFormStateOf } from "./settings-form";

const saved: SettingsView = {
  hasKey: true,
  keyLast4: "WXYZ",
  baseUrl: null,
  defaultBaseUrl: "https://tryon.example",
  concurrencyCap: 4,
  publishWithoutReview: false,
  colour: { goodMax: 5, driftMin: 10, holdDrift: true },
  defaults: { productType: "top", mannequinId: "mnq_a", poseId: "pose_a", resolution: "2K", aspectRatio: "3:4" },
  paused: null,
};

describe("the Settings form", () => {
  it("starts clean, with an empty key field (the saved key never reaches the browser)", () => {
    const state = settingsFormStateOf(saved);
    expect(state.apiKey).toBe("");
    expect(JSON.stringify(state)).not.toContain("WXYZ");
    expect(isSettingsDirty(state, settingsFormStateOf(saved))).toBe(false);
  });

  it("is dirty (save bar shown) as soon as anything changes", () => {
    const state = settingsFormStateOf(saved);
    expect(isSettingsDirty(state, { ...state, apiKey: "new-key" })).toBe(true);
    expect(isSettingsDirty(state, { ...state, options: { ...state.options, resolution: "4K" } })).toBe(true);
  });

  it("starts defaults never saved from the catalog, so saving other settings does not fail on them", () => {
    const catalog = {
      ok: true as const,
      catalog: {
        mannequins: [{ id: "mnq_first", name: "First", thumbnailUrl: null }],
        backgrounds: [],
        posesByProductType: { top: [{ id: "pose_first", name: "First", thumbnailUrl: null }] },
      },
    };
    const state = settingsFormStateOf({ ...saved, defaults: null }, catalog);
    expect(state.options).toMatchObject({ mannequinId: "mnq_first", poseId: "pose_first" });
    expect(isSettingsDirty(state, settingsFormStateOf({ ...saved, defaults: null }, catalog))).toBe(false);
  });

  it("posts the defaults only when the catalog was there to choose them", () => {
    const state = { ...settingsFormStateOf(saved), publishWithoutReview: true };
    const withDefaults = settingsFormFields(state, true);
    expect(withDefaults).toMatchObject({
      intent: "save",
      includesDefaults: "on",
      mannequinId: "mnq_a",
      publishWithoutReview: "on",
    });
    const without = settingsFormFields({ ...state, publishWithoutReview: false }, false);
    expect(without).not.toHaveProperty("includesDefaults");
    expect(without).not.toHaveProperty("mannequinId");
    expect(without).not.toHaveProperty("publishWithoutReview");
  });

  it("always posts the colour check's thresholds and hold-back setting", () => {
    const state = { ...settingsFormStateOf(saved), colourDriftMin: "12", holdDriftFromAutoPublish: false };
    const fields = settingsFormFields(state, false);
    expect(fields).toMatchObject({ includesColour: "on", colourGoodMax: "5", colourDriftMin: "12" });
    expect(fields).not.toHaveProperty("holdDriftFromAutoPublish");
  });
});
