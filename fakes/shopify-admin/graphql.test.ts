import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "./fake-admin";
import { adminGraphqlRequest, runGraphql } from "./requests";

const SHOP = "linen-and-co.myshopify.com";

function seededFake() {
  const fake = createFakeAdminApi({ now: () => Date.parse("2026-11-01T10:00:00Z") });
  fake.store.addShop({ domain: SHOP });
  const shirt = fake.store.addProduct(SHOP, {
    title: "Linen shirt",
    productType: "Shirts",
    images: [{ alt: "Front of the linen shirt" }, { alt: "Back" }],
    variants: [
      {
        title: "S / Sand",
        selectedOptions: [
          { name: "Size", value: "S" },
          { name: "Color", value: "Sand" },
        ],
        imageIndex: 1,
      },
      {
        title: "M / Sand",
        selectedOptions: [
          { name: "Size", value: "M" },
          { name: "Color", value: "Sand" },
        ],
      },
    ],
  });
  return { fake, shirt };
}

describe("the fake Admin API executes documents against Shopify's schema", () => {
  it("returns a product with its media, alt text and variants as stored", async () => {
    const { fake, shirt } = seededFake();
    type Media = {
      alt: string;
      mediaContentType: string;
      status: string;
      image: { url: string; altText: string; width: number; height: number } | null;
    };
    type Data = {
      product: {
        featuredMedia: { id: string; alt: string };
        media: { nodes: Media[] };
        variants: { nodes: { title: string; selectedOptions: unknown[]; media: { nodes: { id: string }[] } }[] };
      };
    };
    const { status, body } = await runGraphql<Data>(
      fake,
      SHOP,
      `query ($id: ID!) {
        product(id: $id) {
          title handle productType status
          featuredMedia { id alt }
          media(first: 10) { nodes { alt mediaContentType status ... on MediaImage { image { url altText width height } } } }
          variants(first: 10) { nodes { title selectedOptions { name value } media(first: 1) { nodes { id } } } }
        }
      }`,
      { id: shirt.id },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const product = body.data!.product;
    expect(product).toMatchObject({
      title: "Linen shirt",
      handle: "linen-shirt",
      productType: "Shirts",
      status: "ACTIVE",
    });
    expect(product.featuredMedia).toEqual({ id: shirt.mediaIds[0], alt: "Front of the linen shirt" });
    expect(product.media.nodes.map((m) => [m.alt, m.mediaContentType, m.status])).toEqual([
      ["Front of the linen shirt", "IMAGE", "READY"],
      ["Back", "IMAGE", "READY"],
    ]);
    expect(product.media.nodes[0]?.image).toMatchObject({
      altText: "Front of the linen shirt",
      width: 1200,
      height: 1600,
    });
    expect(product.media.nodes[0]?.image?.url).toMatch(
      /^https:\/\/fake-admin-cdn\.test\/s\/files\/.+linen-shirt-1\.png/,
    );
    expect(product.variants.nodes[0]).toEqual({
      title: "S / Sand",
      selectedOptions: [
        { name: "Size", value: "S" },
        { name: "Color", value: "Sand" },
      ],
      media: { nodes: [{ id: shirt.mediaIds[1] }] },
    });
    expect(product.variants.nodes[1]?.media.nodes).toEqual([]);
  });

  it("answers a misspelt field with a validation error and no data, not a silent null", async () => {
    const { fake, shirt } = seededFake();
    const { status, body } = await runGraphql(fake, SHOP, `query ($id: ID!) { product(id: $id) { id titel } }`, {
      id: shirt.id,
    });
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toBe('Cannot query field "titel" on type "Product". Did you mean "title"?');
  });

  it("answers wrong argument and variable types with validation errors", async () => {
    const { fake } = seededFake();
    const wrongArgument = await runGraphql(fake, SHOP, `{ products(first: "ten") { nodes { id } } }`);
    expect(wrongArgument.body.errors?.[0]?.message).toMatch(/Int cannot represent non-integer value/);
    const wrongVariable = await runGraphql(fake, SHOP, `query ($id: String!) { product(id: $id) { id } }`, { id: "x" });
    expect(wrongVariable.body.errors?.[0]?.message).toMatch(
      /Variable "\$id" of type "String!" used in position expecting type "ID!"/,
    );
  });

  it("answers a syntax error with errors and HTTP 200, like Shopify", async () => {
    const { fake } = seededFake();
    const { status, body } = await runGraphql(fake, SHOP, `{ product(id: "gid://shopify/Product/1") { id `);
    expect(status).toBe(200);
    expect(body.errors?.[0]?.message).toMatch(/^Syntax Error/);
  });

  it("reports a schema field the fake does not model as an error naming it", async () => {
    const { fake, shirt } = seededFake();
    const { body } = await runGraphql(fake, SHOP, `query ($id: ID!) { product(id: $id) { id totalInventory } }`, {
      id: shirt.id,
    });
    expect(body.errors?.[0]).toMatchObject({
      message: "fake-admin does not implement Product.totalInventory",
      path: ["product", "totalInventory"],
      extensions: { code: "FAKE_NOT_IMPLEMENTED" },
    });
  });

  it("resolves node and nodes by global id, null for an unknown one, an error for a malformed one", async () => {
    const { fake, shirt } = seededFake();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `query ($ids: [ID!]!, $one: ID!) {
        node(id: $one) { id ... on Product { title } }
        nodes(ids: $ids) { __typename id ... on MediaImage { alt } ... on ProductVariant { title } }
      }`,
      { one: shirt.id, ids: [shirt.mediaIds[0], shirt.variantIds[0], "gid://shopify/Product/999999"] },
    );
    expect(body.data).toEqual({
      node: { id: shirt.id, title: "Linen shirt" },
      nodes: [
        { __typename: "MediaImage", id: shirt.mediaIds[0], alt: "Front of the linen shirt" },
        { __typename: "ProductVariant", id: shirt.variantIds[0], title: "S / Sand" },
        null,
      ],
    });
    const malformed = await runGraphql(fake, SHOP, `{ product(id: "42") { id } }`);
    expect(malformed.body.errors?.[0]?.message).toBe("Invalid global id '42'");
  });

  it("keeps shops apart", async () => {
    const { fake, shirt } = seededFake();
    fake.store.addShop({ domain: "other.myshopify.com" });
    const { body } = await runGraphql(fake, "other.myshopify.com", `query ($id: ID!) { product(id: $id) { id } }`, {
      id: shirt.id,
    });
    expect(body.data).toEqual({ product: null });
  });

  it("filters products with the supported search terms and refuses the others", async () => {
    const { fake } = seededFake();
    fake.store.addProduct(SHOP, { title: "Wool coat", status: "DRAFT", productType: "Coats" });
    const drafts = await runGraphql(fake, SHOP, `{ products(first: 10, query: "status:draft") { nodes { title } } }`);
    expect(drafts.body.data).toEqual({ products: { nodes: [{ title: "Wool coat" }] } });
    const byWord = await runGraphql(fake, SHOP, `{ products(first: 10, query: "linen") { nodes { title } } }`);
    expect(byWord.body.data).toEqual({ products: { nodes: [{ title: "Linen shirt" }] } });
    const unsupported = await runGraphql(
      fake,
      SHOP,
      `{ products(first: 10, query: "inventory_total:>5") { nodes { title } } }`,
    );
    expect(unsupported.body.errors?.[0]?.message).toMatch(/fake-admin does not implement/);
  });

  it("serves only the pinned API version, and unknown shops get 404", async () => {
    const { fake } = seededFake();
    const token = fake.issueAccessToken(SHOP);
    const oldVersion = await fake.handle(
      adminGraphqlRequest({ shop: SHOP, query: "{ shop { name } }", accessToken: token, apiVersion: "2024-01" }),
    );
    expect(oldVersion.status).toBe(404);
    const unknownShop = await fake.handle(
      adminGraphqlRequest({ shop: "nobody.myshopify.com", query: "{ shop { name } }", accessToken: token }),
    );
    expect(unknownShop.status).toBe(404);
  });

  it("logs each request with its operation name and outcome", async () => {
    const { fake, shirt } = seededFake();
    await runGraphql(fake, SHOP, `query GetTitle($id: ID!) { product(id: $id) { title } }`, { id: shirt.id });
    await runGraphql(fake, SHOP, `query Broken { shop { nmae } }`);
    expect(fake.graphqlRequests().map((r) => [r.operationName, r.operationType ?? null, r.outcome])).toEqual([
      ["GetTitle", "query", "ok"],
      ["Broken", null, "invalid-document"],
    ]);
  });
});

