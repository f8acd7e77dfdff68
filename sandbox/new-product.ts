import { z } from "zod";
import type { FakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import type { ProductRecord } from "../fakes/shopify-admin/store";
import { productPayloadFields } from "../fakes/shopify-admin/product-payload";
import { adminBase, adminLayout, escapeHtml, type AdminPageContext } from "./admin-pages";

/**
 * The sandbox admin's "Add product" (issue 29): staff give a title, a type, a category and a photo from the demo
 * images, and put the product in a collection, as they would in Shopify admin; the store then sends the app
 * Shopify's signed products/create, as Shopify does, so an automation rule on that collection picks it up.
 */

export interface NewProductChoices {
  categories: Array<{ id: string; fullName: string }>;
  collections: Array<{ id: string; title: string }>;
  /** The demo images: one photo of each demo product, by its file name. */
  photos: Array<{ fileId: string; filename: string }>;
}

/** What the form offers: the categories, collections and photos the demo store already has. */
export function newProductChoices(fake: FakeAdminApi, shop: string): NewProductChoices {
  const categories = new Map<string, string>();
  const photos: NewProductChoices["photos"] = [];
  const seenFiles = new Set<string>();
  for (const product of fake.store.products(shop)) {
    if (product.category) categories.set(product.category.id, product.category.fullName);
    const first = fake.store.productMedia(shop, product.id).find((item) => item.url);
    const file = first ? fake.store.file(shop, first.id) : undefined;
    // The generated products of "Whole catalog" share their sources' photos: each file once.
    if (file?.bytes && !seenFiles.has(file.filename)) {
      seenFiles.add(file.filename);
      photos.push({ fileId: file.id, filename: file.filename });
    }
  }
  return {
    categories: [...categories]
      .map(([id, fullName]) => ({ id, fullName }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName)),
    collections: [...fake.store.shop(shop).collections.values()].map(({ id, title }) => ({ id, title })),
    photos: photos.sort((a, b) => a.filename.localeCompare(b.filename)),
  };
}

const newProductForm = z.object({
  title: z.string().trim().min(1, "Title can't be blank"),
  productType: z.string().trim().max(255),
  categoryId: z.string(),
  collectionId: z.string(),
  photoFileId: z.string(),
});
export type NewProductForm = z.infer<typeof newProductForm>;

/** The form's fields, checked against what the form offered; an error message names the field. */
export function readNewProductForm(
  body: URLSearchParams,
  choices: NewProductChoices,
): { ok: true; form: NewProductForm } | { ok: false; error: string } {
  const parsed = newProductForm.safeParse(Object.fromEntries(body));
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the form" };
  const form = parsed.data;
  if (form.categoryId && !choices.categories.some((category) => category.id === form.categoryId))
    return { ok: false, error: "Choose a category from the list" };
  if (form.collectionId && !choices.collections.some((collection) => collection.id === form.collectionId))
    return { ok: false, error: "Choose a collection from the list" };
  if (form.photoFileId && !choices.photos.some((photo) => photo.fileId === form.photoFileId))
    return { ok: false, error: "Choose a photo from the list" };
  return { ok: true, form };
}

/** Adds the product to the fake store (its photo a copy of the chosen demo image) and to the chosen collection. */
export function addProductFromAdmin(fake: FakeAdminApi, shop: string, form: NewProductForm): ProductRecord {
  const photo = form.photoFileId ? fake.store.file(shop, form.photoFileId) : undefined;
  const category = fake.store
    .products(shop)
    .map((product) => product.category)
    .find((candidate) => candidate?.id === form.categoryId);
  const product = fake.store.addProduct(shop, {
    title: form.title,
    productType: form.productType,
    ...(category ? { category: { id: category.id, fullName: category.fullName } } : {}),
    images: photo?.bytes
      ? [
          {
            filename: photo.filename,
            alt: form.title,
            bytes: photo.bytes,
            ...(photo.width ? { width: photo.width } : {}),
            ...(photo.height ? { height: photo.height } : {}),
          },
        ]
      : [],
  });
  if (form.collectionId) fake.store.collection(shop, form.collectionId)?.productIds.push(product.id);
  return product;
}

/**
 * The product as Shopify's products/create sends it: the REST product resource (the fake's `productPayloadFields`,
 * which the tests' deliveries carry too) with the fields of a product just added in the admin.
 */
export function productCreatePayload(
  fake: FakeAdminApi,
  shop: string,
  product: ProductRecord,
): Record<string, unknown> {
  return {
    published_at: product.createdAt,
    published_scope: "web",
    variants: [],
    options: [],
    image: null,
    ...productPayloadFields(fake.store, shop, product.id),
  };
}

const options = (items: Array<{ value: string; label: string }>, empty: string) =>
  [
    `<option value="">${escapeHtml(empty)}</option>`,
    ...items.map((item) => `<option value="${escapeHtml(item.value)}">${escapeHtml(item.label)}</option>`),
  ].join("");

/** The "Add product" page: a form posted back to itself. */
export function newProductPage(context: AdminPageContext, choices: NewProductChoices, error: string | null): string {
  const base = adminBase(context.storeName);
  const field = (id: string, label: string, control: string) =>
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>${control}</div>`;
  return adminLayout(
    context,
    "Add product",
    `<div class="page-header"><h1>Add product</h1></div>
     <form class="card" method="post" action="${base}/products/new">
       ${error ? `<p class="form-error" role="alert">${escapeHtml(error)}</p>` : ""}
       ${field("product-title", "Title", '<input id="product-title" name="title" type="text" required>')}
       ${field("product-type", "Type", '<input id="product-type" name="productType" type="text">')}
       ${field(
         "product-category",
         "Category",
         `<select id="product-category" name="categoryId">${options(
           choices.categories.map((category) => ({ value: category.id, label: category.fullName })),
           "Uncategorized",
         )}</select>`,
       )}
       ${field(
         "product-photo",
         "Photo",
         `<select id="product-photo" name="photoFileId">${options(
           choices.photos.map((photo) => ({ value: photo.fileId, label: photo.filename })),
           "No photo",
         )}</select>`,
       )}
       ${field(
         "product-collection",
         "Collection",
         `<select id="product-collection" name="collectionId">${options(
           choices.collections.map((collection) => ({ value: collection.id, label: collection.title })),
           "No collection",
         )}</select>`,
       )}
       <div class="form-actions"><button type="submit" class="button button-primary">Save product</button></div>
     </form>`,
  );
}
