import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkbox, formDataOf, formDataToObject, parseForm, requestKeySchema } from "./forms";
import { optionalText, fieldErrorsOf } from "~/lib/validation";

describe("form parsing", () => {
  it("keeps every value of array fields and the last of the others", () => {
    const data = new FormData();
    data.append("renderIds", "a");
    data.append("renderIds", "b");
    data.append("intent", "first");
    data.append("intent", "second");
    expect(formDataToObject(data, ["renderIds", "variantIds"])).toEqual({
      renderIds: ["a", "b"],
      variantIds: [],
      intent: "second",
    });
  });

  it("reads checkboxes as browsers send them", () => {
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
    expect(checkbox.parse("off")).toBe(false);
  });

  it("treats blank text as not given", () => {
    const schema = z.object({ note: optionalText(z.string().min(3, "too short")) });
    expect(schema.parse({ note: "   " })).toEqual({ note: undefined });
    expect(schema.safeParse({ note: "ab" }).success).toBe(false);
  });

  it("keys errors by field path, first message only, whole-form issues under _form", () => {
    const schema = z.object({
      name: z.string().min(2, "name too short").max(1, "never"),
      items: z.array(z.string().min(1, "empty item")),
    });
    const result = schema.safeParse({ name: "a", items: [""] });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsOf(result.error)).toEqual({ name: "name too short", "items.0": "empty item" });
    const refined = z
      .object({ a: z.string() })
      .refine(() => false, "whole form")
      .safeParse({ a: "x" });
    if (!refined.success) expect(fieldErrorsOf(refined.error)).toEqual({ _form: "whole form" });
  });

  it("accepts request keys that look like UUIDs and refuses odd ones", () => {
    expect(requestKeySchema.safeParse("0b6b7a58-0c3e-4d53-9b1e-2f1cf5f0c2a1").success).toBe(true);
    expect(requestKeySchema.safeParse("short").success).toBe(false);
    expect(requestKeySchema.safeParse("has spaces in it").success).toBe(false);
    expect(parseForm(z.object({ requestKey: requestKeySchema }), {})).toMatchObject({
      ok: false,
      fieldErrors: { requestKey: "messages:form.requestKeyMissing" },
    });
  });

  it("posts a list as its name repeated, which formDataToObject reads back", () => {
    const data = formDataOf({ intent: "approve-many", renderIds: ["a", "b"] });
    expect(data.getAll("renderIds")).toEqual(["a", "b"]);
    expect(formDataToObject(data, ["renderIds"])).toEqual({ intent: "approve-many", renderIds: ["a", "b"] });
  });
});
