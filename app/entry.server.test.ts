import { Writable } from "node:stream";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeLogger, replaceAppLogger } from "~/lib/logger.server";
import * as entry from "./entry.server";

// The document path (Shopify's headers, the in-process worker) is not what is tested here, and needs a database.
vi.mock("./shopify.server", () => ({ addDocumentResponseHeaders: () => {} }));
vi.mock("~/worker/in-process.server", () => ({ ensureInProcessWorker: () => {} }));

const TOKEN = "shpat_0123456789abcdef0123456789abcdef";
const KEY = "sk_live_5f2c9e0a7b3d41e6";

/** A Remix app of one resource route whose loader throws, served with this entry module as a production build is. */
function appThrowing(error: Error) {
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/boom": {
        id: "routes/boom",
        parentId: "root",
        path: "boom",
        module: {
          loader: () => {
            throw error;
          },
        },
      },
    },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "build",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, restore: replaceAppLogger(makeLogger({ destination })) };
}

describe("Remix's report of an error thrown on the server", () => {
  let restore = () => {};
  afterEach(() => {
    restore();
    vi.restoreAllMocks();
  });

  it("goes through the app's logger, with a token or key in the error's message hidden", async () => {
    const logged = capturedLogger();
    restore = logged.restore;
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const handle = appThrowing(new Error(`Shopify refused X-Shopify-Access-Token: ${TOKEN} for apiKey=${KEY}`));

    const response = await handle(new Request("http://localhost:3000/boom"));

    expect(response.status).toBe(500);
    const written = [...logged.lines, ...consoleError.mock.calls.map((call) => call.map(String).join(" "))].join("\n");
    expect(written).not.toContain(TOKEN);
    expect(written).not.toContain(KEY);
    // The error is reported all the same: what it said, with the secrets replaced, and where.
    const [line] = logged.lines.map(
      (text) => JSON.parse(text) as { msg: string; path: string; err: { message: string } },
    );
    expect(line).toMatchObject({ msg: "server error", path: "/boom" });
    expect(line?.err.message).toBe("Shopify refused X-Shopify-Access-Token: [redacted] for apiKey=[redacted]");
  });

  it("says nothing of a request the client gave up on", async () => {
    const logged = capturedLogger();
    restore = logged.restore;
    const request = new Request("http://localhost:3000/boom", { signal: AbortSignal.abort() });
    entry.handleError(new Error(`aborted with ${TOKEN}`), { request, params: {}, context: {} });
    expect(logged.lines).toEqual([]);
  });
});
