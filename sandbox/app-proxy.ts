import { readFile } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { StubConfig } from "./frame-protocol";
import { compileBrowserScript, findInterFonts } from "./browser-scripts";
import { emptyStateIllustration } from "./demo-images";
import { listenOnLoopback } from "./loopback";

/**
 * The app as the browser sees it in the sandbox: a reverse proxy in front of the app's dev server that keeps
 * Shopify's CDN out of the picture. In every text response it rewrites `https://cdn.shopify.com/…` to local
 * paths: App Bridge's script becomes the sandbox's stub, Polaris' font and empty-state image are served here.
 * It also lets the sandbox's admin page frame the app (Shopify's CSP names only Shopify's admin origins).
 * The app's own code and responses are otherwise passed through untouched.
 */

export const APP_BRIDGE_STUB_PATH = "/__sandbox/app-bridge.js";
const LOCAL_CDN_PREFIX = "/__sandbox/cdn/";
const SHOPIFY_APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
const SHOPIFY_CDN = "https://cdn.shopify.com/";

const TEXT_TYPES = /^(text\/|application\/(javascript|json|x-javascript)|image\/svg\+xml)/i;

/** Shopify's CDN URLs in a response body, pointed at the sandbox instead. */
export function rewriteShopifyCdnUrls(body: string): string {
  return body.replaceAll(SHOPIFY_APP_BRIDGE_URL, APP_BRIDGE_STUB_PATH).replaceAll(SHOPIFY_CDN, LOCAL_CDN_PREFIX);
}

/** Shopify's frame-ancestors list names its admin origins; in the sandbox the admin page is local. */
export function rewriteFrameAncestors(csp: string, adminOrigin: string): string {
  return csp.replace(/frame-ancestors[^;]*/i, `frame-ancestors ${adminOrigin}`);
}

export interface AppProxy {
  /**
   * e.g. http://localhost:43123: the app's public URL (SHOPIFY_APP_URL) in the sandbox. Another origin than the
   * admin page's (another port), but the same site: a cross-site frame would lose sessionStorage in browsers that
   * block third-party storage, which Shopify's real admin and app domains do not run into the same way.
   */
  url: string;
  port: number;
  /** Set once the app's dev server is listening. */
  setTarget(port: number): void;
  close(): Promise<void>;
}

export async function startAppProxy(options: { port?: number; stub: StubConfig }): Promise<AppProxy> {
  const stubScript = `window.__MODEL_SHOTS_SANDBOX__ = ${JSON.stringify(options.stub)};\n${await compileBrowserScript("app-bridge-stub")}`;
  const illustration = await emptyStateIllustration();
  const fonts = await findInterFonts();
  const fontCss = fonts.length
    ? fonts
        .map(
          ({ weight }) =>
            `@font-face { font-family: "Inter"; font-style: normal; font-weight: ${weight}; font-display: swap; src: url("/__sandbox/fonts/inter-${weight}.woff2") format("woff2"); }`,
        )
        .join("\n")
    : "/* Inter is not available offline; Polaris falls back to the system font. */";
  let targetPort: number | null = null;

  const serveLocal = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const send = (status: number, type: string, body: string | Uint8Array, cache = "no-cache") => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": cache });
      res.end(body);
    };
    if (path === APP_BRIDGE_STUB_PATH) {
      send(200, "text/javascript; charset=utf-8", stubScript);
      return true;
    }
    const font = /^\/__sandbox\/fonts\/inter-(\d{3})\.woff2$/.exec(path);
    if (font) {
      const file = fonts.find((candidate) => candidate.weight === Number(font[1]));
      if (!file) send(404, "text/plain", "No such font");
      else send(200, "font/woff2", await readFile(file.file), "public, max-age=86400");
      return true;
    }
    if (path.startsWith(LOCAL_CDN_PREFIX)) {
      const cdnPath = path.slice(LOCAL_CDN_PREFIX.length - 1);
      if (cdnPath.startsWith("/static/fonts/")) send(200, "text/css; charset=utf-8", fontCss, "public, max-age=3600");
      else if (/^\/s\/files\/.+\.(png|jpe?g|svg|webp)$/i.test(cdnPath))
        send(200, "image/png", illustration, "public, max-age=3600");
      else send(404, "text/plain", `The sandbox has no offline copy of https://cdn.shopify.com${cdnPath}`);
      return true;
    }
    return false;
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (targetPort === null) {
      res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "1" });
      res.end("The app is still starting; reload in a moment.");
      return;
    }
    const headers = { ...req.headers };
    // Uncompressed, so text can be rewritten.
    delete headers["accept-encoding"];
    const upstream = httpRequest(
      { host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers },
      (answer) => {
        const responseHeaders = { ...answer.headers };
        const csp = responseHeaders["content-security-policy"];
        if (typeof csp === "string")
          responseHeaders["content-security-policy"] = rewriteFrameAncestors(csp, options.stub.adminOrigin);
        // Shopify's preload hint for its script; the stub is served locally and needs none.
        if (String(responseHeaders.link ?? "").includes(SHOPIFY_APP_BRIDGE_URL)) delete responseHeaders.link;
        const type = String(answer.headers["content-type"] ?? "");
        if (!TEXT_TYPES.test(type) || req.method === "HEAD") {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.from(rewriteShopifyCdnUrls(Buffer.concat(chunks).toString("utf8")), "utf8");
          delete responseHeaders["transfer-encoding"];
          responseHeaders["content-length"] = String(body.byteLength);
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders);
          res.end(body);
        });
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (error) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "Content-Type": "text/plain" });
      res.end(`The app's dev server did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  };

  const server = await listenOnLoopback(options.port ?? 0, (req, res) => {
    const path = new URL(req.url ?? "/", "http://sandbox.invalid").pathname;
    serveLocal(req, res, path)
      .then((served) => {
        if (!served) forward(req, res);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(error instanceof Error ? error.message : String(error));
      });
  });
  return {
    url: server.url,
    port: server.port,
    setTarget(next) {
      targetPort = next;
    },
    close: () => server.close(),
  };
}
