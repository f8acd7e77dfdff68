import { describe, expect, it } from "vitest";
import { garmentPlanFor, optionsForProduct, posesFromCatalog } from "./product-garment";
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
const product = (title: string, productType = "") => ({ title, productType, category: null });

describe("the options one product is rendered with, whichever way the render is made", () => {
  it("take the product's garment type and category, and the first pose that suits it when the chosen one does not", () => {
    expect(optionsForProduct(LOOK, product("Straight jeans", "Jeans"), detect).options).toMatchObject({
      productType: "bottom",
      productCategory: "jeans",
      poseId: "pose_walking",
      mannequinId: "mnq_amara",
    });
  });

  it("drop the look's category when the product's garment names none of its own", () => {
    const { options } = optionsForProduct(
      { ...LOOK, productType: "bottom", productCategory: "jeans", poseId: "pose_walking" },
      product("Tops", "Tops"),
      detect,
    );
    expect(options).toMatchObject({ productType: "top", poseId: "pose_arms_open" });
    expect(options).not.toHaveProperty("productCategory");
  });

  it("render nothing of a product that is not clothing, or that nothing says anything about", () => {
    expect(optionsForProduct(LOOK, product("Silk scarf"), detect)).toMatchObject({
      plan: { kind: "not_clothing", decision: { reason: "scarf", decidedBy: "title" } },
      options: null,
    });
    expect(optionsForProduct(LOOK, product("The Palermo", "Clothing"), detect)).toMatchObject({
      plan: { kind: "needs_choice" },
      options: null,
    });
  });

  it("render the garment staff chose for the product, over the decision, with a pose that suits it", () => {
    const chosen = optionsForProduct(LOOK, product("The Palermo", "Clothing"), detect, "bottom");
    expect(chosen.plan).toMatchObject({ kind: "render", chosenByStaff: true });
    expect(chosen.options).toMatchObject({ productType: "bottom", poseId: "pose_walking" });
    expect(chosen.options).not.toHaveProperty("productCategory");
    // A confirmed decision keeps its own category.
    expect(optionsForProduct(LOOK, product("Boot-cut Jeans"), detect, "bottom").options).toMatchObject({
      productCategory: "jeans",
    });
  });

  it("are none when the service has no pose for the product's garment", () => {
    expect(optionsForProduct(LOOK, product("Wrap dress", "Dresses"), detect)).toMatchObject({
      plan: { kind: "no_pose", garment: { productType: "dress" } },
      options: null,
    });
  });

  it("keep the chosen pose when it suits the product's garment, and fill an empty pose from the catalog", () => {
    expect(
      garmentPlanFor({ productType: "top", poseId: "pose_wide_stance" }, product("", "Jeans"), detect),
    ).toMatchObject({
      kind: "render",
      choice: { productType: "bottom", productCategory: "jeans", poseId: "pose_wide_stance" },
    });
    expect(garmentPlanFor({ productType: "top", poseId: "" }, product("", "Tees"), detect)).toMatchObject({
      choice: { productType: "top", productCategory: "t_shirt", poseId: "pose_arms_open" },
    });
  });

  it("keep the chosen pose when the catalog cannot be read (the worker checks it before paying)", () => {
    const unread = posesFromCatalog({ ok: false, reason: "unavailable", message: "" }, "pose_arms_open");
    expect(optionsForProduct(LOOK, product("", "Dresses"), unread).options).toMatchObject({
      productType: "dress",
      poseId: "pose_arms_open",
    });
  });
});
