import { z } from "zod";
import type { RenderOptions } from "./render-options";
import { creditsForJob } from "../tryon/cost";
import { ASPECT_RATIOS, DEFAULT_TRYON_ENUMS, MAX_USER_INSTRUCTION_LENGTH, RESOLUTIONS } from "../tryon/wire";
import { checkbox, optionalText } from "../web/forms";

/**
 * The render options as a form: the same fields on Generate, Bulk run, Regenerate and the Settings defaults.
 * Field names are RenderOptions' own, so a saved look or the shop's defaults fill the form directly.
 * Browser-safe (no server imports): the pages use the choice lists and the cost table too.
 */

const words = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

export const PRODUCT_TYPE_LABELS: Record<string, string> = {
  top: "Top (t-shirts, shirts, sweaters)",
  bottom: "Bottom (trousers, jeans, skirts)",
  dress: "Dress",
  outerwear: "Outerwear (jackets, coats)",
  jumpsuit: "Jumpsuit",
};

const ASPECT_RATIO_LABELS: Record<string, string> = {
  "3:4": "3:4 portrait",
  "1:1": "1:1 square",
  "4:3": "4:3 landscape",
  "9:16": "9:16 tall",
  "16:9": "16:9 wide",
};

export interface Choice {
  label: string;
  value: string;
}

export const RENDER_OPTION_CHOICES = {
  productType: DEFAULT_TRYON_ENUMS.productTypes.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] ?? words(value) })),
  productCategory: DEFAULT_TRYON_ENUMS.productCategories.map((value) => ({ value, label: words(value) })),
  bodySize: DEFAULT_TRYON_ENUMS.bodySizes.map((value) => ({ value, label: value })),
  expression: DEFAULT_TRYON_ENUMS.expressions.map((value) => ({ value, label: words(value) })),
  resolution: RESOLUTIONS.map((value) => ({ value, label: `${value} (${creditsForJob(value)} credits)` })),
  aspectRatio: ASPECT_RATIOS.map((value) => ({ value, label: ASPECT_RATIO_LABELS[value] ?? value })),
} satisfies Record<string, Choice[]>;

const oneOf = (values: readonly string[], message: string) =>
  z.string({ error: message }).refine((value) => values.includes(value), { message });

/** Parses the option fields of a form into RenderOptions; each error names its field. */
export const renderOptionsFormSchema = z
  .object({
    productType: oneOf(DEFAULT_TRYON_ENUMS.productTypes, "Choose what kind of garment this is."),
    productCategory: optionalText(oneOf(DEFAULT_TRYON_ENUMS.productCategories, "Choose a category from the list.")),
    mannequinId: z.string({ error: "Choose a model." }).trim().min(1, "Choose a model."),
    poseId: z.string({ error: "Choose a pose." }).trim().min(1, "Choose a pose."),
    background: optionalText(z.string().trim().max(2000)),
    lockBackground: checkbox,
    resolution: z.enum(RESOLUTIONS, { error: "Choose 2K or 4K." }),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: "Choose an aspect ratio from the list." }),
    bodySize: optionalText(oneOf(DEFAULT_TRYON_ENUMS.bodySizes, "Choose a body size from the list.")),
    expression: optionalText(oneOf(DEFAULT_TRYON_ENUMS.expressions, "Choose an expression from the list.")),
    userInstruction: optionalText(
      z.string().trim().max(MAX_USER_INSTRUCTION_LENGTH, `Keep the instruction under ${MAX_USER_INSTRUCTION_LENGTH.toLocaleString("en-US")} characters.`),
    ),
  })
  .transform((fields): RenderOptions => {
    // Absent optional fields are left out, not set to undefined: the look key hashes the object as written.
    const options: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) options[key] = value;
    // An unlocked background is the service's default; only send the flag when it means something.
    if (options.lockBackground === false) delete options.lockBackground;
    return options as RenderOptions;
  });

/** The options of a form as strings, for the browser's controlled fields. */
export interface RenderOptionsFormValues {
  productType: string;
  productCategory: string;
  mannequinId: string;
  poseId: string;
  background: string;
  lockBackground: boolean;
  resolution: string;
  aspectRatio: string;
  bodySize: string;
  expression: string;
  userInstruction: string;
}

export const EMPTY_RENDER_OPTIONS: RenderOptionsFormValues = {
  productType: "top",
  productCategory: "",
  mannequinId: "",
  poseId: "",
  background: "",
  lockBackground: false,
  resolution: "2K",
  aspectRatio: "3:4",
  bodySize: "M",
  expression: "neutral",
  userInstruction: "",
};

/** Fills the form from saved options (a look, the shop's defaults, a render's parameters). */
export function formValuesOf(options: Partial<Record<keyof RenderOptionsFormValues, unknown>> | null | undefined): RenderOptionsFormValues {
  const values = { ...EMPTY_RENDER_OPTIONS };
  if (!options) return values;
  for (const key of Object.keys(values) as Array<keyof RenderOptionsFormValues>) {
    const value = options[key];
    if (key === "lockBackground") values.lockBackground = value === true;
    else if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** A one-line description of a look, for lists and the extensions: "mnq_amara · pose_front · 2K · 3:4". */
export function describeOptions(
  options: { mannequinId?: string; poseId?: string; background?: string; resolution?: string; aspectRatio?: string },
  names: { mannequin?: string; pose?: string; background?: string } = {},
): string {
  return [
    names.mannequin ?? options.mannequinId,
    names.pose ?? options.poseId,
    names.background ?? options.background,
    options.resolution,
    options.aspectRatio,
  ]
    .filter((part): part is string => Boolean(part))
    .join(" · ");
}
