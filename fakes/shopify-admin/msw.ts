/**
 * msw handlers that route Shopify-bound requests to a fake Admin API: GraphQL and the token endpoint of any
 * `https://{shop}/admin/…`, the staged upload target and the CDN. Use them with `setupServer` in a test:
 *
 *   const fake = createFakeAdminApi();
 *   const server = setupServer(...fakeAdminHandlers(fake));
 *   beforeAll(() => { server.listen({ onUnhandledRequest: "error" }); routeShopifyApiFetchThroughMsw(); });
 *   afterAll(() => server.close());
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { FakeNetworkError, type FakeAdminApi } from "./fake-admin";

export function fakeAdminHandlers(fake: FakeAdminApi): HttpHandler[] {
  const forward = async ({ request }: { request: Request }) => {
    try {
      return await fake.handle(request);
    } catch (error) {
      if (error instanceof FakeNetworkError) return HttpResponse.error();
      throw error;
    }
  };
  return [
    http.post("https://:shop/admin/api/:version/graphql.json", forward),
    http.post("https://:shop/admin/oauth/access_token", forward),
    // Origins are read per request: the HTTP server wrapper can move them after the handlers exist.
    http.all(({ request }) => request.url.startsWith(`${fake.uploadOrigin}/`), forward),
    http.get(({ request }) => request.url.startsWith(`${fake.cdnOrigin}/`), forward),
    http.get(({ request }) => request.url.startsWith(`${fake.bulkOrigin}/`), forward),
  ];
}

/**
 * @shopify/shopify-api's node adapter keeps the `globalThis.fetch` it saw when it was imported, which is
 * usually before msw patches fetch in `server.listen()`. Call this after `listen()` so the library looks fetch
 * up on every request and msw sees Shopify-bound calls.
 */
export function routeShopifyApiFetchThroughMsw(): void {
  setAbstractFetchFunc((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
}
