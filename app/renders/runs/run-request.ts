import { z } from "zod";
import { optionalText } from "~/lib/validation";
import { gidPattern, toGid } from "~/lib/gid";

/** What a bulk run request carries, as both the app's form and the extensions' JSON send it: its scope and budget. */

/** Products picked one by one (the resource picker's limit is far lower in practice). */
export const MAX_PICKED_PRODUCTS = 250;

const productGid = z.string().transform((value, ctx) => {
  const gid = toGid("Product", value);
  if (!gid) ctx.addIssue({ code: "custom", message: "One of the products is not a valid product id." });
  return gid ?? "";
});
const collectionGid = z.string({ error: "Choose a collection." }).transform((value, ctx) => {
  const gid = toGid("Collection", value);
  if (!gid) ctx.addIssue({ code: "custom", message: "Choose a collection." });
  return gid ?? "";
});

/** What a run covers, as both the app's form and the extensions' JSON send it. */
export const runScopeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("collection"), collectionId: collectionGid }),
    z.object({
      kind: z.literal("products"),
      productIds: z
        .array(productGid)
        .min(1, "Choose at least one product.")
        .max(MAX_PICKED_PRODUCTS, `Choose at most ${MAX_PICKED_PRODUCTS} products, or use a collection.`)
        .transform((ids) => [...new Set(ids)]),
    }),
  ],
  { error: "Choose a collection or some products." },
);
export type RunScope = z.infer<typeof runScopeSchema>;

export const budgetSchema = optionalText(
  z.coerce
    .number({ error: "Enter the budget as a number of credits." })
    .int("Enter a whole number of credits.")
    .min(1, "A budget must be at least 1 credit.")
    .max(10_000_000, "That budget is larger than any run needs."),
);

/**
 * Garments staff chose for the products the app could not place, by product id (the others are left out): what
 * the bulk-run page posts as JSON and the bulk actions send.
 */
export const garmentChoicesSchema = z
  .record(
    z.string().regex(gidPattern("Product"), "One of the products is not valid."),
    z
      .string()
      .regex(/^[a-z_]+$/)
      .max(64),
  )
  .refine((choices) => Object.keys(choices).length <= 5_000, "Choose garments for at most 5,000 products at once.");

/** The page's hidden field: the same choices as JSON text (empty: none). */
export const garmentChoicesFieldSchema = z
  .string()
  .max(500_000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "The garments chosen could not be read; reload the page." });
      return z.NEVER;
    }
  })
  .pipe(garmentChoicesSchema);