describe("pagination", () => {
  async function collectionOfFive() {
    const { fake } = seededFake();
    const products = ["A", "B", "C", "D", "E"].map((title) => fake.store.addProduct(SHOP, { title: `Dress ${title}` }));
    const collection = fake.store.addCollection(SHOP, { title: "Summer", productIds: products.map((p) => p.id) });
    return { fake, collection };
  }
  const PAGE = `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) {
    collection(id: $id) {
      products(first: $first, after: $after, last: $last, before: $before) {
        edges { cursor node { title } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }`;
  type Page = {
    collection: {
      products: { edges: { cursor: string; node: { title: string } }[]; pageInfo: Record<string, unknown> };
    };
  };

  it("walks a collection's products page by page with cursors until hasNextPage is false", async () => {
    const { fake, collection } = await collectionOfFive();
    const titles: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const { body } = await runGraphql<Page>(fake, SHOP, PAGE, { id: collection.id, first: 2, after });
      const products = body.data!.collection.products;
      titles.push(products.edges.map((e) => e.node.title));
      expect(products.pageInfo.endCursor).toBe(products.edges.at(-1)?.cursor);
      if (!products.pageInfo.hasNextPage) break;
      after = products.pageInfo.endCursor as string;
    }
    expect(titles).toEqual([["Dress A", "Dress B"], ["Dress C", "Dress D"], ["Dress E"]]);
  });

  it("pages backwards with last and before", async () => {
    const { fake, collection } = await collectionOfFive();
    const lastTwo = await runGraphql<Page>(fake, SHOP, PAGE, { id: collection.id, last: 2 });
    const page = lastTwo.body.data!.collection.products;
    expect(page.edges.map((e) => e.node.title)).toEqual(["Dress D", "Dress E"]);
    expect(page.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const before = await runGraphql<Page>(fake, SHOP, PAGE, {
      id: collection.id,
      last: 2,
      before: page.pageInfo.startCursor,
    });
    expect(before.body.data!.collection.products.edges.map((e) => e.node.title)).toEqual(["Dress B", "Dress C"]);
  });

  it("requires first or last, at most 250", async () => {
    const { fake, collection } = await collectionOfFive();
    const none = await runGraphql(fake, SHOP, PAGE, { id: collection.id });
    expect(none.body.errors?.[0]?.message).toBe("you must provide one of first or last");
    const tooMany = await runGraphql(fake, SHOP, PAGE, { id: collection.id, first: 251 });
    expect(tooMany.body.errors?.[0]?.message).toMatch(/between 0 and 250/);
  });

  it("refuses a cursor it did not issue", async () => {
    const { fake, collection } = await collectionOfFive();
    const { body } = await runGraphql(fake, SHOP, PAGE, { id: collection.id, first: 2, after: "not-a-cursor" });
    expect(body.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });
});

describe("product mutations", () => {
  it("updates product fields with productUpdate", async () => {
    const { fake, shirt } = seededFake();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `mutation ($product: ProductUpdateInput!) { productUpdate(product: $product) { product { title status productType } userErrors { field message } } }`,
      { product: { id: shirt.id, title: "Linen shirt, relaxed", status: "DRAFT", productType: "Tops" } },
    );
    expect(body.data).toEqual({
      productUpdate: {
        product: { title: "Linen shirt, relaxed", status: "DRAFT", productType: "Tops" },
        userErrors: [],
      },
    });
    expect(fake.store.product(SHOP, shirt.id)?.title).toBe("Linen shirt, relaxed");
  });

  it("answers productUpdate of an unknown product with userErrors and changes nothing", async () => {
    const { fake, shirt } = seededFake();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `mutation ($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id } userErrors { field message } } }`,
      { product: { id: "gid://shopify/Product/424242", title: "Ghost" } },
    );
    expect(body.data).toEqual({
      productUpdate: { product: null, userErrors: [{ field: ["id"], message: "Product does not exist" }] },
    });
    const blankTitle = await runGraphql(
      fake,
      SHOP,
      `mutation ($product: ProductUpdateInput!) { productUpdate(product: $product) { userErrors { field message } } }`,
      { product: { id: shirt.id, title: " ", status: "ARCHIVED" } },
    );
    expect(blankTitle.body.data).toEqual({
      productUpdate: { userErrors: [{ field: ["title"], message: "Title can't be blank" }] },
    });
    expect(fake.store.product(SHOP, shirt.id)).toMatchObject({ title: "Linen shirt", status: "ACTIVE" });
  });

  it("adds media from a URL with productUpdate(media:), processed like any file", async () => {
    const { fake, shirt } = seededFake();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `mutation ($product: ProductUpdateInput!, $media: [CreateMediaInput!]) {
        productUpdate(product: $product, media: $media) { product { media(first: 5) { nodes { alt status } } } userErrors { message } }
      }`,
      {
        product: { id: shirt.id },
        media: [{ alt: "Detail", mediaContentType: "IMAGE", originalSource: "https://images.example/detail.jpg" }],
      },
    );
    expect(body.data).toEqual({
      productUpdate: {
        product: {
          media: {
            nodes: [
              { alt: "Front of the linen shirt", status: "READY" },
              { alt: "Back", status: "READY" },
              { alt: "Detail", status: "UPLOADED" },
            ],
          },
        },
        userErrors: [],
      },
    });
  });

  const APPEND = `mutation ($productId: ID!, $variantMedia: [ProductVariantAppendMediaInput!]!) {
    productVariantAppendMedia(productId: $productId, variantMedia: $variantMedia) {
      productVariants { id media(first: 2) { nodes { id } } }
      userErrors { field message code }
    }
  }`;

  it("attaches a product's media to a variant with productVariantAppendMedia", async () => {
    const { fake, shirt } = seededFake();
    const variantId = shirt.variantIds[1]!;
    const { body } = await runGraphql(fake, SHOP, APPEND, {
      productId: shirt.id,
      variantMedia: [{ variantId, mediaIds: [shirt.mediaIds[0]] }],
    });
    expect(body.data).toEqual({
      productVariantAppendMedia: {
        productVariants: [{ id: variantId, media: { nodes: [{ id: shirt.mediaIds[0] }] } }],
        userErrors: [],
      },
    });
    expect(fake.store.variantMediaIds(SHOP, variantId)).toEqual([shirt.mediaIds[0]]);
  });

  it("refuses variant media that is not the product's, or a variant that already has media, changing nothing", async () => {
    const { fake, shirt } = seededFake();
    const other = fake.store.addProduct(SHOP, { title: "Other", images: [{ alt: "x" }] });
    const foreign = await runGraphql(fake, SHOP, APPEND, {
      productId: shirt.id,
      variantMedia: [{ variantId: shirt.variantIds[1], mediaIds: [other.mediaIds[0]] }],
    });
    expect(foreign.body.data).toEqual({
      productVariantAppendMedia: {
        productVariants: null,
        userErrors: [
          {
            field: ["variantMedia", "0", "mediaIds"],
            code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT",
            message: expect.any(String),
          },
        ],
      },
    });
    const occupied = await runGraphql(fake, SHOP, APPEND, {
      productId: shirt.id,
      variantMedia: [{ variantId: shirt.variantIds[0], mediaIds: [shirt.mediaIds[0]] }],
    });
    expect(occupied.body.data).toMatchObject({
      productVariantAppendMedia: { productVariants: null, userErrors: [{ code: "PRODUCT_VARIANT_ALREADY_HAS_MEDIA" }] },
    });
    expect(fake.store.variantMediaIds(SHOP, shirt.variantIds[0]!)).toEqual([shirt.mediaIds[1]]);
    expect(fake.store.variantMediaIds(SHOP, shirt.variantIds[1]!)).toEqual([]);
  });

  it("reorders product media with productReorderMedia, and refuses media of another product", async () => {
    const { fake, shirt } = seededFake();
    const REORDER = `mutation ($id: ID!, $moves: [MoveInput!]!) {
      productReorderMedia(id: $id, moves: $moves) { job { id done } mediaUserErrors { field code message } }
    }`;
    const [front, back] = shirt.mediaIds;
    const moved = await runGraphql(fake, SHOP, REORDER, { id: shirt.id, moves: [{ id: back, newPosition: "0" }] });
    expect(moved.body.data).toMatchObject({ productReorderMedia: { job: { done: false }, mediaUserErrors: [] } });
    expect(fake.store.productMedia(SHOP, shirt.id).map((m) => m.id)).toEqual([back, front]);

    const bad = await runGraphql(fake, SHOP, REORDER, {
      id: shirt.id,
      moves: [{ id: "gid://shopify/MediaImage/1", newPosition: "0" }],
    });
    expect(bad.body.data).toEqual({
      productReorderMedia: {
        job: null,
        mediaUserErrors: [
          { field: ["moves", "0", "id"], code: "MEDIA_DOES_NOT_EXIST_ON_PRODUCT", message: expect.any(String) },
        ],
      },
    });
    expect(fake.store.productMedia(SHOP, shirt.id).map((m) => m.id)).toEqual([back, front]);
  });
});
