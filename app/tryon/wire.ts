import { z } from "zod";

/** Values the spec lists in full (part 8). */
export const RESOLUTIONS = ["2K", "4K"] as const;
export const ASPECT_RATIOS = ["3:4", "1:1", "4:3", "9:16", "16:9"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/**
 * Enums the spec only samples (`top`, `t_shirt`, `M`, `neutral`). These defaults are the sets the simulator
 * implements (docs/tryon-service.md); a real account may differ, so the client takes them as configuration.
 */
export interface TryOnEnums {
  productTypes: readonly string[];
  productCategories: readonly string[];
  bodySizes: readonly string[];
  expressions: readonly string[];
}

/** The sets the simulator implements, as tuples so that zod schemas (the simulator's own) can be built from them. */
export const PRODUCT_TYPES = ["top", "bottom", "dress", "outerwear", "jumpsuit"] as const;
export const PRODUCT_CATEGORIES = [
  "t_shirt",
  "shirt",
  "blouse",
  "sweater",
  "hoodie",
  "tank_top",
  "jeans",
  "trousers",
  "shorts",
  "skirt",
  "dress",
  "jacket",
  "coat",
  "jumpsuit",
] as const;
export const BODY_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const EXPRESSIONS = ["neutral", "smile", "serious", "candid"] as const;

export const DEFAULT_TRYON_ENUMS: TryOnEnums = {
  productTypes: PRODUCT_TYPES,
  productCategories: PRODUCT_CATEGORIES,
  bodySizes: BODY_SIZES,
  expressions: EXPRESSIONS,
};

const enumValues = z.array(z.string().min(1)).min(1).readonly();
export const tryOnEnumsSchema = z.object({
  productTypes: enumValues,
  productCategories: enumValues,
  bodySizes: enumValues,
  expressions: enumValues,
});

/** Not shown by the spec; the simulator's choices, and the client's defaults. */
export const DEFAULT_MAX_PRODUCT_IMAGES = 4;
export const MAX_USER_INSTRUCTION_LENGTH = 1000;

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

export function isHttpUrl(value: string): boolean {
  return httpUrl.safeParse(value).success;
}

function oneOf(values: readonly string[], label: string) {
  return z.string().refine((value) => values.includes(value), {
    message: `must be one of ${values.join(", ")} (${label})`,
  });
}

/**
 * What the caller asks for, in TypeScript's naming. `background` is a catalog id or an image URL, as on the wire.
 * Required fields are the simulator's choice (the spec does not show them); the pipeline always sends them anyway.
 */
export function makeTryOnJobInputSchema(enums: TryOnEnums, maxProductImages = DEFAULT_MAX_PRODUCT_IMAGES) {
  return z.strictObject({
    productType: oneOf(enums.productTypes, "product type"),
    productImages: z
      .array(httpUrl)
      .min(1, "needs at least one front image")
      .max(maxProductImages, `takes at most ${maxProductImages} front images`),
    productBackImage: httpUrl.optional(),
    productCategory: oneOf(enums.productCategories, "product category").optional(),
    mannequinId: z.string().min(1),
    poseId: z.string().min(1),
    background: z.string().min(1).optional(),
    lockBackground: z.boolean().optional(),
    resolution: z.enum(RESOLUTIONS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    bodySize: oneOf(enums.bodySizes, "body size").optional(),
    expression: oneOf(enums.expressions, "expression").optional(),
    userInstruction: z.string().max(MAX_USER_INSTRUCTION_LENGTH).optional(),
  });
}

export const tryOnJobInputSchema = makeTryOnJobInputSchema(DEFAULT_TRYON_ENUMS);
export type TryOnJobInput = z.infer<typeof tryOnJobInputSchema>;

/** The submit body exactly as the service reads it (spec part 2: snake_case). */
export interface SubmitTryOnWireBody {
  product_type: string;
  product_images: string[];
  product_back_image?: string;
  product_category?: string;
  mannequin_id: string;
  pose_id: string;
  background?: string;
  lock_background?: boolean;
  resolution: Resolution;
  aspect_ratio: AspectRatio;
  body_size?: string;
  expression?: string;
  user_instruction?: string;
}

export function toSubmitWireBody(input: TryOnJobInput): SubmitTryOnWireBody {
  const body: SubmitTryOnWireBody = {
    product_type: input.productType,
    product_images: input.productImages,
    mannequin_id: input.mannequinId,
    pose_id: input.poseId,
    resolution: input.resolution,
    aspect_ratio: input.aspectRatio,
  };
  // Absent optional fields are left out rather than sent as null: the spec does not say nulls are accepted.
  if (input.productBackImage !== undefined) body.product_back_image = input.productBackImage;
  if (input.productCategory !== undefined) body.product_category = input.productCategory;
  if (input.background !== undefined) body.background = input.background;
  if (input.lockBackground !== undefined) body.lock_background = input.lockBackground;
  if (input.bodySize !== undefined) body.body_size = input.bodySize;
  if (input.expression !== undefined) body.expression = input.expression;
  if (input.userInstruction !== undefined) body.user_instruction = input.userInstruction;
  return body;
}

/** An id may come back as a number from some services; it is always handled as a string here. */
const wireId = z.union([z.string().min(1), z.number().int()]).transform(String);

/** Submit answer (spec part 4): `{ data: { id, status } }`, other fields ignored. */
export const submitResponseSchema = z.object({
  data: z.looseObject({ id: wireId, status: z.string().min(1) }),
});

/**
 * Error bodies are not shown by the spec. Every shape seen in the wild is accepted: `{ error: { code, message } }`
 * (the simulator's), `{ error: "text" }`, `{ message }`, `{ detail }` and `{ errors: [{ message }] }`.
 */
const errorDetailSchema = z.looseObject({
  field: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

const errorBodySchema = z.looseObject({
  error: z
    .union([
      z.string(),
      z.looseObject({
        code: z.string().optional(),
        message: z.string().optional(),
        details: z.array(errorDetailSchema).optional(),
      }),
    ])
    .optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  detail: z.string().optional(),
  errors: z.array(errorDetailSchema).optional(),
});

export interface ServiceErrorBody {
  code?: string;
  message?: string;
  fieldErrors: Array<{ field?: string; code?: string; message?: string }>;
}

export function parseServiceErrorBody(json: unknown): ServiceErrorBody {
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return { fieldErrors: [] };
  const body = parsed.data;
  const nested = typeof body.error === "object" ? body.error : undefined;
  const fieldErrors = nested?.details ?? body.errors ?? [];
  const message =
    nested?.message ??
    (typeof body.error === "string" ? body.error : undefined) ??
    body.message ??
    body.detail ??
    fieldErrors.find((detail) => detail.message)?.message;
  const code = nested?.code ?? body.code;
  return {
    ...(code !== undefined && { code }),
    ...(message !== undefined && { message }),
    fieldErrors: fieldErrors.map((detail) => ({
      ...(detail.field !== undefined && { field: detail.field }),
      ...(detail.code !== undefined && { code: detail.code }),
      ...(detail.message !== undefined && { message: detail.message }),
    })),
  };
}

/** One listed catalog record; the spec shows no fields beyond an id, so the rest is optional. */
export const catalogItemSchema = z.looseObject({
  id: wireId,
  name: z.string().optional(),
  product_type: z.string().optional(),
  product_types: z.array(z.string()).optional(),
  thumbnail_url: z.string().optional(),
  thumbnail: z.string().optional(),
  image_url: z.string().optional(),
  preview_url: z.string().optional(),
});
export type CatalogWireItem = z.infer<typeof catalogItemSchema>;
