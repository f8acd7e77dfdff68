import { z } from "zod";
import { gidPattern } from "~/lib/gid";

/** Stored on a render made for one colour (Render.variantColour): publishing puts it on these variants. */
export const variantColourSchema = z.object({
  optionName: z.string().min(1).max(255),
  value: z.string().min(1).max(255),
  variantIds: z
    .array(z.string().regex(gidPattern("ProductVariant")))
    .min(1)
    .max(250),
});

export type VariantColour = z.infer<typeof variantColourSchema>;
/** A render's colour from its stored column; null for renders of the whole product (or a column not ours). */
export function variantColourOf(value: unknown): VariantColour | null {
  if (value === null || value === undefined) return null;
  const parsed = variantColourSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** "Colour: Red", shown beside the product title wherever a render is listed. */
export const colourLabelOf = (colour: Pick<VariantColour, "optionName" | "value"> | null): string | null =>
  colour ? `${colour.optionName}: ${colour.value}` : null;
