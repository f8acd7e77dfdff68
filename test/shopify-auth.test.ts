import { setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, snapshotAllRows, type TestDatabase } from "../harness/database";
import type * as AppHome from "~/routes/app._index/route";
import { useAppDatabase } from "./support/app-modules";
import {
  badSessionTokenRequest,
  embeddedDocumentRequest,
  hostParam,
  sessionTokenRequest,
} from "../harness/shopify-requests";

const SHOP = "auth-test.myshopify.com";

async function responseOf(promise: Promise<unknown>): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(DATABASE_KINDS)("authenticate.admin on %s", (kind) => {
  let database: TestDatabase;
  let loader: typeof AppHome.loader;

  beforeAll(async () => {
    database = await useAppDatabase(kind);
    ({ loader } = await import("~/routes/app._index/route"));
    const { sessionStorage } = await import("~/shopify.server");
    // An installed shop: a non-expired offline session, as token exchange would have stored it.
    await sessionStorage.storeSession(
      setUpValidSession({
        shop: SHOP,
        expires: new Date(Date.now() + 3_600_000),
        scope: "read_products,write_products,write_files",
        accessToken: "shpat_valid",
      }),
    );
    await database.prisma.shop.create({ data: { domain: SHOP, scopes: "read_products,write_products,write_files" } });
  });
  afterAll(async () => {
    await database?.close();
  });

  const load = (request: Request) => responseOf(loader({ request, params: {}, context: {} }));

  it("lets a fetch with a valid session token through to the shop's data", async () => {
    const response = await load(await sessionTokenRequest("/app", SHOP));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ shop: SHOP });
  });

  it("lets a document load with a valid id_token through", async () => {
    const response = await load(await embeddedDocumentRequest("/app", SHOP));
    expect(response.status).toBe(200);
  });

  it.each(["forged", "expired"] as const)("answers 401 to a %s session token and changes nothing", async (flaw) => {
    const before = await snapshotAllRows(database.prisma);
    const response = await load(await badSessionTokenRequest("/app", SHOP, flaw));
    expect(response.status).toBe(401);
    // The library asks App Bridge to fetch a fresh token and retry.
    expect(response.headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("sends a document load without a session token to the session-token bounce page, changing nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    const response = await load(
      new Request(`http://localhost:3000/app?embedded=1&shop=${SHOP}&host=${hostParam(SHOP)}`),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\/session-token\?/);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("answers 401 to a fetch with no credentials at all", async () => {
    const response = await load(new Request("http://localhost:3000/app", { headers: { authorization: "Bearer " } }));
    expect(response.status).toBe(401);
  });
});
