/** Builders for requests as Shopify's clients send them, for tests that drive the fake directly. */
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import type { FakeAdminApi } from "./fake-admin";

export function adminGraphqlRequest(options: {
  shop: string;
  query: string;
  variables?: Record<string, unknown>;
  accessToken?: string;
  apiVersion?: string;
}): Request {
  return new Request(`https://${options.shop}/admin/api/${options.apiVersion ?? ADMIN_API_VERSION}/graphql.json`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(options.accessToken ? { "X-Shopify-Access-Token": options.accessToken } : {}),
    },
    body: JSON.stringify({ query: options.query, variables: options.variables }),
  });
}

export interface GraphqlBody<TData = Record<string, unknown>> {
  data?: TData;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
  extensions?: {
    cost?: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

/** Runs a document for a shop with a fresh access token; returns the HTTP status and the parsed body. */
export async function runGraphql<TData = Record<string, unknown>>(
  fake: FakeAdminApi,
  shop: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: GraphqlBody<TData> }> {
  const accessToken = tokenFor(fake, shop);
  const response = await fake.handle(adminGraphqlRequest({ shop, query, variables, accessToken }));
  return { status: response.status, body: (await response.json()) as GraphqlBody<TData> };
}

const tokens = new WeakMap<FakeAdminApi, Map<string, string>>();
function tokenFor(fake: FakeAdminApi, shop: string): string {
  let byShop = tokens.get(fake);
  if (!byShop) tokens.set(fake, (byShop = new Map()));
  let token = byShop.get(shop);
  if (!token) byShop.set(shop, (token = fake.issueAccessToken(shop)));
  return token;
}
