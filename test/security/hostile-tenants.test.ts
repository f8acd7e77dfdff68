import sharp from "sharp";
import type { LookupAddress } from "node:dns";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOutboundFetch, outboundFetch, useOutboundPolicy, type Resolver } from "~/net/outbound";
import { checkKeyAgainstService } from "~/settings/settings.server";
import { createTryOnClient } from "~/tryon";
import { probeImage } from "~/tryon/image-probe";

/**
 * A hostile shop types URLs (the service address, a background) and a hostile service answers `output_url`s, all
 * aimed at this machine. A TCP listener on 127.0.0.1 and ::1 counts every connection it receives: with the allow-list
 * off for those addresses it must receive none, through every entry point, whatever form the address takes. The
 * "allowed service" (a try-on service the app may reach) runs on 127.0.0.2, the only allow-listed address, so
 * redirects from an allowed host into 127.0.0.1 can be tried too.
 */

const ALLOWED_SERVICE_HOST = "127.0.0.2";

/** Names a hostile shop might own, resolving to this machine (no DNS needed: injected, as a real resolver would). */
const HOSTILE_NAMES: Record<string, LookupAddress[]> = {
  "loopback.hostile.test": [{ address: "127.0.0.1", family: 4 }],
  "127.0.0.1.hostile.test": [{ address: "127.0.0.1", family: 4 }],
  "v6.hostile.test": [{ address: "::1", family: 6 }],
  "mapped.hostile.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "both.hostile.test": [
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 },
  ],
  "unspecified.hostile.test": [{ address: "0.0.0.0", family: 4 }],
  // A poisoned answer for the one host backgrounds may name: the connect-time check still refuses it.
  "cdn.shopify.com": [{ address: "127.0.0.1", family: 4 }],
};

const resolver: Resolver = async (hostname) => {
  const injected = HOSTILE_NAMES[hostname.toLowerCase().replace(/\.$/, "")];
  if (injected) return injected;
  if (hostname === "localhost" || hostname === "localhost.") {
    return [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
  }
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = "ENOTFOUND";
  throw error;
};

let target: Awaited<ReturnType<typeof startConnectionCounter>>;
let service: Awaited<ReturnType<typeof startAllowedService>>;

/** Counts connections, whatever is sent on them (plain HTTP, a TLS hello, gopher): the socket is closed at once. */
async function startConnectionCounter() {
  const servers: TcpServer[] = [];
  let connections = 0;
  const listen = (port: number, host: string) =>
    new Promise<TcpServer>((resolve, reject) => {
      const server = createTcpServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      server.once("error", reject);
      server.listen(port, host, () => resolve(server));
    });
  const first = await listen(0, "127.0.0.1");
  servers.push(first);
  const port = (first.address() as AddressInfo).port;
  await listen(port, "::1")
    .then((server) => servers.push(server))
    .catch(() => undefined);
  return {
    port,
    get connections() {
      return connections;
    },
    close: () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(() => {}),
  };
}

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * The allowed service: lists a catalog, answers a completed status whose output_url is what the test chose, serves a
 * product photo, and redirects `/redirect?to=` wherever it is told (`/chain/N` redirects N more times first).
 */
async function startAllowedService() {
  // Large enough to pass the result check (app/tryon/result-image.ts).
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
    .png()
    .toBuffer();
  let requests = 0;
  let outputUrl = "";
  const server: HttpServer = createHttpServer((request, response) => {
    requests += 1;
    const url = new URL(request.url ?? "/", "http://service");
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      response.end();
    } else if (url.pathname.startsWith("/chain/")) {
      const left = Number(url.pathname.slice("/chain/".length));
      const to = url.searchParams.get("to") ?? "/";
      response.writeHead(302, { location: left > 0 ? `/chain/${left - 1}?to=${encodeURIComponent(to)}` : to });
      response.end();
    } else if (url.pathname === "/photo.png") {
      response.writeHead(200, { "content-type": "image/png", "content-length": String(photo.length) });
      response.end(request.method === "HEAD" ? undefined : photo);
    } else if (url.pathname.startsWith("/api/v1/tryon/apparel/")) {
      json({ data: { status: "completed", output_url: outputUrl } });
    } else if (url.pathname.startsWith("/api/v1/")) {
      json({ data: [{ id: "m1", product_types: ["top"] }] });
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, ALLOWED_SERVICE_HOST, () => resolve());
  });
  const origin = `http://${ALLOWED_SERVICE_HOST}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    get requests() {
      return requests;
    },
    setOutputUrl(value: string) {
      outputUrl = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every form of "this machine" the suite tries; `P` is the counting listener's port. */
function hostileForms(port: number, serviceOrigin: string): string[] {
  const direct = [
    `http://127.0.0.1:${port}/`,
    `http://2130706433:${port}/`, // decimal
    `http://0177.0.0.1:${port}/`, // octal
    `http://017700000001:${port}/`, // octal, one number
    `http://0x7f.0x0.0x0.0x1:${port}/`, // hex, dotted
    `http://0x7f000001:${port}/`, // hex, one number
    `http://127.1:${port}/`, // short forms
    `http://127.0.1:${port}/`,
    `http://0.0.0.0:${port}/`, // unspecified: Linux connects it to this machine
    `http://0:${port}/`,
    `https://127.0.0.1:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
    `http://[0000:0000:0000:0000:0000:0000:0000:0001]:${port}/`,
    `http://[::127.0.0.1]:${port}/`, // IPv4-compatible (deprecated)
    `http://localhost:${port}/`,
    `http://LocalHost.:${port}/`,
    `http://loopback.hostile.test:${port}/`,
    `http://127.0.0.1.hostile.test:${port}/`,
    `http://v6.hostile.test:${port}/`,
    `http://mapped.hostile.test:${port}/`,
    `http://both.hostile.test:${port}/`,
    `http://unspecified.hostile.test:${port}/`,
    `http://user:secret@${ALLOWED_SERVICE_HOST}:${port}/`, // userinfo (even on the allowed host)
    `gopher://127.0.0.1:${port}/_GET%20/`,
    `file:///etc/passwd`,
    `data:image/png;base64,${PNG_1X1.toString("base64")}`,
    `ftp://127.0.0.1:${port}/`,
    `https://cdn.shopify.com/s/files/1/shop/files/background.png`, // resolves to 127.0.0.1 here
  ];
  const via = (to: string) => `${serviceOrigin}/redirect?to=${encodeURIComponent(to)}`;
  const redirected = [
    via(`http://127.0.0.1:${port}/`),
    via(`http://2130706433:${port}/`),
    via(`http://[::ffff:127.0.0.1]:${port}/`),
    via(`http://localhost:${port}/`),
    via(`http://loopback.hostile.test:${port}/`),
    via(`//127.0.0.1:${port}/`), // scheme-relative
    via(`gopher://127.0.0.1:${port}/_x`),
    `${serviceOrigin}/chain/3?to=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`,
    `${serviceOrigin}/chain/40?to=${encodeURIComponent(`${serviceOrigin}/photo.png`)}`, // long chain, harmless end
  ];
  return [...direct, ...redirected];
}

