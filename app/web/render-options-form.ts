import { z } from "zod";
import type { RenderOptions } from "~/looks/render-options";
import { creditsForJob } from "~/tryon/cost";
import { ASPECT_RATIOS, DEFAULT_TRYON_ENUMS, MAX_USER_INSTRUCTION_LENGTH, RESOLUTIONS } from "~/tryon/wire";
import type { CatalogResult } from "~/tryon/catalog-view";
import { checkbox } from "./forms";
import { optionalText } from "~/lib/validation";
import { BACKGROUND_NOT_ALLOWED, backgroundProblem } from "~/tryon/background-policy";
import { messageKey } from "~/lib/staff-message";

/**
 * The render options as a form: the same fields on Generate, Bulk run, Regenerate and the Settings defaults, with
 * what changing the garment type, a saved look and the catalog fill in, and what the form posts.
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
  productType: DEFAULT_TRYON_ENUMS.productTypes.map((value) => ({
    value,
    label: PRODUCT_TYPE_LABELS[value] ?? words(value),
  })),
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
    productType: oneOf(DEFAULT_TRYON_ENUMS.productTypes, messageKey("messages:field.garmentType")),
    productCategory: optionalText(oneOf(DEFAULT_TRYON_ENUMS.productCategories, messageKey("messages:field.category"))),
    mannequinId: z
      .string({ error: messageKey("messages:field.model") })
      .trim()
      .min(1, messageKey("messages:field.model")),
    poseId: z
      .string({ error: messageKey("messages:field.pose") })
      .trim()
      .min(1, messageKey("messages:field.pose")),
    background: optionalText(
      z
        .string()
        .trim()
        .max(2000)
        .refine((value) => backgroundProblem(value) === null, BACKGROUND_NOT_ALLOWED),
    ),
    lockBackground: checkbox,
    resolution: z.enum(RESOLUTIONS, { error: messageKey("messages:field.resolution") }),
    aspectRatio: z.enum(ASPECT_RATIOS, { error: messageKey("messages:field.aspectRatio") }),
    bodySize: optionalText(oneOf(DEFAULT_TRYON_ENUMS.bodySizes, messageKey("messages:field.bodySize"))),
    expression: optionalText(oneOf(DEFAULT_TRYON_ENUMS.expressions, messageKey("messages:field.expression"))),
    userInstruction: optionalText(
      z
        .string()
        .trim()
        .max(
          MAX_USER_INSTRUCTION_LENGTH,
          messageKey("messages:field.instructionTooLong", { max: MAX_USER_INSTRUCTION_LENGTH }),
        ),
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
export function formValuesOf(
  options: Partial<Record<keyof RenderOptionsFormValues, unknown>> | null | undefined,
): RenderOptionsFormValues {
  const values = { ...EMPTY_RENDER_OPTIONS };
  if (!options) return values;
  for (const key of Object.keys(values) as Array<keyof RenderOptionsFormValues>) {
    const value = options[key];
    if (key === "lockBackground") values.lockBackground = value === true;
    else if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** Changing the garment type keeps the pose only if the new type has it; otherwise the type's first pose. */
export function withProductType(
  values: RenderOptionsFormValues,
  productType: string,
  catalog: CatalogResult,
): RenderOptionsFormValues {
  const next = { ...values, productType };
  if (catalog.ok) {
    const poses = catalog.catalog.posesByProductType[productType] ?? [];
    if (!poses.some((pose) => pose.id === values.poseId)) next.poseId = poses[0]?.id ?? "";
  }
  return next;
}

/**
 * Fills what has no value yet from the catalog: the first model, and a pose that suits the garment type. Staff
 * then see a complete form they can save as is, instead of errors for choices they were never shown as made.
 */
export function withCatalogDefaults(values: RenderOptionsFormValues, catalog: CatalogResult): RenderOptionsFormValues {
  if (!catalog.ok) return values;
  const next = withProductType(values, values.productType, catalog);
  if (!next.mannequinId) next.mannequinId = catalog.catalog.mannequins[0]?.id ?? "";
  return next;
}

/**
 * Applying a saved look replaces every option, except that the garment type of the product at hand wins when
 * the page already knows it: a season's look applies to tops and trousers alike.
 */
export function withLook(
  values: RenderOptionsFormValues,
  look: Parameters<typeof formValuesOf>[0],
  catalog: CatalogResult,
  keepProductType: boolean,
): RenderOptionsFormValues {
  const applied = formValuesOf(look);
  if (!keepProductType) return applied;
  return withProductType({ ...applied, productCategory: values.productCategory }, values.productType, catalog);
}

/** The form's option fields as posted: strings, with the checkbox only when ticked (as a browser sends it). */
export function optionsToFormFields(values: RenderOptionsFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === "lockBackground") {
      if (value === true) fields.lockBackground = "on";
    } else if (typeof value === "string") {
      fields[key] = value;
    }
  }
  return fields;
}

/**
 * A look in a few parts, for lists, by catalog names: ["Amara", "Front, relaxed", "Studio white", "2K", "3:4"].
 * Catalog ids are never shown; without the catalog a message stands in (worded by the screen with say()).
 */
export function describeOptions(
  options: { mannequinId?: string; poseId?: string; background?: string; resolution?: string; aspectRatio?: string },
  catalog?: CatalogResult,
): string[] {
  const view = catalog?.ok ? catalog.catalog : null;
  const nameIn = (items: Array<{ id: string; name: string }> | undefined, id: string | undefined, unknown: string) =>
    id ? (items?.find((item) => item.id === id)?.name ?? messageKey(unknown)) : undefined;
  const poses = view ? Object.values(view.posesByProductType).flat() : undefined;
  const background = options.background?.match(/^https?:\/\//)
    ? messageKey("messages:sent.ownBackground")
    : nameIn(view?.backgrounds, options.background, "messages:sent.backgroundInLook");
  return [
    nameIn(view?.mannequins, options.mannequinId, "messages:sent.modelInLook"),
    nameIn(poses, options.poseId, "messages:sent.poseInLook"),
    background,
    options.resolution,
    options.aspectRatio,
  ].filter((part): part is string => Boolean(part));
}
