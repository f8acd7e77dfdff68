import "@shopify/shopify-api/adapters/node";
import { LogSeverity, Session, shopifyApi } from "@shopify/shopify-api";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { makePng } from "./images";
import { fetchViaFakeAdminServer, startFakeAdminServer, type FakeAdminServer } from "./server";

const SHOP = "over-http.myshopify.com";
let server: FakeAdminServer;
let token: string;

beforeAll(async () => {
  server = await startFakeAdminServer();
  server.fake.store.addShop({ domain: SHOP });
  server.fake.store.addProduct(SHOP, { title: "Cotton tee", images: [{ alt: "Tee" }] });
  token = server.fake.issueAccessToken(SHOP);
});
afterAll(() => server.close());

const graphql = (
  path: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token, ...headers },
    body: JSON.stringify({ query, variables }),
  });

describe("the fake Admin API over HTTP on 127.0.0.1", () => {
  it("answers GraphQL with the shop in the path or in X-Shopify-Shop-Domain", async () => {
    const byPath = await graphql(
      `/shops/${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
      `
        {
          products(first: 5) {
            nodes {
              title
            }
          }
        }
      `,
    );
    expect(await byPath.json()).toMatchObject({ data: { products: { nodes: [{ title: "Cotton tee" }] } } });
    const byHeader = await graphql(
      `/admin/api/${ADMIN_API_VERSION}/graphql.json`,
      `
        {
          shop {
            myshopifyDomain
          }
        }
      `,
      {},
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(await byHeader.json()).toMatchObject({ data: { shop: { myshopifyDomain: SHOP } } });
  });

  it("hands out staged upload URLs and image URLs on itself, and serves them", async () => {
    const staged = await graphql(
      `/shops/${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
      `
        mutation ($input: [StagedUploadInput!]!) {
          stagedUploadsCreate(input: $input) {
            stagedTargets {
              url
              resourceUrl
            }
          }
        }
      `,
      { input: [{ filename: "look.png", mimeType: "image/png", resource: "IMAGE" }] },
    );
    const target = (
      (await staged.json()) as {
        data: { stagedUploadsCreate: { stagedTargets: { url: string; resourceUrl: string }[] } };
      }
    ).data.stagedUploadsCreate.stagedTargets[0]!;
    expect(target.url.startsWith(`${server.url}/uploads/`)).toBe(true);
    const put = await fetch(target.url, {
      method: "PUT",
      body: makePng(3, 3).slice(),
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(200);
    expect(server.fake.store.stagedUpload(target.resourceUrl)?.upload?.bytes).toEqual(makePng(3, 3));

    const media = await graphql(
      `/shops/${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
      `
        {
          products(first: 1) {
            nodes {
              featuredMedia {
                ... on MediaImage {
                  image {
                    url
                  }
                }
              }
            }
          }
        }
      `,
    );
    const url = (
      (await media.json()) as { data: { products: { nodes: { featuredMedia: { image: { url: string } } }[] } } }
    ).data.products.nodes[0]!.featuredMedia.image.url;
    expect(url.startsWith(`${server.url}/cdn/`)).toBe(true);
    const image = await fetch(url);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("drops the connection when told to simulate a network error", async () => {
    server.fake.networkErrorNext(1);
    await expect(
      graphql(
        `/shops/${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
        `
          {
            shop {
              name
            }
          }
        `,
      ),
    ).rejects.toThrow("fetch failed");
  });

  it("takes controls and shows its request log over HTTP, for tests in another process", async () => {
    const controls = (body: unknown) =>
      fetch(`${server.url}/__fake-admin/controls`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await controls({ action: "failNext", status: 502 })).status).toBe(200);
    const issued = (await (await controls({ action: "issueAccessToken", shop: SHOP })).json()) as {
      accessToken: string;
    };
    const failed = await graphql(
      `/shops/${SHOP}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
      `
        query Probe {
          shop {
            name
          }
        }
      `,
      {},
      {
        "X-Shopify-Access-Token": issued.accessToken,
      },
    );
    expect(failed.status).toBe(502);
    expect((await controls({ action: "failNext", status: 200 })).status).toBe(400);
    const log = (await (await fetch(`${server.url}/__fake-admin/requests`)).json()) as {
      outcome: string;
      status: number;
    }[];
    expect(log.at(-1)).toMatchObject({ outcome: "forced-failure", status: 502 });
  });

  it("serves @shopify/shopify-api's https://{shop} requests through fetchViaFakeAdminServer", async () => {
    const shopify = shopifyApi({
      apiKey: "k",
      apiSecretKey: "s",
      apiVersion: ADMIN_API_VERSION,
      hostName: "model-shots.test",
      isEmbeddedApp: true,
      logger: { level: LogSeverity.Error },
    });
    const previous = abstractFetch;
    setAbstractFetchFunc(fetchViaFakeAdminServer(server.url));
    try {
      const session = new Session({
        id: "offline_over-http",
        shop: SHOP,
        state: "",
        isOnline: false,
        accessToken: token,
      });
      const response = await new shopify.clients.Graphql({ session }).request<{ shop: { myshopifyDomain: string } }>(
        `{ shop { myshopifyDomain } }`,
      );
      expect(response.data?.shop.myshopifyDomain).toBe(SHOP);
    } finally {
      setAbstractFetchFunc(previous);
    }
  });
});
