import type { Prisma } from "@prisma/client";
import { z } from "zod";
import { tryOnJobInputSchema as jobInputSchema, type TryOnJobInput } from "~/tryon";
import { servicePhotoUrl } from "~/catalog/photo-rule";

/**
 * A "look" plus options: every submit parameter except the product's own images, which are chosen per
 * product. Staff pick these once (or save them as a look) and they apply to one product or a whole run.
 */
export const renderOptionsSchema = jobInputSchema.omit({ productImages: true, productBackImage: true });
export type RenderOptions = z.infer<typeof renderOptionsSchema>;

export interface SourceImages {
  /** Front image URLs (the first is the main one). */
  front: string[];
  back?: string | undefined;
  /** Shopify media ids of the images used, to ask Shopify's CDN for another rendition when needed. */
  mediaIds: string[];
}

export const sourceImagesSchema = z.object({
  front: z.array(z.url()).min(1),
  back: z.url().optional(),
  mediaIds: z.array(z.string()),
});

/** The full submit parameters of one render: the photos as the service receives them (catalog/photo-rule.ts). */
export function jobInputFor(options: RenderOptions, images: SourceImages): TryOnJobInput {
  const sent = (url: string) => servicePhotoUrl(url, options.resolution);
  return jobInputSchema.parse({
    ...options,
    productImages: images.front.map(sent),
    ...(images.back ? { productBackImage: sent(images.back) } : {}),
  });
}

/** A render's stored submit parameters without the product's images: the options it was made with, unparsed. */
export function optionFieldsOf(params: Prisma.JsonValue): Record<string, unknown> {
  const { productImages: _front, productBackImage: _back, ...rest } = (params ?? {}) as Record<string, unknown>;
  return rest;
}
