/**
 * How the guarded fetch follows redirects (app/net/outbound.ts): it does so itself, hop by hop, so it must keep
 * fetch's own rules for what a redirected request carries, and the caller's redirect mode and hop limit. Against a
 * local server on 127.0.0.1 (allow-listed), which records every request it receives.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPublicAddress, makeAddressCheck, makeOutboundFetch, outboundFetch, parseAllowList } from "./outbound";

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let origin: string;
let seen: Seen[];

/** `/status/<code>?to=<url>` answers that code with a Location; `/chain/<n>` redirects n more times; else 200. */
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://local");
      seen.push({
        method: request.method ?? "",
        path: url.pathname,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const status = /^\/status\/(\d+)$/.exec(url.pathname);
      const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (status) {
        const to = url.searchParams.get("to") ?? "/end";
        response.writeHead(Number(status[1]), to === "none" ? {} : { location: to });
      } else if (chain && Number(chain[1]) > 0) {
        response.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` });
      } else {
        response.writeHead(200, { "content-type": "text/plain" });
      }
      response.end(status || (chain && Number(chain[1]) > 0) ? "" : `answered ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const guarded = makeOutboundFetch({ allow: ["127.0.0.1"] });
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => ((error as TypeError).cause as Error | undefined)?.message ?? String(error),
  );

describe("what a redirected request carries", () => {
  it.each([301, 302])("a POST redirected by %i becomes a GET without its body or Content-Type", async (code) => {
    const response = await guarded(`${origin}/status/${code}?to=/end`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-kept": "yes" },
      body: '{"job":1}',
    });
    expect(await response.text()).toBe("answered /end");
    expect(seen.map((request) => [request.method, request.path, request.body])).toEqual([
      ["POST", `/status/${code}`, '{"job":1}'],
      ["GET", "/end", ""],
    ]);
    expect(seen[1]?.headers["content-type"]).toBeUndefined();
    expect(seen[1]?.headers["x-kept"]).toBe("yes");
  });

  it("a 303 turns any method but HEAD into a GET, and keeps HEAD a HEAD", async () => {
    await guarded(`${origin}/status/303?to=/end`, { method: "PUT", body: "x" });
    await guarded(`${origin}/status/303?to=/end`, { method: "HEAD" });
    expect(seen.map((request) => [request.method, request.path, request.body])).toEqual([
      ["PUT", "/status/303", "x"],
      ["GET", "/end", ""],
      ["HEAD", "/status/303", ""],
      ["HEAD", "/end", ""],
    ]);
  });

  it.each([307, 308])("a %i resends the same method and body", async (code) => {
    await guarded(`${origin}/status/${code}?to=/end`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "same body",
    });
    expect(seen.map((request) => [request.method, request.path, request.body])).toEqual([
      ["POST", `/status/${code}`, "same body"],
      ["POST", "/end", "same body"],
    ]);
    expect(seen[1]?.headers["content-type"]).toBe("text/plain");
  });

  it("refuses to redirect a streamed body, which cannot be sent twice", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("streamed"));
        controller.close();
      },
    });
    const reason = await refusalOf(guarded(`${origin}/status/307?to=/end`, { method: "POST", body }));
    expect(reason).toBe("a streamed request cannot be redirected");
    expect(seen.map((request) => request.path)).toEqual(["/status/307"]);
  });

  it("a status that is not a redirect, or a redirect without a Location, is answered as it is", async () => {
    const notModified = await guarded(`${origin}/status/304?to=/end`);
    expect(notModified.status).toBe(304);
    expect(seen.map((request) => request.path)).toEqual(["/status/304"]);
    const noLocation = await guarded(`${origin}/status/302?to=none`);
    expect(noLocation.status).toBe(302);
    expect(seen.map((request) => request.path)).toEqual(["/status/304", "/status/302"]);
  });

  it("a PUT redirected by 302 stays a PUT with its body (only POST turns into GET there)", async () => {
    await guarded(`${origin}/status/302?to=/end`, { method: "PUT", body: "kept" });
    expect(seen.map((request) => [request.method, request.path, request.body])).toEqual([
      ["PUT", "/status/302", "kept"],
      ["PUT", "/end", "kept"],
    ]);
  });
});

