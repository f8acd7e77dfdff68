/**
 * The one way the server fetches anything on a shop's behalf (the try-on API and its catalogs, result downloads,
 * image probes, backgrounds). Shops choose these URLs, and the service chooses `output_url`, so every hop is checked:
 * http(s) only, no user name or password in the URL, and the address actually connected to must be public. The
 * address check runs inside the connection (undici's connect-time `lookup`), so a name that resolves differently the
 * second time (DNS rebinding) is checked on the address used. Redirects are followed here, one hop at a time, with the
 * same checks and a hop limit. See docs/decisions/050-outbound-path.md.
 */

import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { Agent, setGlobalDispatcher, type RequestInit as UndiciRequestInit } from "undici";

export type OutboundFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Names resolved to every address they have; the default is the system resolver (`dns.lookup`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundPolicy {
  /**
   * Addresses or CIDR ranges reachable although they are not public: OUTBOUND_ALLOW_HOSTS, set by development, the
   * sandbox and the tests (127.0.0.1). Production refuses to start with any.
   */
  allow: readonly string[];
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  resolve?: Resolver;
}

export const OUTBOUND_REFUSED = "OUTBOUND_REFUSED";

/** Why a URL or address was not fetched. Thrown wrapped like undici's own failures (see `refusal`). */
export class OutboundRefusedError extends Error {
  readonly code = OUTBOUND_REFUSED;
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefusedError";
  }
}

/**
 * A refusal looks exactly like any other failed connection to whoever sees its message ("fetch failed"): a shop must
 * not learn from a saved error whether an address was refused here or unreachable out there. The reason stays in
 * `cause` for logs and for classifying the failure as "never sent".
 */
function refusal(message: string): TypeError {
  return new TypeError("fetch failed", { cause: new OutboundRefusedError(message) });
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** True for a global unicast address: everything else (loopback, private, link-local, CGNAT, ...) is refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  // Deprecated IPv4-compatible addresses (::a.b.c.d) are tagged unicast by ipaddr.js, yet embed any IPv4 address.
  if (parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE)) return false;
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it stands for.
  return ipaddr.process(address).range() === "unicast";
}

type AllowEntry = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses OUTBOUND_ALLOW_HOSTS: comma-separated IP addresses or CIDR ranges. Throws naming a bad entry. */
export function parseAllowList(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) {
      throw new Error(`"${entry}" is not an IP address or CIDR range (names are not allowed: list their addresses)`);
    }
  }
  return entries;
}

