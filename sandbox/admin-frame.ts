import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { PSEUDO_LOCALE } from "../app/i18n/locales";
import { pseudoLocalise } from "../app/i18n/pseudo";
import type { FakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import {
  adminBase,
  appBase,
  appFramePage,
  collectionPage,
  collectionsPage,
  extensionHostPage,
  homePage,
  notFoundPage,
  STAFF_LANGUAGES,
  numericId,
  productPage,
  productsPage,
  type AdminPageContext,
  type ProductRow,
} from "./admin-pages";
import { compileBrowserScript, readBrowserAsset } from "./browser-scripts";
import { buildExtensionBundles } from "./extension-bundles";
import type { ExtensionHostConfig, ExtensionTranslations, PickedResource } from "./frame-protocol";
import { listenOnLoopback } from "./loopback";
import {
  addProductFromAdmin,
  newProductChoices,
  newProductPage,
  productCreatePayload,
  readNewProductForm,
} from "./new-product";
import { mintSessionToken } from "./session-token";

/** Rows a product list shows at most (the admin pages a long list; the sandbox shows its start). */
const LIST_LIMIT = 100;

/**
 * The sandbox's stand-in for Shopify admin, on http://localhost:<port>: the app embedded in an iframe loaded
 * with a signed session token, App Bridge's admin side (toasts, save bar, navigation menu, resource picker),
 * and product and collection pages read from the fake Admin API, so published renders show on the product's
 * media. The pages' More actions run the app's own admin extensions (built from extensions/), each in a dialog
 * that gives it its target's `shopify` global. It signs session tokens for whoever asks, which is why it listens
 * on loopback only and the launcher refuses real credentials.
 */

export const APP_HANDLE = "model-shots";
export const APP_TITLE = "Model Shots";
/** The staff member the sandbox signs in as (the session token's `sub`). */
export const SANDBOX_STAFF_USER_ID = "42";

export interface AdminFrameOptions {
  port: number;
  fake: FakeAdminApi;
  shop: string;
  apiKey: string;
  apiSecret: string;
  /** Where the extensions' bundles are cached between starts; null builds them every time. */
  extensionCacheDir: string | null;
}

export interface AdminFrame {
  /** http://localhost:<port> */
  url: string;
  port: number;
  /** The embedded app's page in the admin. */
  appUrl: string;
  setAppOrigin(origin: string): void;
  close(): Promise<void>;
}

/**
 * An extension's translations as Shopify gives them to it: its default locale file (en.default.json) and the one
 * for the staff member's language when it has one (the pseudo-locale: the default's, transformed).
 */
export function extensionTranslations(handle: string, locale: string): ExtensionHostConfig["translations"] {
  const dir = join(import.meta.dirname, "..", "extensions", handle, "locales");
  const read = (name: string): ExtensionTranslations | null => {
    const file = join(dir, `${name}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ExtensionTranslations) : null;
  };
  const fallback = read("en.default") ?? {};
  if (locale === PSEUDO_LOCALE) return { default: fallback, requested: pseudoLocalise(fallback) };
  return { default: fallback, requested: locale === "en" ? null : (read(locale) ?? read(locale.split("-")[0] ?? "")) };
}

/** A form post's body (a few bytes; anything over 4 KiB is refused). */
async function readSmallBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4096) throw new Error("The form's body is too large");
  }
  return body;
}

const hostParam = (storeName: string) => Buffer.from(`admin.shopify.com/store/${storeName}`).toString("base64url");

export async function startAdminFrame(options: AdminFrameOptions): Promise<AdminFrame> {
  const { fake, shop } = options;
  const storeName = shop.replace(/\.myshopify\.com$/, "");
  const shopName = fake.store.shop(shop).record.name;
  const adminScript = await compileBrowserScript("admin-page");
  const adminCss = await readBrowserAsset("admin.css");
  const extensionHostScript = await compileBrowserScript("extension-host");
  const extensions = new Map(
    (await buildExtensionBundles({ cacheDir: options.extensionCacheDir })).map((bundle) => [bundle.handle, bundle]),
  );
  const extensionMenu = (target: string) =>
    [...extensions.values()]
      .filter((extension) => extension.target === target)
      .map(({ handle, name }) => ({ handle, name }));
  let appOrigin = "";
  // The staff member's admin language (the switch in the sandbox's top bar); the app gets it as `locale`.
  let staffLocale = "en";

  const token = () =>
    mintSessionToken({ shop, apiKey: options.apiKey, apiSecret: options.apiSecret, userId: SANDBOX_STAFF_USER_ID })
      .token;
  const context = (section: AdminPageContext["section"], page: Record<string, unknown>): AdminPageContext => ({
    storeName,
    shopName,
    appTitle: APP_TITLE,
    staffLocale,
    section,
    pageConfig: { appOrigin, adminBase: adminBase(storeName), appBase: appBase(storeName, APP_HANDLE), shop, ...page },
  });

  const productRow = (product: ReturnType<FakeAdminApi["store"]["products"]>[number]): ProductRow => {
    const media = fake.store.productMedia(shop, product.id);
    return {
      id: product.id,
      title: product.title,
      status: product.status,
      productType: product.productType,
      thumbnail: media.find((item) => item.url)?.url ?? null,
      mediaCount: media.length,
    };
  };

  const pickerResources = (type: string, query: string): PickedResource[] => {
    const matches = (title: string) => title.toLowerCase().includes(query.trim().toLowerCase());
    if (type === "collection") {
      return [...fake.store.shop(shop).collections.values()]
        .filter((collection) => matches(collection.title))
        .map((collection) => ({
          id: collection.id,
          title: collection.title,
          handle: collection.handle,
          productsCount: collection.productIds.length,
        }));
    }
    return (
      fake.store
        .products(shop)
        .filter((product) => matches(product.title))
        // The demo store has 20,000 generated products ("Whole catalog"): the picker shows a page, as Shopify's does.
        .slice(0, LIST_LIMIT)
        .map((product) => ({
          id: product.id,
          title: product.title,
          handle: product.handle,
          productType: product.productType,
          vendor: product.vendor,
          tags: product.tags,
          status: product.status,
          images: fake.store
            .productMedia(shop, product.id)
            .filter((item) => item.url)
            .map((item) => ({ id: item.id, originalSrc: item.url ?? "", altText: item.alt })),
          variants: product.variantIds.map((id) => ({ id, title: fake.store.variant(shop, id)?.title ?? "" })),
        }))
    );
  };

  const appFrameSrc = (path: string) => {
    const url = new URL(path || "/app", appOrigin);
    url.searchParams.set("embedded", "1");
    url.searchParams.set("host", hostParam(storeName));
    url.searchParams.set("id_token", token());
    url.searchParams.set("locale", staffLocale);
    url.searchParams.set("shop", shop);
    return url.toString();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const path = url.pathname;
    const html = (status: number, body: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(body);
    };
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify(body));
    };
    const redirect = (location: string) => {
      res.writeHead(302, { Location: location });
      res.end();
    };

    if (path === "/__sandbox/admin.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
      return res.end(adminScript);
    }
    if (path === "/__sandbox/admin.css") {
      res.writeHead(200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" });
      return res.end(adminCss);
    }
    if (path === "/__sandbox/extension-host.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
      return res.end(extensionHostScript);
    }
    const extensionMatch = /^\/__sandbox\/extensions\/([\w-]+)(\.js)?$/.exec(path);
    if (extensionMatch) {
      const extension = extensions.get(extensionMatch[1] ?? "");
      if (!extension) return html(404, notFoundPage(context("home", { page: "not-found" }), "Extension"));
      if (extensionMatch[2]) {
        res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" });
        return res.end(extension.code);
      }
      const hostConfig: ExtensionHostConfig = {
        handle: extension.handle,
        target: extension.target,
        selected: (url.searchParams.get("selected") ?? "").split(",").filter(Boolean),
        appOrigin,
        adminBase: adminBase(storeName),
        appBase: appBase(storeName, APP_HANDLE),
        locale: staffLocale,
        translations: extensionTranslations(extension.handle, staffLocale),
      };
      return html(200, extensionHostPage(extension.name, hostConfig));
    }
    if (path === "/favicon.ico") {
      res.writeHead(204, { "Cache-Control": "public, max-age=86400" });
      return res.end();
    }
    if (path === "/__sandbox/session-token" && req.method === "POST") return json(200, { token: token() });
    if (path === "/__sandbox/staff-language" && req.method === "POST") {
      const chosen = new URLSearchParams(await readSmallBody(req)).get("locale") ?? "";
      if (!STAFF_LANGUAGES.some(([locale]) => locale === chosen))
        return json(400, { error: `Unknown language "${chosen}"` });
      staffLocale = chosen;
      // Back to the page the switch was on, as Shopify reloads the admin after a language change.
      const back = req.headers.referer ? new URL(req.headers.referer) : null;
      return redirect(back && back.host === req.headers.host ? `${back.pathname}${back.search}` : adminBase(storeName));
    }
    if (path === "/__sandbox/resources" && req.method === "GET") {
      return json(200, {
        resources: pickerResources(url.searchParams.get("type") ?? "product", url.searchParams.get("query") ?? ""),
      });
    }
    if (path === "/" || path === "/admin") return redirect(adminBase(storeName));

    const base = adminBase(storeName);
    if (!path.startsWith(base)) return html(404, notFoundPage(context("home", { page: "not-found" }), "Page"));
    const rest = path.slice(base.length) || "/";

    const appPrefix = `/apps/${APP_HANDLE}`;
    if (rest === appPrefix || rest.startsWith(`${appPrefix}/`)) {
      const appPath = `${rest.slice(appPrefix.length) || "/app"}${url.search}`;
      return html(200, appFramePage(context("app", { page: "app" }), appFrameSrc(appPath)));
    }
    if (rest === "/") return html(200, homePage(context("home", { page: "home" })));
    if (rest === "/products/new") {
      const page = (status: number, error: string | null) =>
        html(
          status,
          newProductPage(context("products", { page: "new-product" }), newProductChoices(fake, shop), error),
        );
      if (req.method !== "POST") return page(200, null);
      const read = readNewProductForm(new URLSearchParams(await readSmallBody(req)), newProductChoices(fake, shop));
      if (!read.ok) return page(400, read.error);
      const product = addProductFromAdmin(fake, shop, read.form);
      // As Shopify does once the product is saved: the app hears of it through its subscription.
      await fake.sendWebhook("products/create", shop, productCreatePayload(fake, shop, product));
      return redirect(`${base}/products/${numericId(product.id)}`);
    }
    if (rest === "/products") {
      return html(
        200,
        productsPage(
          context("products", { page: "products" }),
          fake.store.products(shop).slice(0, LIST_LIMIT).map(productRow),
          extensionMenu("admin.product-index.selection-action.render"),
          fake.store.shop(shop).products.size,
        ),
      );
    }
    const productMatch = /^\/products\/(\d+)$/.exec(rest);
    if (productMatch) {
      const product = fake.store.product(shop, `gid://shopify/Product/${productMatch[1]}`);
      if (!product) return html(404, notFoundPage(context("products", { page: "not-found" }), "Product"));
      const collections = [...fake.store.shop(shop).collections.values()].filter((collection) =>
        collection.productIds.includes(product.id),
      );
      return html(
        200,
        productPage(context("products", { page: "product", productId: product.id, productTitle: product.title }), {
          id: product.id,
          title: product.title,
          status: product.status,
          productType: product.productType,
          vendor: product.vendor,
          descriptionHtml: product.descriptionHtml,
          media: fake.store.productMedia(shop, product.id),
          variants: product.variantIds.map((id) => ({ id, title: fake.store.variant(shop, id)?.title ?? "" })),
          collections: collections.map((collection) => ({ id: collection.id, title: collection.title })),
          actions: extensionMenu("admin.product-details.action.render"),
        }),
      );
    }
    if (rest === "/collections") {
      const collections = [...fake.store.shop(shop).collections.values()].map((collection) => ({
        id: collection.id,
        title: collection.title,
        productCount: collection.productIds.length,
      }));
      return html(200, collectionsPage(context("collections", { page: "collections" }), collections));
    }
    const collectionMatch = /^\/collections\/(\d+)$/.exec(rest);
    if (collectionMatch) {
      const collection = fake.store.collection(shop, `gid://shopify/Collection/${collectionMatch[1]}`);
      if (!collection) return html(404, notFoundPage(context("collections", { page: "not-found" }), "Collection"));
      const products = collection.productIds.slice(0, LIST_LIMIT).flatMap((id) => {
        const product = fake.store.product(shop, id);
        return product ? [productRow(product)] : [];
      });
      return html(
        200,
        collectionPage(context("collections", { page: "collection", collectionId: collection.id }), {
          id: collection.id,
          title: collection.title,
          products,
          total: collection.productIds.length,
          actions: extensionMenu("admin.collection-details.action.render"),
        }),
      );
    }
    return html(404, notFoundPage(context("home", { page: "not-found" }), "Page"));
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(error instanceof Error ? error.stack : String(error));
    });
  };

  const server = await listenOnLoopback(options.port, onRequest);
  const url = server.url;
  return {
    url,
    port: server.port,
    appUrl: `${url}${appBase(storeName, APP_HANDLE)}`,
    setAppOrigin(origin) {
      appOrigin = origin;
    },
    close: () => server.close(),
  };
}
