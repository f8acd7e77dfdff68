import { z } from "zod";
import { findBackground, findMannequin, findPose, SIMULATOR_ENUMS } from "./catalog";
import type { SimJobRequest } from "./jobs";

/**
 * The submit body as the simulator accepts it. Required fields (the spec does not show them): product_type,
 * product_images, mannequin_id, pose_id, resolution, aspect_ratio. Unknown fields are refused, so a client that
 * misspells a field (or sends camelCase) hears about it instead of being silently ignored.
 */

export const SIM_MAX_PRODUCT_IMAGES = 4;
export const SIM_MAX_USER_INSTRUCTION = 1000;

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

const httpUrl = z.url({ protocol: /^https?$/ });

const submitBodySchema = z.strictObject({
  product_type: z.enum(SIMULATOR_ENUMS.productTypes),
  product_images: z.array(httpUrl).min(1).max(SIM_MAX_PRODUCT_IMAGES),
  product_back_image: httpUrl.optional(),
  product_category: z.enum(SIMULATOR_ENUMS.productCategories).optional(),
  mannequin_id: z.string().min(1),
  pose_id: z.string().min(1),
  background: z.string().min(1).optional(),
  lock_background: z.boolean().optional(),
  resolution: z.enum(SIMULATOR_ENUMS.resolutions),
  aspect_ratio: z.enum(SIMULATOR_ENUMS.aspectRatios),
  body_size: z.enum(SIMULATOR_ENUMS.bodySizes).optional(),
  expression: z.enum(SIMULATOR_ENUMS.expressions).optional(),
  user_instruction: z.string().max(SIM_MAX_USER_INSTRUCTION).optional(),
});

function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : `${index ? "." : ""}${String(part)}`))
    .join("");
}

function toFieldErrors(issue: z.core.$ZodIssue): FieldError[] {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        field: key,
        code: "unknown_field",
        message: `${key} is not a field of this request`,
      }));
    case "invalid_type":
      return issue.input === undefined
        ? [{ field, code: "required", message: `${field} is required` }]
        : [{ field, code: "invalid_type", message: `${field} must be a ${issue.expected}` }];
    case "invalid_value":
      return [
        {
          field,
          code: "invalid_value",
          message: `${field} must be one of ${issue.values.map(String).join(", ")}`,
        },
      ];
    case "invalid_format":
      return [{ field, code: "invalid_url", message: `${field} must be an http(s) URL` }];
    case "too_small":
      return issue.origin === "array"
        ? [{ field, code: "too_few_items", message: `${field} needs at least ${String(issue.minimum)} image URL` }]
        : [{ field, code: "required", message: `${field} must not be empty` }];
    case "too_big":
      return issue.origin === "array"
        ? [{ field, code: "too_many_items", message: `${field} takes at most ${String(issue.maximum)} items` }]
        : [{ field, code: "too_long", message: `${field} takes at most ${String(issue.maximum)} characters` }];
    default:
      return [{ field, code: "invalid_value", message: `${field}: ${issue.message}` }];
  }
}

export function isUrl(value: string): boolean {
  return httpUrl.safeParse(value).success;
}

export type SubmitValidation = { ok: true; request: SimJobRequest } | { ok: false; errors: FieldError[] };

/** Field and catalog checks of a submit body (the images are checked afterwards, by downloading them). */
export function validateSubmitBody(body: unknown): SubmitValidation {
  const parsed = submitBodySchema.safeParse(body, { reportInput: true });
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.flatMap(toFieldErrors) };
  const request = parsed.data;
  const errors: FieldError[] = [];
  if (!findMannequin(request.mannequin_id)) {
    errors.push({
      field: "mannequin_id",
      code: "unknown_id",
      message: `no mannequin has the id ${request.mannequin_id}`,
    });
  }
  const pose = findPose(request.pose_id);
  if (!pose) {
    errors.push({ field: "pose_id", code: "unknown_id", message: `no pose has the id ${request.pose_id}` });
  } else if (!(pose.productTypes as readonly string[]).includes(request.product_type)) {
    errors.push({
      field: "pose_id",
      code: "pose_not_for_product_type",
      message: `pose ${pose.id} is not offered for product type ${request.product_type}`,
    });
  }
  if (request.background !== undefined && !isUrl(request.background) && !findBackground(request.background)) {
    errors.push({
      field: "background",
      code: "unknown_id",
      message: `background must be a background id or an image URL; no background has the id ${request.background}`,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, request };
}
