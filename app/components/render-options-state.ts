import type { CatalogResult } from "../tryon/catalog-view";
import { formValuesOf, type RenderOptionsFormValues } from "../renders/render-options-form";

/**
 * The logic behind the options form, kept out of the components so it is tested directly: what changing the
 * garment type does to the pose, what a look fills in, what a form posts, and what it will cost.
 */

/** Changing the garment type keeps the pose only if the new type has it; otherwise the type's first pose. */
export function withProductType(values: RenderOptionsFormValues, productType: string, catalog: CatalogResult): RenderOptionsFormValues {
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