describe("the caller's redirect mode and hop limit", () => {
  it('"manual" hands back the 3xx with its Location, following nothing', async () => {
    const response = await guarded(`${origin}/status/302?to=/end`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/end");
    expect(seen).toHaveLength(1);
  });

  it('"error" fails on a redirect, following nothing', async () => {
    expect(await refusalOf(guarded(`${origin}/status/302?to=/end`, { redirect: "error" }))).toBe("redirected");
    expect(seen).toHaveLength(1);
  });

  it("follows exactly maxRedirects hops (5 by default) and refuses the next", async () => {
    expect(await (await guarded(`${origin}/chain/5`)).text()).toBe("answered /chain/0");
    expect(seen).toHaveLength(6);
    seen = [];
    expect(await refusalOf(guarded(`${origin}/chain/6`))).toBe("more than 5 redirects");
    expect(seen).toHaveLength(6);
    seen = [];
    const twoHops = makeOutboundFetch({ allow: ["127.0.0.1"], maxRedirects: 2 });
    expect(await (await twoHops(`${origin}/chain/2`)).text()).toBe("answered /chain/0");
    expect(await refusalOf(twoHops(`${origin}/chain/3`))).toBe("more than 2 redirects");
  });
});

describe("URLs refused before anything is sent", () => {
  it.each([
    ["not a URL", "not a valid URL"],
    ["ftp://127.0.0.1/file", "ftp: URLs are not fetched"],
    ["file:///etc/passwd", "file: URLs are not fetched"],
    ["http://user@127.0.0.1/", "URLs with a user name or password are not fetched"],
    ["http://:secret@127.0.0.1/", "URLs with a user name or password are not fetched"],
    ["http://10.0.0.1/", "10.0.0.1 is not a public address"],
    ["http://[::1]/", "::1 is not a public address"],
  ])("%s: %s", async (url, reason) => {
    expect(await refusalOf(guarded(url))).toBe(reason);
  });

  it("lets https through to the connection (it fails there: the local server speaks plain http)", async () => {
    const reason = await refusalOf(guarded(`https://127.0.0.1:${new URL(origin).port}/`));
    expect(reason).not.toBeNull();
    expect(reason).not.toContain("URLs are not fetched");
  });

  it("refuses a redirect to a private address, after the first hop only", async () => {
    expect(await refusalOf(guarded(`${origin}/status/302?to=${encodeURIComponent("http://10.1.2.3/")}`))).toBe(
      "10.1.2.3 is not a public address",
    );
    expect(seen).toHaveLength(1);
  });
});

describe("which addresses are public, and what the allow-list lets through", () => {
  it("a public address is global unicast, in any spelling; anything else, or no address at all, is not", () => {
    for (const address of ["8.8.8.8", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    // ::808:808 is 8.8.8.8 in the deprecated IPv4-compatible form, which ipaddr.js tags unicast whatever it embeds.
    for (const address of ["::808:808", "::7f00:1", "::ffff:127.0.0.1", "127.0.0.1", "fd00::1", "example.com", ""]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("an allow-listed address lets that address through, not its neighbours; a range lets its members", () => {
    const single = makeAddressCheck(["127.0.0.1", "::1"]);
    expect([single("127.0.0.1"), single("::ffff:127.0.0.1"), single("::1")]).toEqual([true, true, true]);
    expect([single("127.0.0.2"), single("::2"), single("8.8.8.8"), single("no address")]).toEqual([
      false,
      false,
      true,
      false,
    ]);
    const ranges = makeAddressCheck(["10.0.0.0/8", "fd00::/8"]);
    expect([ranges("10.200.0.1"), ranges("fd12::1"), ranges("192.168.0.1"), ranges("fe80::1")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("OUTBOUND_ALLOW_HOSTS is read as trimmed entries, empty ones dropped, names refused", () => {
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList(" 10.0.0.1 , ,fd00::/8,")).toEqual(["10.0.0.1", "fd00::/8"]);
    expect(() => parseAllowList("10.0.0.1,localhost")).toThrow(
      '"localhost" is not an IP address or CIDR range (names are not allowed: list their addresses)',
    );
  });
});

describe("names, resolved at connect time", () => {
  const port = () => new URL(origin).port;

  it("without an injected resolver, a name is resolved by the system and connected to where allowed", async () => {
    const local = makeOutboundFetch({ allow: ["127.0.0.1", "::1"] });
    expect(await (await local(`http://localhost:${port()}/named`)).text()).toBe("answered /named");
  });

  it("the process's own fetch allows what OUTBOUND_ALLOW_HOSTS lists (the tests' .env.example: 127.0.0.1)", async () => {
    expect(process.env.OUTBOUND_ALLOW_HOSTS).toContain("127.0.0.1");
    expect(await (await outboundFetch(`${origin}/process`)).text()).toBe("answered /process");
  });

  it("a name resolving only to private addresses is refused naming it, and nothing is sent", async () => {
    const privateOnly = makeOutboundFetch({
      allow: [],
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(await refusalOf(privateOnly(`http://inside.example:${port()}/`))).toBe(
      "inside.example resolves only to addresses that are not public",
    );
    expect(seen).toEqual([]);
  });

  it("a resolver's failure is the request's failure", async () => {
    const failing = makeOutboundFetch({
      allow: ["127.0.0.1"],
      resolve: () =>
        Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example"), { code: "ENOTFOUND" })),
    });
    expect(await refusalOf(failing(`http://nowhere.example:${port()}/`))).toBe("getaddrinfo ENOTFOUND nowhere.example");
  });
});
