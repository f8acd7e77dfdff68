import { z } from "zod";
import { gidPattern } from "~/lib/gid";

/** What staff chose when approving: the variants to show the image on and whether it leads the gallery. */
export const publishOptionsSchema = z.object({
  variantIds: z
    .array(z.string().regex(gidPattern("ProductVariant"), "must be a product variant id"))
    .max(100)
    .default([]),
  makeFirst: z.boolean().default(false),
});
export type PublishOptions = z.infer<typeof publishOptionsSchema>;