interface EntryPoint {
  name: string;
  /** Uses the URL as the app would; resolves to whether the app accepted it (it never should here). */
  attempt(url: string): Promise<boolean>;
}

const fastClient = (baseUrl: string) =>
  createTryOnClient({
    baseUrl,
    apiKey: "shop-key",
    timeoutMs: 3_000,
    readRetry: { attempts: 1 },
    sleep: async () => undefined,
  });

function entryPoints(): EntryPoint[] {
  return [
    {
      // Settings: the address is checked with the shop's key before it is saved.
      name: "Settings service address",
      attempt: async (url) => (await checkKeyAgainstService(url, "shop-key")).ok,
    },
    {
      // The service answers output_url; the worker downloads it into the shop's Files.
      name: "output_url",
      attempt: async (url) => {
        service.setOutputUrl(url);
        return fastClient(service.origin)
          .downloadJobResult({ jobId: "job-1" })
          .then(
            async (image) => {
              await image.body.cancel();
              return true;
            },
            () => false,
          );
      },
    },
    {
      // A render's background, probed before any credit is spent.
      name: "background",
      attempt: async (url) => {
        const checked = await fastClient(service.origin).checkTryOnInput({
          productType: "top",
          productImages: [`${service.origin}/photo.png`],
          mannequinId: "m1",
          poseId: "m1",
          background: url,
          resolution: "2K",
          aspectRatio: "3:4",
        });
        return checked.ok;
      },
    },
    {
      // Product photos probed while a bulk run is planned (app/renders/runs/plan-run.server.ts).
      name: "image probe",
      attempt: (url) =>
        probeImage(url, { fetch: outboundFetch, timeoutMs: 3_000, maxBytes: 10_000_000 }).then(
          () => true,
          () => false,
        ),
    },
  ];
}

beforeAll(async () => {
  target = await startConnectionCounter();
  service = await startAllowedService();
  useOutboundPolicy({ allow: [ALLOWED_SERVICE_HOST], resolve: resolver });
});

