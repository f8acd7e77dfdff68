/**
 * The three admin extensions: each toml declares the target its UI is written for, its sources type-check with
 * the extension's own tsconfig (Preact JSX against @shopify/ui-extensions' component types), and it bundles
 * (as the Shopify CLI does, with esbuild) under Shopify's 64 KB limit for admin UI extensions. The bulk actions
 * also run in Chromium, in the sandbox admin's extension host, against the app's own extension API routes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { wordsFor } from "~/i18n/words.server";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { parse as parseToml } from "smol-toml";
import ts from "typescript";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIVE_INTERVAL_MS } from "@model-shots/extension-shared/api";
import { launchChromium } from "../../e2e/support/chromium";
import { extensionTranslations } from "../../sandbox/admin-frame";
import { extensionHostPage } from "../../sandbox/admin-pages";
import { compileBrowserScript } from "../../sandbox/browser-scripts";
import { buildExtensionBundles, type ExtensionBundle } from "../../sandbox/extension-bundles";
import {
  DEFAULT_LOOK,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  getAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const EXTENSIONS_DIR = join(import.meta.dirname, "..", "..", "extensions");
const SHARED_SOURCES = join(import.meta.dirname, "..", "..", "packages", "extension-shared", "src");
const SHOPIFY_UI_EXTENSION_LIMIT_BYTES = 64 * 1024;

const EXPECTED = [
  { handle: "model-shot-action", target: "admin.product-details.action.render", module: "./src/ActionExtension.tsx" },
  {
    handle: "bulk-products-action",
    target: "admin.product-index.selection-action.render",
    module: "./src/SelectionAction.tsx",
  },
  {
    handle: "bulk-collection-action",
    target: "admin.collection-details.action.render",
    module: "./src/CollectionAction.tsx",
  },
] as const;

interface ExtensionToml {
  api_version: string;
  extensions: Array<{
    handle: string;
    type: string;
    name: string;
    targeting: Array<{ target: string; module: string }>;
  }>;
}

const read = (...parts: string[]) => readFileSync(join(EXTENSIONS_DIR, ...parts), "utf8");

describe.each(EXPECTED)("extension $handle", ({ handle, target, module }) => {
  const directory = join(EXTENSIONS_DIR, handle);

  it(`declares ${target} with its module, in the API version its package types`, () => {
    const toml = parseToml(read(handle, "shopify.extension.toml")) as unknown as ExtensionToml;
    const [extension] = toml.extensions;
    expect(toml.extensions).toHaveLength(1);
    expect(extension).toMatchObject({ handle, type: "ui_extension", targeting: [{ target, module }] });
    expect(extension?.name.length).toBeLessThanOrEqual(30);
    expect(existsSync(join(directory, module))).toBe(true);
    // @shopify/ui-extensions versions follow the API version (2026.7.x types api_version 2026-07).
    const version = JSON.parse(read(handle, "package.json")).dependencies["@shopify/ui-extensions"] as string;
    expect(toml.api_version).toBe(
      version
        .split(".")
        .slice(0, 2)
        .join("-")
        .replace(/-(\d)$/, "-0$1"),
    );
    // The `shopify` global is typed for the same target.
    expect(read(handle, "shopify.d.ts")).toContain(`import("@shopify/ui-extensions/${target}").Api`);
  });

  it("bundles under Shopify's size limit", async () => {
    const output = await build({
      configFile: false,
      logLevel: "silent",
      root: directory,
      esbuild: { jsx: "automatic", jsxImportSource: "preact" },
      build: {
        write: false,
        minify: true,
        lib: { entry: join(directory, module), formats: ["es"], fileName: "extension" },
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      "output" in result ? result.output : [],
    );
    const code = chunks.flatMap((chunk) => (chunk.type === "chunk" ? [chunk.code] : [])).join("");
    expect(code.length).toBeGreaterThan(0);
    // Preact is bundled in, not left as an import the admin could not resolve.
    expect(code).not.toMatch(/from\s*["']preact/);
    expect(Buffer.byteLength(code)).toBeLessThan(SHOPIFY_UI_EXTENSION_LIMIT_BYTES);
  });
});

describe("the extensions' sources", () => {
  // One program for the three (their tsconfigs are the same options): the library types are read once.
  it("type-check with the extensions' tsconfig", () => {
    const fileNames: string[] = [];
    let options: ts.CompilerOptions = {};
    for (const { handle } of EXPECTED) {
      const directory = join(EXTENSIONS_DIR, handle);
      const config = ts.readConfigFile(join(directory, "tsconfig.json"), (path) => ts.sys.readFile(path));
      const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, directory);
      if (fileNames.length > 0)
        expect(parsed.options).toEqual({ ...options, configFilePath: parsed.options.configFilePath });
      options = parsed.options;
      fileNames.push(...parsed.fileNames);
    }
    for (const { handle, module } of EXPECTED)
      expect(fileNames).toContain(join(EXTENSIONS_DIR, handle, module.slice(2)));
    const program = ts.createProgram(fileNames, options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  });
});

describe("the code the extensions share (packages/extension-shared)", () => {
  it("reads a large collection's progress from the run preview answer (test/routes/large-collections.test.ts sends it)", async () => {
    const { readRunPreview } = await import("@model-shots/extension-shared/api");
    const looks = [{ id: null, name: "Shop defaults", summary: "", credits: 5, sends: null, problem: null }];
    const counts = { scopeTitle: "Everything", listed: 50, expected: 260 };
    const words = {
      sentence: `"Everything" is a large collection: reading its products from Shopify, 50 of 260 so far.`,
      detail: "Shopify has exported the collection; Model Shots is reading it.",
    };
    expect(
      readRunPreview({ listing: { ...counts, ...words, progress: 19 }, looks, problem: null, paused: null }),
    ).toEqual({ reading: { ...counts, ...words, progress: 19 }, summary: null, looks, problem: null, paused: null });
    // While Shopify exports there is no bar; a progress that is not a percentage is no bar either.
    for (const progress of [undefined, null, "19", 140, -1, Number.NaN])
      expect(readRunPreview({ listing: { ...counts, ...words, progress }, looks })?.reading?.progress).toBeNull();
    // An app older than this bundle sends the counts only.
    expect(readRunPreview({ listing: counts, looks })?.reading).toEqual({
      ...counts,
      sentence: null,
      detail: null,
      progress: null,
    });
    expect(readRunPreview({ listing: { scopeTitle: "Everything", listed: "fifty" }, looks })).toBeNull();
  });

  it("reads one shot per colour's counts and notes from the run preview answer, and their absence", async () => {
    const { readRunPreview } = await import("@model-shots/extension-shared/api");
    const summary = {
      scopeTitle: "Colours",
      productCount: 3,
      eligibleCount: 4,
      skippedCount: 0,
      skipped: [],
      creditsPerRender: 5,
      candidatesPerProduct: 1,
      renderCount: 4,
      estimateCredits: 20,
      sends: [],
    };
    const colours = {
      renders: 2,
      products: 1,
      notes: [{ productId: "gid://shopify/Product/2", title: "Plain dress", text: "One shot from its photos." }],
    };
    expect(readRunPreview({ summary: { ...summary, colours }, looks: [] })?.summary?.colours).toEqual(colours);
    expect(readRunPreview({ summary, looks: [] })?.summary?.colours).toBeNull();
    expect(
      readRunPreview({ summary: { ...summary, colours: { renders: "2", notes: [] } }, looks: [] })?.summary?.colours,
    ).toBeNull();
  });

  it("calls only API routes the app has", () => {
    const sourceDirectories = [...EXPECTED.map(({ handle }) => join(EXTENSIONS_DIR, handle, "src")), SHARED_SOURCES];
    const sources = sourceDirectories.flatMap((directory) =>
      readdirSync(directory).map((file) => readFileSync(join(directory, file), "utf8")),
    );
    const paths = new Set(
      sources.flatMap((source) => [...source.matchAll(/["`](\/api\/[a-z-]+)/g)].map((match) => match[1] ?? "")),
    );
    expect(paths).toEqual(
      new Set(["/api/product-summary", "/api/render-status", "/api/renders", "/api/run-preview", "/api/runs"]),
    );
    for (const path of paths) {
      expect(
        existsSync(join(EXTENSIONS_DIR, "..", "app", "routes", path.slice(1).replace("/", "."), "route.ts")),
        path,
      ).toBe(true);
    }
  });
});

describe("the bulk actions in a browser, against the app's extension API", () => {
  const SHOP = "extensions-ui.myshopify.com";
  const ORIGIN = "http://admin.test";
  let app: MerchantApp;
  let browser: Browser;
  let bundles: Map<string, ExtensionBundle>;
  let hostScript: string;
  let api: Record<string, RouteFunction>;
  let bulkPage: RouteFunction;
  let colourProducts: string[];
  let largeCollection: string;
  let overCapCollection: string;

  beforeAll(async () => {
    app = await startMerchantApp();
    api = {
      "/api/run-preview": (await import("~/routes/api.run-preview/route")).action,
      "/api/runs": (await import("~/routes/api.runs/route")).action,
      "/api/renders": (await import("~/routes/api.renders/route")).action,
      "/api/product-summary": (await import("~/routes/api.product-summary/route")).loader,
      "/api/render-status": (await import("~/routes/api.render-status/route")).loader,
    };
    bulkPage = (await import("~/routes/app.runs.new/route")).action;
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    const colour = (value: string) => [{ name: "Color", value }];
    // As in test/routes/colour-variants.test.ts: a tee whose red and blue show photos of their own, a dress in
    // colours without any, a plain tee.
    colourProducts = [
      store.addProduct(SHOP, {
        title: "Colour tee",
        productType: "T-Shirts",
        images: [
          { filename: "colour-tee.jpg", alt: "Colour tee" },
          { filename: "colour-tee-red.jpg", alt: "Colour tee" },
          { filename: "colour-tee-blue.jpg", alt: "Colour tee" },
        ],
        variants: [
          { title: "Red", selectedOptions: colour("Red"), imageIndex: 1 },
          { title: "Blue", selectedOptions: colour("Blue"), imageIndex: 2 },
        ],
      }).id,
      store.addProduct(SHOP, {
        title: "Plain dress",
        productType: "Dresses",
        images: [{ filename: "plain-dress.jpg", alt: "Plain dress" }],
        variants: [
          { title: "Black", selectedOptions: colour("Black") },
          { title: "White", selectedOptions: colour("White") },
        ],
      }).id,
      store.addProduct(SHOP, { title: "Plain tee", images: [{ alt: "Front" }] }).id,
    ];
    const many = (count: number, title: string) =>
      Array.from(
        { length: count },
        (_, i) => store.addProduct(SHOP, { title: `${title} ${i + 1}`, images: [{ alt: "Front" }] }).id,
      );
    // Over .env.example's BULK_RUN_LIST_INLINE_UP_TO (250): read in the background (ADR 055).
    largeCollection = store.addCollection(SHOP, { title: "Whole catalog", productIds: many(260, "Catalog tee") }).id;
    overCapCollection = store.addCollection(SHOP, { title: "Hundred and one", productIds: many(101, "Tee") }).id;
    bundles = new Map((await buildExtensionBundles({ cacheDir: null })).map((bundle) => [bundle.handle, bundle]));
    hostScript = await compileBrowserScript("extension-host");
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /**
   * Opens an admin action as the sandbox admin's dialog frame does (the host page, the `shopify` global and the
   * `s-*` stand-ins), its relative fetches answered by the app's routes with a session token for SHOP.
   */
  async function openAction(
    handle: string,
    selected: string[],
    options: { fakeClock?: boolean; locale?: string } = {},
  ): Promise<{ page: Page; sent: Array<{ path: string; body: Record<string, unknown> }> }> {
    const locale = options.locale ?? "en";
    const bundle = bundles.get(handle);
    if (!bundle) throw new Error(`No extension ${handle}`);
    const page = await browser.newPage();
    // Playwright's clock: time flows as usual until a test moves it on itself (runFor fires every timer due).
    if (options.fakeClock) await page.clock.install();
    // Under the test's own timeout, so a failure names what it waited for.
    page.setDefaultTimeout(15_000);
    // What this action sent to the app, in order.
    const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
    await page.route(`${ORIGIN}/**`, async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      if (path === "/__sandbox/session-token") return route.fulfill({ json: { token: "signed-below" } });
      if (path === "/__sandbox/extension-host.js")
        return route.fulfill({ body: hostScript, contentType: "text/javascript" });
      if (path === `/__sandbox/extensions/${handle}.js`)
        return route.fulfill({ body: bundle.code, contentType: "text/javascript" });
      if (path === `/__sandbox/extensions/${handle}`) {
        const config = {
          handle,
          target: bundle.target,
          selected,
          appOrigin: ORIGIN,
          adminBase: `${ORIGIN}/store/test`,
          appBase: `${ORIGIN}/store/test/apps/model-shots`,
          locale,
          translations: extensionTranslations(handle, locale),
        };
        return route.fulfill({ body: extensionHostPage(bundle.name, config), contentType: "text/html" });
      }
      const action = api[path];
      if (!action) return route.fulfill({ status: 404, body: "" });
      const url = new URL(request.url());
      const body = request.method() === "GET" ? {} : (request.postDataJSON() as Record<string, unknown>);
      sent.push({ path, body });
      const response = await respond(
        action,
        request.method() === "GET"
          ? await getAs(SHOP, `${path}${url.search}`)
          : await postJsonAs(SHOP, `${path}${url.search}`, body),
      );
      return route.fulfill({ status: response.status, body: await response.text(), contentType: "application/json" });
    });
    await page.goto(`${ORIGIN}/__sandbox/extensions/${handle}`);
    opened.push(page);
    return { page, sent };
  }
  const opened: Page[] = [];
  // A page left open would go on asking for previews.
  afterEach(async () => {
    for (const page of opened.splice(0)) await page.close();
  });

  it("the collection action tells a large collection's export in the bulk-run page's words, then its bar", async () => {
    const { page } = await openAction("bulk-collection-action", [largeCollection]);
    await page
      .getByText(`"Whole catalog" is a large collection: Shopify is preparing an export of its 260 products.`)
      .waitFor();
    await page.getByText(/^Shopify exports large collections in the background/).waitFor();
    expect(await page.getByText(/0 of 260/).count()).toBe(0);
    expect(await page.locator("s-box").count()).toBe(0);
    // The checkbox is there while the collection is read.
    await page.getByRole("checkbox", { name: "One shot per colour" }).waitFor();

    // The worker stores what Shopify exported; the action asks again by itself and shows the count and a bar.
    await app.database.prisma.collectionListing.update({
      where: { shop_collectionId: { shop: SHOP, collectionId: largeCollection } },
      data: { bulkStatus: "COMPLETED", listed: 65 },
    });
    await page
      .getByText(`"Whole catalog" is a large collection: reading its products from Shopify, 65 of 260 so far.`)
      .waitFor({ timeout: 15_000 });
    // The bar: a quarter of its track filled, announced as "25% read".
    const track = page.getByRole("img", { name: "25% read" });
    await track.waitFor();
    const fill = track.locator("s-box");
    const [trackBox, fillBox] = [await track.boundingBox(), await fill.boundingBox()];
    expect(trackBox?.width).toBeGreaterThan(100);
    expect((fillBox?.width ?? 0) / (trackBox?.width ?? 1)).toBeCloseTo(0.25, 2);
  });

  it("the product selection action offers one shot per colour, and the estimate counts colours when it is ticked", async () => {
    const { page, sent } = await openAction("bulk-products-action", colourProducts);
    await page.getByText(/^3 of 3 products will be rendered \(.*\), about 15 credits \(5 credits each/).waitFor();
    await page.getByRole("button", { name: "Start run for about 15 credits" }).waitFor();
    expect(sent).toEqual([{ path: "/api/run-preview", body: expect.objectContaining({ perColour: false }) }]);

    await page.getByRole("checkbox", { name: "One shot per colour" }).check();
    await page.getByText(/^4 renders of 3 products \(.*\), about 20 credits/).waitFor();
    await page.getByText("2 of these renders are one per colour, for 1 product.").waitFor();
    await page
      .getByText(
        "Plain dress: None of the Color values (Black, White) has a photo of its own, so one shot is made from the product's photos and added to no variant.",
      )
      .waitFor();
    await page.getByRole("button", { name: "Start run for about 20 credits" }).click();
    await page.getByText("Run started").waitFor();
    expect(sent.at(-1)).toMatchObject({ path: "/api/runs", body: { perColour: true } });
    const run = await app.database.prisma.run.findFirstOrThrow({
      where: { shop: SHOP },
      orderBy: { createdAt: "desc" },
    });
    expect(await app.database.prisma.render.count({ where: { runId: run.id } })).toBe(4);
  });

  it("the collection action refuses one shot per colour past 100 products in the page's words, and untick recovers", async () => {
    const { page } = await openAction("bulk-collection-action", [overCapCollection]);
    await page.getByText(/^101 of 101 products will be rendered/).waitFor();
    await page.getByRole("checkbox", { name: "One shot per colour" }).check();
    // The bulk-run page's refusal of the same collection, word for word.
    const refusal = await respond(
      bulkPage,
      await postFormAs(SHOP, "/app/runs/new", {
        intent: "preview",
        scopeKind: "collection",
        collectionId: overCapCollection,
        perColour: "on",
        ...OPTION_FIELDS,
      }),
    );
    // The page gets a message key and words it; the dialog gets it worded in its language (English here).
    const formError = wordsFor("en")((await jsonOf<{ formError: string }>(refusal)).formError);
    expect(formError).toMatch(/takes at most 100 products/);
    await page.getByText(formError, { exact: true }).waitFor();
    await page.getByRole("checkbox", { name: "One shot per colour" }).uncheck();
    await page.getByText(/^101 of 101 products will be rendered/).waitFor();
  });
  it("the product action follows the renders it queued until they reach review or fail, every few seconds", async () => {
    const tee = app.fake.store.addProduct(SHOP, {
      title: "Follow tee",
      productType: "T-Shirts",
      images: [{ alt: "Front" }],
    });
    const { page, sent } = await openAction("model-shot-action", [tee.id], { fakeClock: true });
    await page.getByRole("button", { name: "Generate for 5 credits" }).click();
    await page.getByText("Render queued").waitFor();
    await page.getByText("Rendering: 0 of 1 ready so far. This updates by itself.").waitFor();
    const render = await app.database.prisma.render.findFirstOrThrow({ where: { shop: SHOP, productId: tee.id } });
    // The worker moves it on; the open dialog sees it without being touched.
    await app.database.prisma.render.update({ where: { id: render.id }, data: { state: "in_review" } });
    await page.getByText("1 render is ready for review.").waitFor();
    const asked = sent.filter((request) => request.path === "/api/render-status").length;
    expect(asked).toBeGreaterThanOrEqual(2);
    // Settled: it stops asking. An ask is a fetch called from the timer itself, so counting the page's fetch calls
    // while the clock runs through several intervals sees any ask at once (no request to wait for on the wire).
    await page.evaluate(() => {
      const host = window as unknown as { fetch: typeof fetch; fetchedAfterSettling: string[] };
      const appFetch = host.fetch;
      host.fetchedAfterSettling = [];
      host.fetch = (input, init) => {
        host.fetchedAfterSettling.push(String(input));
        return appFetch(input, init);
      };
    });
    await page.clock.runFor(LIVE_INTERVAL_MS * 3);
    expect(
      await page.evaluate(() => (window as unknown as { fetchedAfterSettling: string[] }).fetchedAfterSettling),
    ).toEqual([]);
    expect(sent.filter((request) => request.path === "/api/render-status").length).toBe(asked);
  });

  it("a bulk action says a request over the app's body limit was too large, in the dialog's language", async () => {
    // Ids enough for a preview body over the extension API's 64 KiB (app/web/body-limits.server.ts): the app answers
    // 413 in plain text before reading it, through the real route.
    const selected = Array.from({ length: 2_500 }, (_, i) => `gid://shopify/Product/${9_000_000_000 + i}`);
    const words = (locale: string) =>
      JSON.parse(read("bulk-products-action", "locales", `${locale}.json`)) as { errors: Record<string, string> };
    for (const locale of ["en", "de"]) {
      const { page, sent } = await openAction("bulk-products-action", selected, { locale });
      const tooLarge = words(locale === "en" ? "en.default" : locale).errors.tooLarge ?? "";
      expect(tooLarge).not.toBe("");
      await page.getByText(tooLarge, { exact: true }).waitFor();
      expect(sent.map((request) => request.path)).toContain("/api/run-preview");
      expect(JSON.stringify(sent[0]?.body).length).toBeGreaterThan(64 * 1024);
      expect(await page.getByText(/HTTP 413/).count()).toBe(0);
    }
  });

  it("the product action says why a render failed, in the dialog's words for the app's message", async () => {
    const tee = app.fake.store.addProduct(SHOP, {
      title: "Failing tee",
      productType: "T-Shirts",
      images: [{ alt: "Front" }],
    });
    const { page } = await openAction("model-shot-action", [tee.id]);
    await page.getByRole("button", { name: "Generate for 5 credits" }).click();
    await page.getByText("Render queued").waitFor();
    const render = await app.database.prisma.render.findFirstOrThrow({ where: { shop: SHOP, productId: tee.id } });
    await app.database.prisma.render.update({
      where: { id: render.id },
      data: { state: "failed", errorMessage: "messages:render.failedByServiceNoDetail?count=5" },
    });
    await page
      .getByText("1 render failed. The try-on service could not make this render. Its 5 credits were refunded.")
      .waitFor();
  });
});
