import { describe, expect, it } from "vitest";
import { lookKeyOf } from "~/renders/lifecycle/queue-renders.server";
import { renderOptionsSchema } from "~/looks/render-options";
import { creditsForJob } from "~/tryon/cost";
import type { CatalogResult } from "~/tryon/catalog-view";
import {
  describeOptions,
  formValuesOf,
  optionsToFormFields,
  renderOptionsFormSchema,
  RENDER_OPTION_CHOICES,
  withCatalogDefaults,
  withLook,
  withProductType,
} from "./render-options-form";
import { parseForm } from "./forms";
import { wordsFor } from "~/i18n/words.server";

// Field errors are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const FIELDS = {
  productType: "dress",
  productCategory: "",
  mannequinId: "mnq_amara",
  poseId: "pose_front_relaxed",
  background: "",
  resolution: "4K",
  aspectRatio: "3:4",
  bodySize: "",
  expression: "smile",
  userInstruction: "  ",
};

describe("the render options form", () => {
  it("turns posted fields into the render options the pipeline accepts, leaving out empty ones", () => {
    const options = renderOptionsFormSchema.parse(FIELDS);
    expect(options).toEqual({
      productType: "dress",
      mannequinId: "mnq_amara",
      poseId: "pose_front_relaxed",
      resolution: "4K",
      aspectRatio: "3:4",
      expression: "smile",
    });
    expect(renderOptionsSchema.parse(options)).toEqual(options);
  });

  it("gives the same look key whether lock background was unticked or never shown", () => {
    const unticked = renderOptionsFormSchema.parse({ ...FIELDS, lockBackground: undefined });
    const absent = renderOptionsFormSchema.parse(FIELDS);
    expect(lookKeyOf(unticked)).toBe(lookKeyOf(absent));
    expect(renderOptionsFormSchema.parse({ ...FIELDS, lockBackground: "on" })).toMatchObject({ lockBackground: true });
  });

  it("names each wrong field in words for staff", () => {
    const result = parseForm(renderOptionsFormSchema, {
      ...FIELDS,
      productType: "hat",
      poseId: "",
      resolution: "8K",
      bodySize: "XXXL",
    });
    expect(result.ok).toBe(false);
    const words = result.ok
      ? {}
      : Object.fromEntries(Object.entries(result.fieldErrors).map(([f, e]) => [f, english(e ?? "")]));
    expect(words).toEqual({
      productType: "Choose what kind of garment this is.",
      poseId: "Choose a pose.",
      resolution: "Choose 2K or 4K.",
      bodySize: "Choose a body size from the list.",
    });
  });

  it("shows the cost of each resolution in its label, and the cost of unknown input as the cheapest", () => {
    expect(RENDER_OPTION_CHOICES.resolution.map((choice) => choice.label)).toEqual([
      "2K (5 credits)",
      "4K (6 credits)",
    ]);
    expect(creditsForJob("4K")).toBe(6);
    expect(creditsForJob("nonsense")).toBe(5);
  });

  it("fills the form from saved options and ignores fields it does not know", () => {
    expect(formValuesOf({ mannequinId: "mnq_lena", lockBackground: true, resolution: "4K" })).toMatchObject({
      mannequinId: "mnq_lena",
      lockBackground: true,
      resolution: "4K",
      poseId: "",
      productType: "top",
    });
    expect(formValuesOf(null).mannequinId).toBe("");
  });
});

const item = (id: string) => ({ id, name: `Name of ${id.replace(/^[a-z]+_/, "")}`, thumbnailUrl: null });
const catalog: CatalogResult = {
  ok: true,
  catalog: {
    mannequins: [item("mnq_a")],
    backgrounds: [item("bg_a")],
    posesByProductType: { top: [item("pose_any"), item("pose_top")], bottom: [item("pose_walk"), item("pose_any")] },
  },
};

describe("the options form and the catalog", () => {
  it("keeps the pose when the new garment type has it, else picks the type's first pose", () => {
    const values = { ...formValuesOf(null), productType: "top", poseId: "pose_any" };
    expect(withProductType(values, "bottom", catalog).poseId).toBe("pose_any");
    expect(withProductType({ ...values, poseId: "pose_top" }, "bottom", catalog).poseId).toBe("pose_walk");
    expect(withProductType({ ...values, poseId: "pose_top" }, "dress", catalog).poseId).toBe("");
  });

  it("fills a model and a suitable pose from the catalog when none was chosen yet, and keeps choices made", () => {
    expect(withCatalogDefaults({ ...formValuesOf(null), productType: "bottom" }, catalog)).toMatchObject({
      mannequinId: "mnq_a",
      poseId: "pose_walk",
    });
    expect(
      withCatalogDefaults({ ...formValuesOf(null), mannequinId: "mnq_z", poseId: "pose_top" }, catalog),
    ).toMatchObject({ mannequinId: "mnq_z", poseId: "pose_top" });
    expect(withCatalogDefaults(formValuesOf(null), { ok: false, reason: "no_key", message: "" }).mannequinId).toBe("");
  });
});

describe("a look in one line", () => {
  it("names the model, pose and background from the catalog, never by their ids", () => {
    const look = {
      mannequinId: "mnq_a",
      poseId: "pose_walk",
      background: "bg_a",
      resolution: "2K",
      aspectRatio: "1:1",
    };
    const inEnglish = (parts: string[]) => parts.map(wordsFor("en")).join(" · ");
    const line = inEnglish(describeOptions(look, catalog));
    expect(line).toBe("Name of a · Name of walk · Name of a · 2K · 1:1");
    expect(
      inEnglish(describeOptions({ ...look, background: "https://cdn.shopify.com/s/files/bg.jpg" }, catalog)),
    ).toContain("Your own background image");
    const unreadable = inEnglish(describeOptions(look, { ok: false, reason: "no_key", message: "" }));
    expect(unreadable).toBe(
      "The model chosen in the look · The pose chosen in the look · The background chosen in the look · 2K · 1:1",
    );
    expect(`${line} ${unreadable}`).not.toMatch(/mnq_|pose_|bg_/);
  });
});

describe("the options form's state", () => {
  it("applies a look, keeping the product's garment type when asked", () => {
    const current = { ...formValuesOf(null), productType: "bottom", productCategory: "jeans", poseId: "pose_walk" };
    const look = { productType: "top", mannequinId: "mnq_a", poseId: "pose_top", resolution: "4K" };
    expect(withLook(current, look, catalog, true)).toMatchObject({
      productType: "bottom",
      productCategory: "jeans",
      mannequinId: "mnq_a",
      poseId: "pose_walk",
      resolution: "4K",
    });
    expect(withLook(current, look, catalog, false)).toMatchObject({ productType: "top", poseId: "pose_top" });
  });

  it("posts what the server parses back into the same options", () => {
    const values = {
      ...formValuesOf(null),
      mannequinId: "mnq_a",
      poseId: "pose_any",
      lockBackground: true,
      background: "bg_a",
    };
    const fields = optionsToFormFields(values);
    expect(fields.lockBackground).toBe("on");
    expect(renderOptionsFormSchema.parse(fields)).toMatchObject({
      mannequinId: "mnq_a",
      lockBackground: true,
      background: "bg_a",
    });
    expect(optionsToFormFields({ ...values, lockBackground: false })).not.toHaveProperty("lockBackground");
  });
});
