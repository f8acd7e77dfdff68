import { z } from "zod";
import { gidPattern } from "~/lib/gid";

/**
 * What staff chose when approving: the variants to show the image on, where it goes among the product's images
 * (`position`, 1 = first; none = after the images it has; `makeFirst` is how older approvals said 1), and the
 * alt text shoppers' screen readers and search engines read (none: the text the file was imported with).
 */
export const publishOptionsSchema = z.object({
  variantIds: z
    .array(z.string().regex(gidPattern("ProductVariant"), "must be a product variant id"))
    .max(100)
    .default([]),
  makeFirst: z.boolean().default(false),
  position: z.number().int().min(1).max(250).nullable().default(null),
  alt: z.string().trim().min(1).max(512).nullable().default(null),
});

/** The 0-based place the image should take, or null to leave it where attaching put it (last). */
export function targetMediaIndex(options: Pick<PublishOptions, "position" | "makeFirst">): number | null {
  if (options.position !== null) return options.position - 1;
  return options.makeFirst ? 0 : null;
}
export type PublishOptions = z.infer<typeof publishOptionsSchema>;
