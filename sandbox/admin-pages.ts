import type { MediaSnapshot } from "../fakes/shopify-admin/store";
import { EXTENSION_BUNDLE_GLOBAL } from "./extension-bundles";
import type { ExtensionHostConfig } from "./frame-protocol";

/**
 * The sandbox's admin pages as HTML: a frame styled like Shopify admin (top bar, sidebar, cards) around the
 * embedded app, and the product and collection pages where a merchant sees the published renders and starts
 * the app's admin actions (its extensions, listed under More actions). Server-rendered from the fake store; the
 * admin page script adds the behaviour.
 */

/** An admin extension offered on a page: its handle, and its name as the menu shows it. */
export interface ExtensionAction {
  handle: string;
  name: string;
}

export interface AdminPageContext {
  storeName: string;
  shopName: string;
  appTitle: string;
  /** Where this page lives, to highlight the sidebar. */
  section: "home" | "products" | "collections" | "app";
  /** Serialised into the page for the admin page script. */
  pageConfig: Record<string, unknown>;
  /** The staff member's admin language, passed to the app as Shopify passes it (`locale`). */
  staffLocale: string;
}

/** The languages the sandbox's admin offers, each in its own words, as Shopify's account settings list them. */
export const STAFF_LANGUAGES: ReadonlyArray<[locale: string, name: string]> = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
  ["it", "Italiano"],
  ["nl", "Nederlands"],
  ["ja", "日本語"],
  ["pt-BR", "Português (Brasil)"],
  ["ko", "한국어"],
  // Test-only: every word from a translation file wrapped in ⟦…⟧ (the pseudo-locale walk, e2e 21).
  ["en-XA", "Pseudo-locale (tests)"],
];

