import { describe, expect, it } from "vitest";
import type { CatalogResult } from "../tryon/catalog-view";
import { formValuesOf, renderOptionsFormSchema } from "../renders/render-options-form";
import { creditsForJob } from "../tryon/cost";
import { formatCredits } from "../web/format";
import { optionsToFormFields, withCatalogDefaults, withLook, withProductType } from "./render-options-state";

const item = (id: string) => ({ id, name: id, thumbnailUrl: null });
const catalog: CatalogResult = {
  ok: true,
  catalog: {
    mannequins: [item("mnq_a")],
    backgrounds: [item("bg_a")],
    posesByProductType: { top: [item("pose_any"), item("pose_top")], bottom: [item("pose_walk"), item("pose_any")] },
  },
};

describe("the options form's state", () => {
  it("keeps the pose when the new garment type has it, else picks the type's first pose", () => {
    const values = { ...formValuesOf(null), productType: "top", poseId: "pose_any" };
    expect(withProductType(values, "bottom", catalog).poseId).toBe("pose_any");
    expect(withProductType({ ...values, poseId: "pose_top" }, "bottom", catalog).poseId).toBe("pose_walk");
    expect(withProductType({ ...values, poseId: "pose_top" }, "dress", catalog).poseId).toBe("");
  });

  it("applies a look, keeping the product's garment type when asked", () => {
    const current = { ...formValuesOf(null), productType: "bottom", productCategory: "jeans", poseId: "pose_walk" };
    const look = { productType: "top", mannequinId: "mnq_a", poseId: "pose_top", resolution: "4K" };
    expect(withLook(current, look, catalog, true)).toMatchObject({ productType: "bottom", productCategory: "jeans", mannequinId: "mnq_a", poseId: "pose_walk", resolution: "4K" });
    expect(withLook(current, look, catalog, false)).toMatchObject({ productType: "top", poseId: "pose_top" });
  });

  it("fills a model and a suitable pose from the catalog when none was chosen yet, and keeps choices made", () => {
    expect(withCatalogDefaults({ ...formValuesOf(null), productType: "bottom" }, catalog)).toMatchObject({ mannequinId: "mnq_a", poseId: "pose_walk" });
    expect(withCatalogDefaults({ ...formValuesOf(null), mannequinId: "mnq_z", poseId: "pose_top" }, catalog)).toMatchObject({ mannequinId: "mnq_z", poseId: "pose_top" });
    expect(withCatalogDefaults(formValuesOf(null), { ok: false, reason: "no_key", message: "" }).mannequinId).toBe("");
  });

  it("posts what the server parses back into the same options", () => {
    const values = { ...formValuesOf(null), mannequinId: "mnq_a", poseId: "pose_any", lockBackground: true, background: "bg_a" };
    const fields = optionsToFormFields(values);
    expect(fields.lockBackground).toBe("on");
    expect(renderOptionsFormSchema.parse(fields)).toMatchObject({ mannequinId: "mnq_a", lockBackground: true, background: "bg_a" });
    expect(optionsToFormFields({ ...values, lockBackground: false })).not.toHaveProperty("lockBackground");
  });

  it("says what a render, or many, will cost", () => {
    expect(formatCredits(creditsForJob("2K"))).toBe("5 credits");
    expect(formatCredits(creditsForJob("4K") * 250)).toBe("1,500 credits");
  });
});
