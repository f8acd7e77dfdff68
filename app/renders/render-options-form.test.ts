import { describe, expect, it } from "vitest";
import { lookKeyOf } from "./create-renders.server";
import { renderOptionsSchema } from "./render-options";
import { creditsForJob } from "../tryon/cost";
import { formValuesOf, renderOptionsFormSchema, RENDER_OPTION_CHOICES } from "./render-options-form";
import { parseForm } from "../web/forms";

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
    expect(options).toEqual({ productType: "dress", mannequinId: "mnq_amara", poseId: "pose_front_relaxed", resolution: "4K", aspectRatio: "3:4", expression: "smile" });
    expect(renderOptionsSchema.parse(options)).toEqual(options);
  });

  it("gives the same look key whether lock background was unticked or never shown", () => {
    const unticked = renderOptionsFormSchema.parse({ ...FIELDS, lockBackground: undefined });
    const absent = renderOptionsFormSchema.parse(FIELDS);
    expect(lookKeyOf(unticked)).toBe(lookKeyOf(absent));
    expect(renderOptionsFormSchema.parse({ ...FIELDS, lockBackground: "on" })).toMatchObject({ lockBackground: true });
  });

  it("names each wrong field in words for staff", () => {
    const result = parseForm(renderOptionsFormSchema, { ...FIELDS, productType: "hat", poseId: "", resolution: "8K", bodySize: "XXXL" });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        productType: "Choose what kind of garment this is.",
        poseId: "Choose a pose.",
        resolution: "Choose 2K or 4K.",
        bodySize: "Choose a body size from the list.",
      },
    });
  });

  it("shows the cost of each resolution in its label, and the cost of unknown input as the cheapest", () => {
    expect(RENDER_OPTION_CHOICES.resolution.map((choice) => choice.label)).toEqual(["2K (5 credits)", "4K (6 credits)"]);
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
