import { z } from "zod";
import { optionalText } from "~/lib/validation";
import { gidPattern, toGid } from "~/lib/gid";
import { messageKey } from "~/lib/staff-message";

/** What a bulk run request carries, as both the app's form and the extensions' JSON send it: its scope and budget. */

/** Products picked one by one (the resource picker's limit is far lower in practice). */
export const MAX_PICKED_PRODUCTS = 250;

const productGid = z.string().transform((value, ctx) => {
  const gid = toGid("Product", value);
  if (!gid) ctx.addIssue({ code: "custom", message: messageKey("messages:runRequest.productInvalid") });
  return gid ?? "";
});
const collectionGid = z
  .string({ error: messageKey("messages:runRequest.chooseCollection") })
  .transform((value, ctx) => {
    const gid = toGid("Collection", value);
    if (!gid) ctx.addIssue({ code: "custom", message: messageKey("messages:runRequest.chooseCollection") });
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
        .min(1, messageKey("messages:runRequest.chooseProducts"))
        .max(MAX_PICKED_PRODUCTS, messageKey("messages:runRequest.tooManyProducts", { max: MAX_PICKED_PRODUCTS }))
        .transform((ids) => [...new Set(ids)]),
    }),
  ],
  { error: messageKey("messages:runRequest.chooseScope") },
);
export type RunScope = z.infer<typeof runScopeSchema>;

export const budgetSchema = optionalText(
  z.coerce
    .number({ error: messageKey("messages:runRequest.budgetNumber") })
    .int(messageKey("messages:runRequest.budgetWhole"))
    .min(1, messageKey("messages:runRequest.budgetMin"))
    .max(10_000_000, messageKey("messages:runRequest.budgetTooLarge")),
);

/**
 * Garments staff chose for the products the app could not place, by product id (the others are left out): what
 * the bulk-run page posts as JSON and the bulk actions send.
 */
export const garmentChoicesSchema = z
  .record(
    z.string().regex(gidPattern("Product"), messageKey("messages:runRequest.garmentProductInvalid")),
    z
      .string()
      .regex(/^[a-z_]+$/)
      .max(64),
  )
  .refine(
    (choices) => Object.keys(choices).length <= 5_000,
    messageKey("messages:runRequest.garmentTooMany", { max: 5_000 }),
  );

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
      ctx.addIssue({ code: "custom", message: messageKey("messages:runRequest.garmentUnreadable") });
      return z.NEVER;
    }
  })
  .pipe(garmentChoicesSchema);
