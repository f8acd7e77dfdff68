import type { PrismaClient } from "@prisma/client";
import type { z } from "zod";
import { env } from "~/env.server";
import { listLooks, type LookView } from "~/looks/looks.server";
import { settingsViewOf } from "~/settings/settings.server";
import { loadShopCatalog, tryOnClientFor } from "~/settings/tryon-client.server";
import { catalogProblems, loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { parseForm } from "./forms";
import { type FieldErrors } from "~/lib/validation";
import { guessGarment } from "~/catalog/garment-guess";
import { garmentChoiceFor, posesFromCatalog } from "~/catalog/product-garment";
import type { ProductForRender } from "~/catalog/catalog-port";
import type { RenderOptions } from "~/looks/render-options";
import {
  formValuesOf,
  renderOptionsFormSchema,
  withCatalogDefaults,
  type RenderOptionsFormValues,
} from "./render-options-form";

/**
 * The server side of the render options form, shared by the pages that show it (Generate, Bulk run): what they
 * load (starting values, saved looks, the try-on catalog for the pickers, why rendering is paused) and how a
 * post's options are parsed and checked against the catalog.
 */

export interface RenderFormContext {
  initialOptions: RenderOptionsFormValues;
  looks: LookView[];
  catalog: CatalogResult;
  paused: { reason: string; message: string } | null;
}

/**
 * The form's starting values: the shop's defaults, for one product as the garment it is, decided as every other
 * way of making a render decides it (product-garment.ts). Staff see it on the form and may change it.
 */
export function initialOptionsFor(
  product: Pick<ProductForRender, "productType" | "title"> | null,
  defaults: Parameters<typeof formValuesOf>[0],
  catalog: CatalogResult,
): RenderOptionsFormValues {
  const values = formValuesOf(defaults);
  if (!product) return withCatalogDefaults(values, catalog);
  const chosen = { productType: values.productType, productCategory: values.productCategory, poseId: values.poseId };
  const choice = garmentChoiceFor(chosen, product, posesFromCatalog(catalog, values.poseId)) ?? {
    // No pose suits the product's garment: the form says so on the pose field rather than render it as another.
    productType: guessGarment(product)?.productType ?? values.productType,
    productCategory: guessGarment(product)?.productCategory,
    poseId: "",
  };
  const { productType, productCategory, poseId } = choice;
  return withCatalogDefaults({ ...values, productType, productCategory: productCategory ?? "", poseId }, catalog);
}

/** What a page with the form loads, for one product (Generate) or none (Bulk run). */
export async function loadRenderForm(
  db: PrismaClient,
  shop: string,
  product: Pick<ProductForRender, "productType" | "title"> | null,
): Promise<RenderFormContext> {
  const settingsRow = await db.shopSettings.findUnique({ where: { shop } });
  const settings = settingsViewOf(settingsRow, env().TRYON_DEFAULT_BASE_URL);
  const [looks, catalog] = await Promise.all([listLooks(db, shop), loadCatalog(tryOnClientFor(settingsRow))]);
  return {
    initialOptions: initialOptionsFor(product, settings.defaults, catalog),
    looks,
    catalog,
    paused: settings.paused ? { reason: settings.paused.reason, message: settings.paused.message } : null,
  };
}

/** A post's own fields plus the option fields, with every error keyed by its field. */
export function parseWithOptions<S extends z.ZodType>(schema: S, formData: FormData) {
  const fields = parseForm(schema, formData);
  const options = parseForm(renderOptionsFormSchema, formData);
  if (fields.ok && options.ok) return { ok: true as const, fields: fields.data, options: options.data };
  return {
    ok: false as const,
    fieldErrors: { ...(fields.ok ? {} : fields.fieldErrors), ...(options.ok ? {} : options.fieldErrors) },
  };
}

/** Posted options checked against the shop's catalog, so staff hear of a retired model on the form. */
export async function checkOptionsAgainstCatalog(
  db: PrismaClient,
  shop: string,
  options: RenderOptions,
): Promise<{ catalog: CatalogResult; problems: FieldErrors }> {
  const catalog = await loadShopCatalog(db, shop);
  return { catalog, problems: catalogProblems(catalog, options) };
}
