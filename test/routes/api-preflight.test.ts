import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppDatabase } from "../support/app-modules";
import type { TestDatabase } from "../../harness/database";

/**
 * Admin extensions POST from Shopify's origin with an Authorization header, so the browser asks first with
 * OPTIONS; without an answer the POST is never sent.
 */
describe("the extension API routes", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await useAppDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(["api.renders", "api.runs", "api.run-preview"])("%s answers the CORS preflight", async (route) => {
    const { loader } = (await import(`../../app/routes/${route}/route.ts`)) as {
      loader: (args: { request: Request; params: object; context: object }) => Promise<Response>;
    };
    const request = new Request(`http://localhost:3000/${route.replace(".", "/")}`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://extensions.shopifycdn.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    let response: Response;
    try {
      response = await loader({ request, params: {}, context: {} });
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("authorization");
  });
});
