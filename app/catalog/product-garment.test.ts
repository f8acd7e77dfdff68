import { describe, expect, it } from "vitest";
import { garmentChoiceFor, optionsForProduct, posesFromCatalog } from "./product-garment";
import type { RenderOptions } from "~/looks/render-options";

const LOOK: RenderOptions = {
  productType: "top",
  productCategory: "t_shirt",
  mannequinId: "mnq_amara",
  poseId: "pose_arms_open",
  resolution: "2K",
  aspectRatio: "3:4",
} as RenderOptions;
const POSES: Record<string, string[]> = {
  top: ["pose_arms_open"],
  bottom: ["pose_walking", "pose_wide_stance"],
  dress: [],
};
const detect = (type: string) => POSES[type] ?? [];

describe("the options one product is rendered with, whichever way the render is made", () => {
  it("take the product's garment type and category, and the first pose that suits it when the chosen one does not", () => {
    expect(optionsForProduct(LOOK, { productType: "Jeans", title: "Straight jeans" }, detect)).toMatchObject({
      productType: "bottom",
      productCategory: "jeans",
      poseId: "pose_walking",
      mannequinId: "mnq_amara",
    });
  });

  it("drop the chosen category when the product's type names none of its own", () => {
    const options = optionsForProduct(
      { ...LOOK, productType: "bottom", productCategory: "jeans", poseId: "pose_walking" },
      { productType: "Tops", title: "Tops" },
      detect,
    );
    expect(options).toMatchObject({ productType: "top", poseId: "pose_arms_open" });
    expect(options).not.toHaveProperty("productCategory");
  });

  it("keep the run's garment for a product that says nothing of its kind", () => {
    expect(optionsForProduct(LOOK, { productType: "", title: "Silk scarf" }, detect)).toBe(LOOK);
  });

  it("are none when the service has no pose for the product's garment", () => {
    expect(optionsForProduct(LOOK, { productType: "Dresses", title: "Wrap dress" }, detect)).toBeNull();
  });

  it("keep the chosen pose when it suits the product's garment, and fill an empty pose from the catalog", () => {
    expect(
      garmentChoiceFor({ productType: "top", poseId: "pose_wide_stance" }, { productType: "Jeans", title: "" }, detect),
    ).toEqual({ productType: "bottom", productCategory: "jeans", poseId: "pose_wide_stance" });
    expect(garmentChoiceFor({ productType: "top", poseId: "" }, { productType: "Tees", title: "" }, detect)).toEqual({
      productType: "top",
      productCategory: "t_shirt",
      poseId: "pose_arms_open",
    });
  });

  it("keep the chosen pose when the catalog cannot be read (the worker checks it before paying)", () => {
    const unread = posesFromCatalog({ ok: false, reason: "unavailable", message: "" }, "pose_arms_open");
    expect(optionsForProduct(LOOK, { productType: "Dresses", title: "" }, unread)).toMatchObject({
      productType: "dress",
      poseId: "pose_arms_open",
    });
  });
});
