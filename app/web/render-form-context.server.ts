import type { PrismaClient } from "@prisma/client";
import type { z } from "zod";
import { env } from "~/env.server";
import { listLooks, type LookView } from "~/looks/looks.server";
import { settingsViewOf } from "~/settings/settings.server";
import { loadShopCatalog, tryOnClientFor } from "~/settings/tryon-client.server";
import { catalogProblems, loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { parseForm } from "./forms";
import { type FieldErrors } from "~/lib/validation";
import { garmentPlanFor, posesFromCatalog, type GarmentPlan } from "~/catalog/product-garment";
import { describeDecision } from "~/catalog/decision-words";
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

/** What the product is, as the page says it: the garment decision and where it came from. */
export interface GarmentInWords {
  /** "garment": rendered as the form shows; otherwise staff must choose a garment before anything is spent. */
  kind: GarmentPlan["kind"];
  sentence: string;
}

export interface RenderFormContext {
  initialOptions: RenderOptionsFormValues;
  /** For one product (Generate): its garment decision; null on a page for many (Bulk run). */
  garment: GarmentInWords | null;
  looks: LookView[];
  catalog: CatalogResult;
  paused: { reason: string; message: string } | null;
}

/**
 * The form's starting values: the shop's defaults, for one product as the garment it is, decided as every other
 * way of making a render decides it (product-garment.ts). A product that is not clothing, or that the app cannot
 * place, starts with no garment: staff choose one or nothing is rendered.
 */
export function initialOptionsFor(
  product: Pick<ProductForRender, "productType" | "title" | "category"> | null,
  defaults: Parameters<typeof formValuesOf>[0],
  catalog: CatalogResult,
): { values: RenderOptionsFormValues; garment: GarmentInWords | null } {
  const values = formValuesOf(defaults);
  if (!product) return { values: withCatalogDefaults(values, catalog), garment: null };
  const look = { productType: values.productType, productCategory: values.productCategory, poseId: values.poseId };
  const plan = garmentPlanFor(look, product, posesFromCatalog(catalog, values.poseId));
  const garment = { kind: plan.kind, sentence: describeDecision(plan.decision) };
  if (plan.kind === "render") {
    const { productType, productCategory, poseId } = plan.choice;
    const chosen = { ...values, productType, productCategory: productCategory ?? "", poseId };
    return { values: withCatalogDefaults(chosen, catalog), garment };
  }
  // No pose suits the product's garment: the form says so on the pose field rather than render it as another.
  if (plan.kind === "no_pose") {
    const chosen = { ...values, productType: plan.garment.productType, productCategory: "", poseId: "" };
    return { values: withCatalogDefaults(chosen, catalog), garment };
  }
  return {
    values: withCatalogDefaults({ ...values, productType: "", productCategory: "", poseId: "" }, catalog),
    garment,
  };
}

/** What a page with the form loads, for one product (Generate) or none (Bulk run). */
export async function loadRenderForm(
  db: PrismaClient,
  shop: string,
  product: Pick<ProductForRender, "productType" | "title" | "category"> | null,
): Promise<RenderFormContext> {
  const settingsRow = await db.shopSettings.findUnique({ where: { shop } });
  const settings = settingsViewOf(settingsRow, env().TRYON_DEFAULT_BASE_URL);
  const [looks, catalog] = await Promise.all([listLooks(db, shop), loadCatalog(tryOnClientFor(settingsRow))]);
  const initial = initialOptionsFor(product, settings.defaults, catalog);
  return {
    initialOptions: initial.values,
    garment: initial.garment,
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
