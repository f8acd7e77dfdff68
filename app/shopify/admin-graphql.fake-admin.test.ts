/**
 * The background Admin client end to end: shopify-app-remix's `unauthenticated.admin(shop)` loads the stored
 * offline session, its `admin.graphql` goes through @shopify/shopify-api's client and global fetch, msw hands
 * the request to the fake Admin API, which executes it against Shopify's schema and charges the shop's bucket.
 */
import "@shopify/shopify-app-remix/adapters/node";
import { Session } from "@shopify/shopify-api";
import { shopifyApp } from "@shopify/shopify-app-remix/server";
import { testConfig } from "@shopify/shopify-app-remix/test-helpers";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFakeAdminApi } from "../../fakes/shopify-admin/fake-admin";
import { makePng } from "../../fakes/shopify-admin/images";
import { fakeAdminHandlers, routeShopifyApiFetchThroughMsw } from "../../fakes/shopify-admin/msw";
import { AdminHttpError, ShopifyUserError, throwIfUserErrors } from "./admin-errors";
import { makeAdminGraphql } from "./admin-graphql.server";
import { ADMIN_API_VERSION } from "./api-version";
import { GET_PRODUCT_FOR_RENDER } from "./operations/products";
import { ATTACH_FILE_TO_PRODUCT, CREATE_FILE, CREATE_STAGED_UPLOADS, GET_FILE_STATUSES } from "./operations/files";
import { LIBRARY_REFRESH_WINDOW_MS } from "./offline-token-refresh.server";
import { APPEND_VARIANT_MEDIA, REORDER_PRODUCT_MEDIA } from "./operations/media";
import { LIST_COLLECTION_PRODUCTS_FOR_RENDER } from "./operations/collections";
import type { ListCollectionProductsForRenderQuery } from "~/types/admin.generated";

const SHOP = "model-shots-demo.myshopify.com";
const CLIENT_ID = "client-test-id";
const CLIENT_SECRET = "client-test-secret";

/** One clock for the fake and the client: sleeping moves time on, so back-off costs no real time. */
const clock = { now: Date.now(), slept: 0 };
const sleep = async (ms: number) => {
  clock.now += ms;
  clock.slept += ms;
};

const fake = createFakeAdminApi({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now: () => clock.now });
const server = setupServer(...fakeAdminHandlers(fake));
const shopify = shopifyApp(
  testConfig({
    apiKey: CLIENT_ID,
    apiSecretKey: CLIENT_SECRET,
    apiVersion: ADMIN_API_VERSION,
    // testConfig sets a custom-app token that would replace the session's; this app uses the session's.
    adminApiAccessToken: undefined,
    logger: { level: 0 },
    future: { expiringOfflineAccessTokens: true },
  }),
);

fake.store.addShop({ domain: SHOP });
const dress = fake.store.addProduct(SHOP, {
  title: "Silk slip dress",
  images: Array.from({ length: 50 }, (_, i) => ({ alt: `Dress photo ${i + 1}` })),
  variants: Array.from({ length: 100 }, (_, i) => ({ title: `Variant ${i + 1}` })),
});

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  routeShopifyApiFetchThroughMsw();
});
afterAll(() => server.close());
/** The shop's offline session, as token exchange would have stored it. */
function storeOfflineSession(
  fields: Pick<
    ConstructorParameters<typeof Session>[0],
    "accessToken" | "scope" | "expires" | "refreshToken" | "refreshTokenExpires"
  >,
) {
  return shopify.sessionStorage.storeSession(
    new Session({ id: `offline_${SHOP}`, shop: SHOP, state: "", isOnline: false, ...fields }),
  );
}