function toRanges(allow: readonly string[]): AllowEntry[] {
  return allow.map((entry) => {
    if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
    const address = ipaddr.process(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
}

export function makeAddressCheck(allow: readonly string[]): (address: string) => boolean {
  const ranges = toRanges(allow);
  return (address) => {
    if (isPublicAddress(address)) return true;
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * The two halves of the guard: a dispatcher whose every connection is checked at connect time, and the check of a URL
 * before it is requested (scheme, credentials, a literal address). Whoever requests through the dispatcher without
 * fetch (the try-on client's API calls, app/tryon/service-transport.ts) checks each URL with `checkUrl` first.
 */
export interface OutboundGuard {
  dispatcher: Agent;
  /** The URL parsed, or a refusal thrown shaped like fetch's own failures. */
  checkUrl(target: string | URL): URL;
}

export function makeOutboundGuard(policy: OutboundPolicy): OutboundGuard {
  const allowed = makeAddressCheck(policy.allow);
  const resolve = policy.resolve ?? systemResolver;

  // Called by the socket for every connection to a name, with the name the URL gave: only allowed addresses are
  // handed back, so the connection cannot go anywhere else.
  const guardedLookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter((entry) => allowed(entry.address));
        const first = usable[0];
        if (!first) {
          callback(new OutboundRefusedError(`${hostname} resolves only to addresses that are not public`), "");
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
  const agent = new Agent({ connect: { lookup: guardedLookup } });

  const checkUrl = (target: string | URL): URL => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw refusal("not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw refusal(`${url.protocol} URLs are not fetched`);
    if (url.username || url.password) throw refusal("URLs with a user name or password are not fetched");
    // The URL parser has already turned decimal, octal and hex IPv4 forms into dotted ones. A literal address never
    // goes through `lookup`, so it is checked here.
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (ipaddr.isValid(host) && !allowed(host)) throw refusal(`${host} is not a public address`);
    return url;
  };
  return { dispatcher: agent, checkUrl };
}

/**
 * Builds the guarded fetch. It has the shape of `fetch`; `redirect: "follow"` (the default) is done here hop by hop,
 * "manual" hands back the 3xx untouched, "error" fails on one.
 */
export function makeOutboundFetch(
  policy: OutboundPolicy,
  guard: OutboundGuard = makeOutboundGuard(policy),
): OutboundFetch {
  const { dispatcher: agent, checkUrl } = guard;
  const maxRedirects = policy.maxRedirects ?? 5;

  return async function outboundFetch(input, init = {}) {
    const mode = init.redirect ?? "follow";
    const headers = new Headers(init.headers);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    let url = checkUrl(input);
    for (let hop = 0; ; hop += 1) {
      const requestInit: UndiciRequestInit = {
        method,
        headers: Object.fromEntries(headers),
        // The two fetch typings (DOM lib, undici) describe the same bodies and signals with different names.
        body: body as UndiciRequestInit["body"],
        signal: init.signal as UndiciRequestInit["signal"],
        redirect: "manual",
        dispatcher: agent,
        ...(body instanceof ReadableStream ? { duplex: "half" as const } : {}),
      };
      // The platform's fetch, with our Agent as its dispatcher: read at each call, so test doubles that replace fetch
      // (msw) still see every request; the address checks above and in `lookup` apply whenever a socket is opened.
      const response = await globalThis.fetch(url, requestInit as RequestInit);
      const location = response.headers.get("location");
      if (mode === "manual" || !REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (mode === "error") throw refusal("redirected");
      if (hop >= maxRedirects) throw refusal(`more than ${maxRedirects} redirects`);
      const next = checkUrl(new URL(location, url));
      // Credentials go to the origin they were given for, never on to where it redirects (as fetch does).
      if (next.origin !== url.origin) {
        headers.delete("authorization");
        headers.delete("cookie");
      }
      if (response.status === 303 || (method === "POST" && response.status !== 307 && response.status !== 308)) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = undefined;
        headers.delete("content-type");
      } else if (body !== undefined && body !== null && typeof body !== "string") {
        // A streamed body cannot be sent twice.
        throw refusal("a streamed request cannot be redirected");
      }
      url = next;
    }
  };
}

let processFetch: OutboundFetch | undefined;
let processGuard: OutboundGuard | undefined;

function installPolicy(policy: OutboundPolicy): OutboundGuard {
  processGuard = makeOutboundGuard(policy);
  processFetch = makeOutboundFetch(policy, processGuard);
  return processGuard;
}

/** Replaces the process's policy (tests: an injected resolver, the allow-list switched off or on). */
export function useOutboundPolicy(policy: OutboundPolicy): void {
  installPolicy(policy);
}

/** The process's guard: one dispatcher (so one pool of kept-alive connections per origin) for fetch and the rest. */
export function outboundGuard(): OutboundGuard {
  return processGuard ?? installPolicy({ allow: parseAllowList(process.env.OUTBOUND_ALLOW_HOSTS) });
}

/** The process's guarded fetch, allowing what OUTBOUND_ALLOW_HOSTS lists (validated at boot by env.server.ts). */
export function outboundFetch(input: string, init?: RequestInit): Promise<Response> {
  if (!processFetch) outboundGuard();
  return (processFetch as OutboundFetch)(input, init);
}

/**
 * Makes the process's plain `fetch` (the Shopify API library's requests, staged uploads) use this package's undici
 * too, instead of the copy bundled in Node, so a worker runs one HTTP/1.1 parser. Each copy's parser is WebAssembly
 * that V8 recompiles with its optimising compiler once it is busy, which takes up to 9 MB for a moment; with two
 * copies those moments can coincide with the first burst of imports (benchmark 4, docs/decisions/054-import-memory.md).
 * Only the dispatcher changes: what `fetch` sends and the guarded path above are the same.
 */
export function installOneHttpClient(): void {
  setGlobalDispatcher(new Agent());
}
