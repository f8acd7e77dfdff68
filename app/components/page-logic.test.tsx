import { describe, expect, it } from "vitest";
import { formValuesOf, renderOptionsFormSchema } from "../ui/render-options-form";
import { previewInputsKey, rendersWithinBudget, scopeFormFields } from "./BulkRunPage";
import { pauseAction } from "./HomePage";

describe("Bulk run page logic", () => {
  it("posts a collection or the picked products as the server's scope fields", () => {
    expect(scopeFormFields({ kind: "collection", collectionId: "gid://shopify/Collection/1", title: "Summer" })).toEqual({
      scopeKind: "collection",
      collectionId: "gid://shopify/Collection/1",
    });
    expect(scopeFormFields({ kind: "products", products: [{ id: "gid://shopify/Product/1", title: "A" }, { id: "gid://shopify/Product/2", title: "B" }] })).toEqual({
      scopeKind: "products",
      productIds: ["gid://shopify/Product/1", "gid://shopify/Product/2"],
    });
    expect(scopeFormFields(null)).toEqual({});
  });

  it("marks the preview stale when the selection, the options, regenerate or the budget change", () => {
    const scope = { kind: "collection" as const, collectionId: "gid://shopify/Collection/1", title: "Summer" };
    const options = formValuesOf({ mannequinId: "mnq_a", poseId: "pose_a" });
    const base = previewInputsKey(scope, options, false, "");
    expect(previewInputsKey(scope, { ...options }, false, " ")).toBe(base);
    expect(previewInputsKey(scope, { ...options, resolution: "4K" }, false, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, true, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, false, "50")).not.toBe(base);
    expect(previewInputsKey({ ...scope, collectionId: "gid://shopify/Collection/2" }, options, false, "")).not.toBe(base);
  });

  it("says how many renders a budget allows", () => {
    expect(rendersWithinBudget(null, 5, 40)).toBe(40);
    expect(rendersWithinBudget(52, 5, 40)).toBe(10);
    expect(rendersWithinBudget(1000, 6, 40)).toBe(40);
  });

  it("the options the page posts are the ones the server accepts", () => {
    expect(renderOptionsFormSchema.safeParse({ ...formValuesOf({ mannequinId: "mnq_a", poseId: "pose_a" }), lockBackground: "" }).success).toBe(true);
  });
});

describe("Home page logic", () => {
  it("sends a bad or missing key to Settings and spent credits to a resume button", () => {
    expect(pauseAction("auth")).toMatchObject({ kind: "settings" });
    expect(pauseAction("missing_key")).toMatchObject({ kind: "settings" });
    expect(pauseAction("out_of_credits")).toMatchObject({ kind: "resume" });
  });
});