/** A non-expiring offline token migrated to an expiring pair, through the fake's token endpoint. */
async function expiringTokenPair(): Promise<{ access_token: string; refresh_token: string }> {
  const token = await fetch(`https://${SHOP}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: fake.issueAccessToken(SHOP),
      subject_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      expiring: "1",
    }),
  });
  return (await token.json()) as { access_token: string; refresh_token: string };
}

beforeEach(async () => {
  // An installed shop.
  await storeOfflineSession({
    scope: "read_products,write_products,write_files,read_locales",
    accessToken: fake.issueAccessToken(SHOP),
  });
  fake.setBucketAvailable(SHOP, 2000);
  fake.clearRequests();
  clock.slept = 0;
});

async function backgroundAdmin() {
  const { admin } = await shopify.unauthenticated.admin(SHOP);
  return makeAdminGraphql({
    request: admin.graphql,
    sleep,
    now: () => clock.now,
    random: () => 0.5,
    logger: { warn: () => {} },
  });
}

describe("the Admin client for background work, against the fake Admin API", () => {
  it("rides out a burst that the shop's bucket throttles, surfacing no error", async () => {
    const admin = await backgroundAdmin();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => admin.query(GET_PRODUCT_FOR_RENDER, { id: dress.id })),
    );

    for (const data of burst) {
      expect(data.product?.title).toBe("Silk slip dress");
      expect(data.product?.media.nodes).toHaveLength(50);
      expect(data.product?.variants.nodes).toHaveLength(100);
    }
    const outcomes = fake.graphqlRequests().map((r) => r.outcome);
    expect(outcomes.filter((o) => o === "throttled").length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(12);
    // 12 queries of ~600 points against 2000 points refilling at 100/s: the client must have waited.
    const actual = fake.graphqlRequests().reduce((sum, r) => sum + (r.actualQueryCost ?? 0), 0);
    expect(clock.slept).toBeGreaterThanOrEqual(((actual - 2000) / 100) * 1000);
  });

  it("paces a sequence of queries from the bucket's last report, so none is refused as THROTTLED", async () => {
    const admin = await backgroundAdmin();
    for (let i = 0; i < 12; i++) {
      const data = await admin.query(GET_PRODUCT_FOR_RENDER, { id: dress.id });
      expect(data.product?.title).toBe("Silk slip dress");
    }
    const requests = fake.graphqlRequests();
    expect(requests.map((r) => r.outcome)).toEqual(Array(12).fill("ok"));
    // It still waited for the refill the queries needed, no more than a second beyond it.
    const actual = requests.reduce((sum, r) => sum + (r.actualQueryCost ?? 0), 0);
    const needed = ((actual - 2000) / 100) * 1000;
    expect(clock.slept).toBeGreaterThan(0);
    expect(clock.slept).toBeLessThanOrEqual(
      Math.max(0, needed) + 1000 + ((requests[0]?.requestedQueryCost ?? 0) / 100) * 1000,
    );
  });

  it("retries a 503 and a dropped connection on the way to Shopify", async () => {
    const admin = await backgroundAdmin();
    fake.failNext(1, { status: 503 });
    fake.networkErrorNext(1);
    const data = await admin.query(GET_PRODUCT_FOR_RENDER, { id: dress.id });
    expect(data.product?.id).toBe(dress.id);
    expect(fake.graphqlRequests().map((r) => r.outcome)).toEqual(["forced-failure", "network-error", "ok"]);
  });

  it("reports a revoked token as AdminHttpError 401 without retrying", async () => {
    const admin = await backgroundAdmin();
    fake.revokeAccessTokens(SHOP);
    await expect(admin.query(GET_PRODUCT_FOR_RENDER, { id: dress.id })).rejects.toSatisfy(
      (e) => e instanceof AdminHttpError && e.status === 401,
    );
    expect(fake.graphqlRequests()).toHaveLength(1);
  });

  it("refreshes an expiring offline session through the fake's token endpoint before querying", async () => {
    const { access_token, refresh_token } = await expiringTokenPair();
    await storeOfflineSession({
      accessToken: access_token,
      expires: new Date(Date.now() + 60_000), // inside the library's five-minute refresh window
      refreshToken: refresh_token,
      refreshTokenExpires: new Date(Date.now() + 86_400_000),
    });
    const admin = await backgroundAdmin();
    expect((await admin.query(GET_PRODUCT_FOR_RENDER, { id: dress.id })).product?.id).toBe(dress.id);
    const stored = await shopify.sessionStorage.loadSession(`offline_${SHOP}`);
    expect(stored?.accessToken).not.toBe(access_token);
    expect(fake.requests.filter((r) => r.target === "oauth").map((r) => r.grantType)).toEqual([
      "urn:ietf:params:oauth:grant-type:token-exchange",
      "refresh_token",
    ]);
  });

  it("leaves a token alone until it is LIBRARY_REFRESH_WINDOW_MS from expiry (our refresh lease starts earlier)", async () => {
    const { access_token, refresh_token } = await expiringTokenPair();
    const refreshTokenExpires = new Date(Date.now() + 86_400_000);
    const grants = () => fake.requests.filter((r) => r.target === "oauth").map((r) => r.grantType);

    await storeOfflineSession({
      accessToken: access_token,
      expires: new Date(Date.now() + LIBRARY_REFRESH_WINDOW_MS + 2_000),
      refreshToken: refresh_token,
      refreshTokenExpires,
    });
    await shopify.unauthenticated.admin(SHOP);
    expect(grants()).not.toContain("refresh_token");

    await storeOfflineSession({
      accessToken: access_token,
      expires: new Date(Date.now() + LIBRARY_REFRESH_WINDOW_MS - 2_000),
      refreshToken: refresh_token,
      refreshTokenExpires,
    });
    await shopify.unauthenticated.admin(SHOP);
    expect(grants()).toContain("refresh_token");
  });

  it("publishes a render with the app's operations: stage, upload, create, wait for READY, attach, variant, reorder", async () => {
    const admin = await backgroundAdmin();
    const product = fake.store.addProduct(SHOP, {
      title: "Linen shirt",
      images: [{ alt: "Flat lay" }],
      variants: [{ title: "S" }, { title: "M" }],
    });

    const staged = throwIfUserErrors(
      (
        await admin.query(CREATE_STAGED_UPLOADS, {
          input: [{ filename: "render.png", mimeType: "image/png", resource: "IMAGE", httpMethod: "PUT" }],
        })
      ).stagedUploadsCreate,
      "CreateStagedUploads",
    );
    const target = staged.stagedTargets?.[0];
    expect(target?.url && target.resourceUrl).toBeTruthy();
    const put = await fetch(target!.url!, {
      method: "PUT",
      body: makePng(640, 960).slice(),
      headers: { "Content-Type": "image/png" },
    });
    expect(put.ok).toBe(true);

    const created = throwIfUserErrors(
      (
        await admin.query(CREATE_FILE, {
          files: [{ originalSource: target!.resourceUrl!, alt: "Model wearing the linen shirt", contentType: "IMAGE" }],
        })
      ).fileCreate,
      "CreateFile",
    );
    const fileId = created.files![0]!.id;

    // Referencing before READY is refused with a typed error naming the field.
    const early = await admin
      .query(ATTACH_FILE_TO_PRODUCT, { fileId, productId: product.id })
      .then((d) => throwIfUserErrors(d.fileUpdate, "AttachFileToProduct"))
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ShopifyUserError);
    expect(early).toMatchObject({ codes: ["NON_READY_STATE"], fieldPaths: ["files.0.id"] });

    let status: string | undefined;
    for (let poll = 0; poll < 10 && status !== "READY"; poll++) {
      await sleep(500);
      const node = (await admin.query(GET_FILE_STATUSES, { ids: [fileId] })).nodes[0];
      status = node && "fileStatus" in node ? node.fileStatus : undefined;
    }
    expect(status).toBe("READY");

    throwIfUserErrors(
      (await admin.query(ATTACH_FILE_TO_PRODUCT, { fileId, productId: product.id })).fileUpdate,
      "AttachFileToProduct",
    );
    throwIfUserErrors(
      (
        await admin.query(APPEND_VARIANT_MEDIA, {
          productId: product.id,
          variantMedia: [{ variantId: product.variantIds[0]!, mediaIds: [fileId] }],
        })
      ).productVariantAppendMedia,
      "AppendVariantMedia",
    );
    throwIfUserErrors(
      (await admin.query(REORDER_PRODUCT_MEDIA, { id: product.id, moves: [{ id: fileId, newPosition: "0" }] }))
        .productReorderMedia,
      "ReorderProductMedia",
    );

    const after = (await admin.query(GET_PRODUCT_FOR_RENDER, { id: product.id })).product;
    expect(after?.featuredMedia?.id).toBe(fileId);
    const first = after?.media.nodes[0];
    expect(first && "image" in first ? first.image : null).toMatchObject({
      altText: "Model wearing the linen shirt",
      width: 640,
      height: 960,
    });
    expect(after?.variants.nodes[0]?.media.nodes).toEqual([{ id: fileId }]);
  });

  it("lists a collection's products page by page with ListCollectionProductsForRender", async () => {
    const admin = await backgroundAdmin();
    const products = Array.from({ length: 5 }, (_, i) => fake.store.addProduct(SHOP, { title: `Knit ${i}` }));
    const collection = fake.store.addCollection(SHOP, { title: "Knitwear", productIds: products.map((p) => p.id) });
    const seen: string[] = [];
    let after: string | null | undefined = null;
    do {
      const data: ListCollectionProductsForRenderQuery = await admin.query(LIST_COLLECTION_PRODUCTS_FOR_RENDER, {
        id: collection.id,
        first: 2,
        after,
      });
      const page = data.collection?.products;
      seen.push(...(page?.nodes.map((n) => n.title) ?? []));
      after = page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined;
    } while (after);
    expect(seen).toEqual(["Knit 0", "Knit 1", "Knit 2", "Knit 3", "Knit 4"]);
  });
});