afterAll(async () => {
  await target.close();
  await service.close();
});

describe("a hostile tenant, with the allow-list off for 127.0.0.1", () => {
  it("reaches nothing on this machine through any entry point, whatever form the address takes", async () => {
    const forms = hostileForms(target.port, service.origin);
    const entries = entryPoints();
    expect(forms.length).toBeGreaterThanOrEqual(30);
    const accepted: string[] = [];
    for (const entry of entries) {
      for (const form of forms) {
        // The long chain to a harmless photo is the one form an image probe may accept: it proves the hop limit by
        // failing, so any acceptance is reported.
        if (await entry.attempt(form)) accepted.push(`${entry.name}: ${form}`);
      }
    }
    console.log(
      `hostile-tenant suite: ${forms.length} address forms × ${entries.length} entry points = ${
        forms.length * entries.length
      } attempts; connections received on 127.0.0.1/::1: ${target.connections}`,
    );
    expect(target.connections).toBe(0);
    expect(accepted).toEqual([]);
  });

  it("gives up on a redirect chain after the hop limit", async () => {
    const before = service.requests;
    const ok = await entryPoints()[3]!.attempt(
      `${service.origin}/chain/40?to=${encodeURIComponent(`${service.origin}/photo.png`)}`,
    );
    expect(ok).toBe(false);
    // The first request and 5 redirects followed, then no more.
    expect(service.requests - before).toBeLessThanOrEqual(12);
  });

  it("refuses private, link-local, CGNAT, unique-local and multicast addresses before connecting", async () => {
    const guarded = makeOutboundFetch({ allow: [], resolve: resolver });
    const addresses = [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.10",
      "[fc00::1]",
      "[fd12:3456::1]",
      "[fe80::1]",
      "[ff02::1]",
      "[64:ff9b::a00:1]",
      "[2002:a00:1::]",
    ];
    for (const address of addresses) {
      const failure = await guarded(`http://${address}/latest/meta-data/`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, address).toBeInstanceOf(TypeError);
      expect((failure as TypeError).message, address).toBe("fetch failed");
      expect(((failure as TypeError).cause as { code?: string }).code, address).toBe("OUTBOUND_REFUSED");
    }
  });

  it("saves the same words for a refused address as for one that does not answer", async () => {
    const messageFor = (url: string) =>
      probeImage(url, { fetch: outboundFetch, timeoutMs: 3_000, maxBytes: 1_000 }).then(
        () => "accepted",
        (error: Error) => error.message,
      );
    const refused = await messageFor(`http://127.0.0.1:${target.port}/`);
    const unknownHost = await messageFor("http://no-such-host.hostile.test/");
    const closedPort = await messageFor(`http://${ALLOWED_SERVICE_HOST}:1/`);
    expect(refused).toBe("the image could not be reached");
    expect(unknownHost).toBe(refused);
    expect(closedPort).toBe(refused);
  });
});

describe("the suite's own controls", () => {
  it("every entry point accepts an honest URL on the allowed service (so a refusal above is the guard's)", async () => {
    const honest: Record<string, string> = {
      "Settings service address": service.origin,
      output_url: `${service.origin}/photo.png`,
      // Backgrounds are catalog ids or images on Shopify's CDN only (app/tryon/background-policy.ts).
      background: "m1",
      "image probe": `${service.origin}/redirect?to=${encodeURIComponent("/photo.png")}`,
    };
    for (const entry of entryPoints()) expect(await entry.attempt(honest[entry.name]!), entry.name).toBe(true);
  });

  it("does count connections when 127.0.0.1 is allow-listed (so zero above means refused)", async () => {
    useOutboundPolicy({ allow: [ALLOWED_SERVICE_HOST, "127.0.0.1", "::1"], resolve: resolver });
    try {
      const before = target.connections;
      // The last name exists only in the injected resolver: a connection proves the guarded Agent made it.
      const forms = [
        `http://2130706433:${target.port}/`,
        `http://localhost:${target.port}/`,
        `http://loopback.hostile.test:${target.port}/`,
      ];
      for (const form of forms) {
        const counted = target.connections;
        await entryPoints()[3]!.attempt(form);
        expect(target.connections - counted, form).toBeGreaterThanOrEqual(1);
      }
      expect(target.connections - before).toBeGreaterThanOrEqual(3);
    } finally {
      useOutboundPolicy({ allow: [ALLOWED_SERVICE_HOST], resolve: resolver });
    }
  });
});
