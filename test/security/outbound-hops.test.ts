/**
 * Two properties of the one outbound path (app/net/outbound.ts) that no test named (issue 27 point 6):
 * credentials never follow a redirect to another origin, and a name that resolves to a public and a private address
 * is only ever connected to at the public one. 127.0.0.2 stands in for a public address (the only one allow-listed
 * where it matters); other loopback addresses are private, as in production.
 */
import sharp from "sharp";
import type { LookupAddress } from "node:dns";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStream } from "~/lib/streams";
import { makeOutboundFetch, type Resolver } from "~/net/outbound";
import { createTryOnClient, silentTryOnLogger } from "~/tryon";

const PUBLIC = "127.0.0.2";
const KEY = "sk_live_outbound_hops";

interface Recorder {
  origin: string;
  port: number;
  /** Headers of every request received, in order. */
  seen: Array<{ path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** An HTTP server that records what it was sent; `/to?url=` redirects there, anything else answers a PNG. */
async function startRecorder(host: string, png: Buffer, port = 0): Promise<Recorder> {
  const seen: Recorder["seen"] = [];
  const server: HttpServer = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://recorder");
    seen.push({ path: url.pathname, headers: request.headers });
    if (url.pathname === "/to") {
      response.writeHead(302, { location: url.searchParams.get("url") ?? "/" });
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "image/png", "content-length": String(png.length) });
    response.end(png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${bound}`,
    port: bound,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("credentials and redirects", () => {
  let service: Recorder;
  let elsewhere: Recorder;
  const fetchThrough = makeOutboundFetch({ allow: ["127.0.0.1", PUBLIC] });

  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    service = await startRecorder(PUBLIC, png);
    // Same host name, another port: another origin.
    elsewhere = await startRecorder("127.0.0.1", png);
  });
  afterAll(async () => {
    await service?.close();
    await elsewhere?.close();
  });

  const last = (recorder: Recorder) => recorder.seen.at(-1)?.headers ?? {};
  const via = (target: string) => `${service.origin}/to?url=${encodeURIComponent(target)}`;

  it("an Authorization or Cookie header never follows a redirect to another origin, and stays on the same one", async () => {
    const headers = { Authorization: `Bearer ${KEY}`, Cookie: "session=secret" };
    const away = await fetchThrough(via(`${elsewhere.origin}/image.png`), { headers });
    await away.body?.cancel();
    expect(away.status).toBe(200);
    expect(last(service).authorization).toBe(`Bearer ${KEY}`);
    expect(last(elsewhere).authorization).toBeUndefined();
    expect(last(elsewhere).cookie).toBeUndefined();

    // Away and back again: once dropped, the credentials are not sent to the first origin either.
    const andBack = await fetchThrough(via(`${elsewhere.origin}/to?url=${encodeURIComponent(`${service.origin}/x`)}`), {
      headers,
    });
    await andBack.body?.cancel();
    expect(last(service).authorization).toBeUndefined();

    // Control: a redirect within the origin keeps them (the header really was sent and would have followed).
    const home = await fetchThrough(via(`${service.origin}/image.png`), { headers });
    await home.body?.cancel();
    expect(service.seen.at(-1)?.path).toBe("/image.png");
    expect(last(service).authorization).toBe(`Bearer ${KEY}`);
  });

  it("the try-on client's result download sends the key to the service only, not where the service redirects", async () => {
    const client = createTryOnClient({
      baseUrl: service.origin,
      apiKey: KEY,
      logger: silentTryOnLogger,
      fetch: (input, init) => fetchThrough(input, init),
    });
    const before = elsewhere.seen.length;
    const result = await client.downloadJobResult({
      jobId: "j1",
      outputUrl: via(`${elsewhere.origin}/results/j1.png`),
    });
    expect((await readStream(result.body)).byteLength).toBeGreaterThan(0);
    // The result URL is on the service's own origin, so the key went there; the hop elsewhere got none.
    expect(last(service).authorization).toBe(`Bearer ${KEY}`);
    expect(elsewhere.seen.length).toBe(before + 1);
    expect(last(elsewhere).authorization).toBeUndefined();
  });
});

describe("a name resolving to a public and a private address", () => {
  let publicServer: Recorder;
  let privateListener: TcpServer;
  let privateConnections = 0;
  const PRIVATE = "127.0.0.3";

  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    // The private address listens on the same port, so a connection there would succeed if it were tried.
    for (let attempt = 0; ; attempt += 1) {
      publicServer = await startRecorder(PUBLIC, png);
      try {
        privateListener = await new Promise<TcpServer>((resolve, reject) => {
          const server = createTcpServer((socket) => {
            privateConnections += 1;
            socket.destroy();
          });
          server.once("error", reject);
          server.listen(publicServer.port, PRIVATE, () => resolve(server));
        });
        break;
      } catch (error) {
        await publicServer.close();
        if (attempt >= 5) throw error;
      }
    }
  });
  afterAll(async () => {
    await publicServer?.close();
    await new Promise((resolve) => privateListener?.close(resolve));
  });

  /** The private address first, as a hostile DNS answer would put it; both families, in case one is preferred. */
  const ANSWERS: Record<string, LookupAddress[]> = {
    "mixed.hostile.test": [
      { address: PRIVATE, family: 4 },
      { address: "::1", family: 6 },
      { address: PUBLIC, family: 4 },
    ],
  };
  const resolver: Resolver = async (hostname) => {
    const answer = ANSWERS[hostname];
    if (answer) return answer;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  };

  it("connects only to the public one, on every request", async () => {
    const fetchThrough = makeOutboundFetch({ allow: [PUBLIC], resolve: resolver });
    for (let request = 0; request < 5; request += 1) {
      const response = await fetchThrough(`http://mixed.hostile.test:${publicServer.port}/photo.png`);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    expect(publicServer.seen).toHaveLength(5);
    expect(privateConnections).toBe(0);
  });
});