/** The admin's language switch: Shopify's is in the staff account's preferences; the sandbox keeps it in view. */
function languageSwitch(current: string): string {
  const options = STAFF_LANGUAGES.map(
    ([locale, name]) =>
      `<option value="${locale}" lang="${locale}"${locale === current ? " selected" : ""}>${escapeHtml(name)}</option>`,
  ).join("");
  return `<form class="language-switch" method="post" action="/__sandbox/staff-language">
      <label for="staff-language">Admin language</label>
      <select id="staff-language" name="locale">${options}</select>
      <button type="submit">Change</button>
    </form>`;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

export const numericId = (gid: string) => gid.split("/").pop() ?? "";

export function adminBase(storeName: string): string {
  return `/store/${encodeURIComponent(storeName)}`;
}

export function appBase(storeName: string, appHandle: string): string {
  return `${adminBase(storeName)}/apps/${appHandle}`;
}

function navLink(href: string, label: string, current: boolean, icon: string): string {
  return `<li><a href="${href}" class="nav-link"${current ? ' aria-current="page"' : ""}><span class="nav-icon" aria-hidden="true">${icon}</span>${escapeHtml(label)}</a></li>`;
}

/** The admin chrome around `main`. */
export function adminLayout(context: AdminPageContext, title: string, main: string): string {
  const base = adminBase(context.storeName);
  const appHref = `${base}/apps/model-shots`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <title>${escapeHtml(title)} · ${escapeHtml(context.shopName)} · Shopify (sandbox)</title>
  <link rel="stylesheet" href="/__sandbox/admin.css">
  <script>window.__MODEL_SHOTS_ADMIN__ = ${JSON.stringify(context.pageConfig).replace(/</g, "\\u003c")};</script>
  <script src="/__sandbox/admin.js" defer></script>
</head>
<body>
  <header class="topbar">
    <a class="brand" href="${base}"><span class="brand-mark" aria-hidden="true">S</span><span>Shopify admin</span><span class="sandbox-badge">Sandbox</span></a>
    <div class="topbar-center" id="save-bar-slot"><span class="topbar-search" aria-hidden="true">Search</span></div>
    ${languageSwitch(context.staffLocale)}
    <span class="store-name">${escapeHtml(context.shopName)}</span>
  </header>
  <div class="layout">
    <nav class="sidebar" aria-label="Shopify admin">
      <ul>
        ${navLink(base, "Home", context.section === "home", "⌂")}
        ${navLink(`${base}/products`, "Products", context.section === "products", "▣")}
        ${navLink(`${base}/collections`, "Collections", context.section === "collections", "▤")}
      </ul>
      <h2 class="sidebar-heading">Apps</h2>
      <ul>
        ${navLink(appHref, context.appTitle, context.section === "app", "✦")}
      </ul>
      <ul class="app-nav" id="app-nav" aria-label="${escapeHtml(context.appTitle)}"></ul>
    </nav>
    <main class="main" id="main">${main}</main>
  </div>
  <div class="toasts" id="toasts" role="status" aria-live="polite"></div>
  <div class="loading-bar" id="loading-bar" hidden></div>
</body>
</html>`;
}

export function appFramePage(context: AdminPageContext, frameSrc: string): string {
  return adminLayout(
    context,
    context.appTitle,
    `<h1 class="visually-hidden">${escapeHtml(context.appTitle)}</h1>
    <section class="app-frame-wrap" aria-label="${escapeHtml(context.appTitle)}">
      <iframe class="app-frame" id="app-frame" name="app-iframe" title="${escapeHtml(context.appTitle)}" src="${escapeHtml(frameSrc)}"></iframe>
    </section>`,
  );
}

export interface ProductRow {
  id: string;
  title: string;
  status: string;
  productType: string;
  thumbnail: string | null;
  mediaCount: number;
}

function thumbnail(url: string | null, alt: string, size = 40): string {
  return url
    ? `<img class="thumb" src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" width="${size}" height="${size}" loading="lazy">`
    : `<span class="thumb thumb-empty" style="width:${size}px;height:${size}px" role="img" aria-label="No photo"></span>`;
}

/** The page's More actions menu: one item per admin extension that targets the page. */
function moreActions(actions: ExtensionAction[]): string {
  if (actions.length === 0) return "";
  const items = actions
    .map(
      (action) =>
        `<li role="none"><button type="button" role="menuitem" class="menu-item" data-extension="${escapeHtml(action.handle)}">${escapeHtml(action.name)}</button></li>`,
    )
    .join("");
  return `<div class="page-actions"><div class="menu">
    <button type="button" class="button" id="more-actions" aria-haspopup="menu" aria-expanded="false" aria-controls="more-actions-menu">More actions ▾</button>
    <ul class="menu-list" id="more-actions-menu" role="menu" aria-label="More actions" hidden>${items}</ul>
  </div></div>`;
}

/** The page inside an extension's dialog: the host (the `shopify` global, the s-* stand-ins), then the bundle. */
export function extensionHostPage(name: string, config: ExtensionHostConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(name)}</title>
  <style>html,body{margin:0;padding:0;background:#fff} body{padding:16px 20px}</style>
  <script>window.__MODEL_SHOTS_EXTENSION__ = ${JSON.stringify(config).replace(/</g, "\\u003c")};</script>
  <script src="/__sandbox/extension-host.js"></script>
  <script src="/__sandbox/extensions/${encodeURIComponent(config.handle)}.js"></script>
</head>
<body>
  <script>void ${EXTENSION_BUNDLE_GLOBAL}.default();</script>
</body>
</html>`;
}

/** Under a list cut short: how many there are in all. */
const moreRows = (shown: number, total: number | undefined) =>
  total !== undefined && total > shown
    ? `<p class="muted">Showing the first ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} products.</p>`
    : "";

export function productsPage(
  context: AdminPageContext,
  products: ProductRow[],
  actions: ExtensionAction[],
  total?: number,
): string {
  const base = adminBase(context.storeName);
  const rows = products
    .map(
      (product) => `<tr>
        <td><input type="checkbox" data-select-product="${escapeHtml(product.id)}" aria-label="Select ${escapeHtml(product.title)}"></td>
        <td>${thumbnail(product.thumbnail, "")}</td>
        <td><a href="${base}/products/${numericId(product.id)}">${escapeHtml(product.title)}</a></td>
        <td><span class="badge${product.status === "ACTIVE" ? " badge-success" : ""}">${escapeHtml(product.status.toLowerCase())}</span></td>
        <td>${escapeHtml(product.productType)}</td>
        <td>${product.mediaCount}</td>
      </tr>`,
    )
    .join("");
  return adminLayout(
    context,
    "Products",
    `<div class="page-header"><h1>Products</h1><a class="button button-primary" href="${base}/products/new">Add product</a>${moreActions(actions)}</div>
     <div class="card card-flush">
       <table class="table">
         <thead><tr><th scope="col"><span class="visually-hidden">Select</span></th><th scope="col"><span class="visually-hidden">Photo</span></th><th scope="col">Product</th><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Media</th></tr></thead>
         <tbody>${rows}</tbody>
       </table>
     </div>${moreRows(products.length, total)}`,
  );
}

export interface ProductPageData {
  id: string;
  title: string;
  status: string;
  productType: string;
  vendor: string;
  descriptionHtml: string;
  media: MediaSnapshot[];
  variants: Array<{ id: string; title: string }>;
  collections: Array<{ id: string; title: string }>;
  actions: ExtensionAction[];
}

export function productPage(context: AdminPageContext, product: ProductPageData): string {
  const base = adminBase(context.storeName);
  const media = product.media.length
    ? `<ul class="media-grid" aria-label="Media">${product.media
        .map(
          (
            item,
            index,
          ) => `<li class="media-item${index === 0 ? " media-item-first" : ""}" data-media-id="${escapeHtml(item.id)}">
            ${item.url ? `<img src="${escapeHtml(item.url)}" alt="${escapeHtml(item.alt || item.filename)}" loading="lazy">` : `<span class="media-pending">${escapeHtml(item.status.toLowerCase())}</span>`}
            <span class="media-name">${escapeHtml(item.filename)}</span>
          </li>`,
        )
        .join("")}</ul>`
    : `<p class="muted">No media yet.</p>`;
  return adminLayout(
    context,
    product.title,
    `<div class="page-header">
       <a class="back-link" href="${base}/products" aria-label="Back to products">←</a>
       <h1>${escapeHtml(product.title)}</h1>
       <span class="badge${product.status === "ACTIVE" ? " badge-success" : ""}">${escapeHtml(product.status.toLowerCase())}</span>
       ${moreActions(product.actions)}
     </div>
     <div class="columns">
       <div class="column-main">
         <section class="card" aria-labelledby="details-heading">
           <h2 id="details-heading" class="card-title">Details</h2>
           <p><strong>${escapeHtml(product.title)}</strong></p>
           <div class="description">${product.descriptionHtml}</div>
         </section>
         <section class="card" aria-labelledby="media-heading">
           <h2 id="media-heading" class="card-title">Media <span class="muted">(${product.media.length})</span></h2>
           ${media}
         </section>
         <section class="card" aria-labelledby="variants-heading">
           <h2 id="variants-heading" class="card-title">Variants</h2>
           <ul class="plain-list">${product.variants.map((variant) => `<li>${escapeHtml(variant.title)}</li>`).join("")}</ul>
         </section>
       </div>
       <aside class="column-side" aria-label="Product organisation">
         <section class="card" aria-labelledby="organisation-heading">
           <h2 id="organisation-heading" class="card-title">Product organisation</h2>
           <dl class="facts"><dt>Type</dt><dd>${escapeHtml(product.productType || "—")}</dd><dt>Vendor</dt><dd>${escapeHtml(product.vendor)}</dd></dl>
         </section>
         <section class="card" aria-labelledby="collections-heading">
           <h2 id="collections-heading" class="card-title">Collections</h2>
           <ul class="plain-list">${product.collections.map((collection) => `<li><a href="${base}/collections/${numericId(collection.id)}">${escapeHtml(collection.title)}</a></li>`).join("") || '<li class="muted">None</li>'}</ul>
         </section>
       </aside>
     </div>`,
  );
}

export interface CollectionRow {
  id: string;
  title: string;
  productCount: number;
}

export function collectionsPage(context: AdminPageContext, collections: CollectionRow[]): string {
  const base = adminBase(context.storeName);
  return adminLayout(
    context,
    "Collections",
    `<div class="page-header"><h1>Collections</h1></div>
     <div class="card card-flush">
       <table class="table">
         <thead><tr><th scope="col">Title</th><th scope="col">Products</th></tr></thead>
         <tbody>${collections
           .map(
             (collection) =>
               `<tr><td><a href="${base}/collections/${numericId(collection.id)}">${escapeHtml(collection.title)}</a></td><td>${collection.productCount}</td></tr>`,
           )
           .join("")}</tbody>
       </table>
     </div>`,
  );
}

export function collectionPage(
  context: AdminPageContext,
  collection: { id: string; title: string; products: ProductRow[]; total?: number; actions: ExtensionAction[] },
): string {
  const base = adminBase(context.storeName);
  return adminLayout(
    context,
    collection.title,
    `<div class="page-header">
       <a class="back-link" href="${base}/collections" aria-label="Back to collections">←</a>
       <h1>${escapeHtml(collection.title)}</h1>
       ${moreActions(collection.actions)}
     </div>
     <div class="card card-flush">
       <table class="table">
         <thead><tr><th scope="col"><span class="visually-hidden">Photo</span></th><th scope="col">Product</th><th scope="col">Media</th></tr></thead>
         <tbody>${collection.products
           .map(
             (product) =>
               `<tr><td>${thumbnail(product.thumbnail, "")}</td><td><a href="${base}/products/${numericId(product.id)}">${escapeHtml(product.title)}</a></td><td>${product.mediaCount}</td></tr>`,
           )
           .join("")}</tbody>
       </table>
     </div>${moreRows(collection.products.length, collection.total)}`,
  );
}

export function homePage(context: AdminPageContext): string {
  const base = adminBase(context.storeName);
  return adminLayout(
    context,
    "Home",
    `<div class="page-header"><h1>Welcome to ${escapeHtml(context.shopName)}</h1></div>
     <section class="card" aria-labelledby="sandbox-heading">
       <h2 id="sandbox-heading" class="card-title">This is the Model Shots sandbox</h2>
       <p>Everything here runs on this machine: a stand-in for Shopify admin, the store's products, and a simulated try-on service. Nothing is sent anywhere.</p>
       <ul class="plain-list">
         <li><a href="${base}/apps/model-shots">Open the Model Shots app</a></li>
         <li><a href="${base}/products">Browse the products</a>, open one and use <em>More actions › Generate model shot</em>, or tick several and use <em>More actions › Generate model shots</em></li>
         <li><a href="${base}/collections">Browse the collections</a></li>
       </ul>
     </section>`,
  );
}

export function notFoundPage(context: AdminPageContext, what: string): string {
  return adminLayout(context, "Not found", `<div class="page-header"><h1>${escapeHtml(what)} not found</h1></div>`);
}
