import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { parse as parseToml } from "smol-toml";
import { z } from "zod";
import { loadLocalEnv } from "../scripts/local-env";
import { startTryOnSimulator, type TryOnSimulator } from "../fakes/tryon-service";
import { startFakeAdminServer, type FakeAdminServer } from "../fakes/shopify-admin/server";
import type { FakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import { APP_TITLE, SANDBOX_STAFF_USER_ID, startAdminFrame, type AdminFrame } from "./admin-frame";
import { startAppProxy, type AppProxy } from "./app-proxy";
import { parseProductCsv } from "~/catalog/product-csv";
import { seedCatalogStore } from "./catalog-store";
import { DEMO_SHOP, DRIFTING_PRODUCT, seedDemoStore, type SeededDemoStore, type SeededStore } from "./demo-store";
import { freePort, LOOPBACK_ADDRESSES } from "./loopback";
import { readLocalCredentials } from "./local-credentials";
import { assertSandboxAllowed } from "./production-guard";
import { productionBuildArgs, productionBuildEnv, SHOPIFY_FETCH_PRELOAD } from "./production-build";
import { mintSessionToken } from "./session-token";

/**
 * Starts the whole app offline: the fake Admin API seeded with the demo store, the try-on simulator, the app
 * (its Remix dev server with the in-process worker, on a fresh embedded PostgreSQL through
 * scripts/with-database.ts), the app proxy and the admin page. Then installs the app in the demo shop through
 * the app's real token exchange, and saves the simulator's key and default options through the app's own
 * Settings action, so generating works at once.
 */

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The simulator's account key in the sandbox; the Settings page shows its last four characters. */
export const SANDBOX_TRYON_API_KEY = "sim_sandbox_demo_key";

/** Default options for new renders, as the Settings form posts them. Front-relaxed suits every garment type. */
const DEFAULT_RENDER_OPTIONS = {
  productType: "top",
  mannequinId: "mnq_amara",
  poseId: "pose_front_relaxed",
  background: "bg_warm_beige",
  resolution: "2K",
  aspectRatio: "3:4",
  bodySize: "M",
  expression: "neutral",
};

export const sandboxOptionsSchema = z.object({
  /** The admin page's port; 0 picks a free one. */
  port: z.number().int().min(0).max(65535).default(3000),
  /** Scales the simulator's 90-240 s jobs and the worker's schedule: 0.05 makes a render take 5-12 s. */
  timeFactor: z.number().positive().max(1).default(0.05),
  /** Try-on credits the simulator's account starts with. */
  credits: z.number().int().nonnegative().default(10_000),
  /** Vite's hot reloading; the e2e suite turns it off so edits elsewhere in the tree cannot reload its pages. */
  hotReload: z.boolean().default(true),
  /**
   * A Shopify product CSV export to load as the store instead of the demo store (sandbox/catalog-store.ts); a path,
   * relative to the working directory.
   */
  catalogFile: z.string().min(1).nullable().default(null),
  /** Save the simulator's key and default options in the shop's settings once installed. */
  seedSettings: z.boolean().default(true),
  /** Where rendered demo photos are cached between starts; null renders them every time. */
  imageCacheDir: z
    .string()
    .nullable()
    .default(join(REPO_ROOT, ".cache", "sandbox-images")),
  /** Where the admin extensions' bundles are cached between starts (by their sources' hash); null builds each time. */
  extensionCacheDir: z
    .string()
    .nullable()
    .default(join(REPO_ROOT, ".cache", "sandbox-extensions")),
  /**
   * The app as it is served: its Vite dev server (the default), or the production build (`npm run build` first)
   * under `remix-serve` with NODE_ENV=production, for measuring what staff get (the web-vitals benchmark). The
   * production build needs a PostgreSQL database (`databaseUrl`, migrated) and runs no worker: production refuses
   * the loopback addresses the simulator listens on, so nothing is generated and settings are not seeded.
   */
  /**
   * Serve the app as http://127.0.0.1 while the admin is http://localhost: two sites, so Chromium gives the app's
   * frame its own process, as it does for admin.shopify.com and an app's domain. Measurements need it: Chromium
   * reports a layout shift that a click causes in a same-process child frame as unexpected (no recent input).
   */
  crossSiteApp: z.boolean().default(false),
  appServer: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("vite-dev") }),
      z.object({
        kind: z.literal("production-build"),
        databaseUrl: z.string().regex(/^postgres(ql)?:\/\//),
        /** The keyring (APP_ENCRYPTION_KEYS) the app seals secrets with, so the caller can seed sealed settings. */
        encryptionKeys: z.string().min(1),
      }),
    ])
    .default({ kind: "vite-dev" }),
});
export type SandboxOptions = z.input<typeof sandboxOptionsSchema>;

export interface SandboxLog {
  info(line: string): void;
  /** Output of the app's process, line by line. */
  app(line: string): void;
}

export interface Sandbox {
  /** The page to open: the app embedded in the sandbox's admin. */
  adminAppUrl: string;
  adminOrigin: string;
  /** The app's public URL (its SHOPIFY_APP_URL) behind the proxy. */
  appUrl: string;
  fakeAdminUrl: string;
  simulatorUrl: string;
  simulatorApiKey: string;
  shop: string;
  /** The demo store's ids; null when a catalog file was loaded instead. */
  demo: SeededDemoStore | null;
  /** What was seeded, the demo store or the catalog file: product and collection gids by key. */
  store: SeededStore & { catalogFile: string | null; notes: string[] };
  /** The fake Admin API itself, for a caller in this process (a benchmark reading the demo store's photos). */
  fakeAdmin: FakeAdminApi;
  timeFactor: number;
  /** Resolves when the app's process ends by itself (a crash); stop() does not resolve it. */
  appExited: Promise<number | null>;
  stop(): Promise<void>;
}

function forwardLines(stream: NodeJS.ReadableStream | null, write: (line: string) => void): void {
  let buffer = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) write(line);
  });
  stream?.on("end", () => {
    if (buffer) write(buffer);
  });
}

const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) model-shots-sandbox";

class InstallFailedError extends Error {}

async function waitUntil(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
  exited: Promise<unknown>,
): Promise<void> {
  let appEnded = false;
  void exited.then(() => (appEnded = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (appEnded) throw new Error(`The app's process ended while waiting for ${what}; see its output above.`);
    const done = await check().catch((error: unknown) => {
      if (error instanceof InstallFailedError) throw error;
      return false;
    });
    if (done) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.`);
}

/** The app's webhook subscriptions, as shopify.app.toml declares them. */
function webhookSubscriptions(): Array<{ topic: string; uri: string }> {
  const toml = z
    .object({
      webhooks: z.object({
        subscriptions: z.array(z.object({ topics: z.array(z.string()).default([]), uri: z.string() })),
      }),
    })
    .parse(parseToml(readFileSync(join(REPO_ROOT, "shopify.app.toml"), "utf8")));
  return toml.webhooks.subscriptions.flatMap(({ topics, uri }) => topics.map((topic) => ({ topic, uri })));
}

const consoleLog: SandboxLog = {
  info: (line) => console.log(line),
  app: (line) => console.log(`[app] ${line}`),
};

export async function startSandbox(input: SandboxOptions = {}, log: SandboxLog = consoleLog): Promise<Sandbox> {
  const options = sandboxOptionsSchema.parse(input);
  const local = readLocalCredentials();
  loadLocalEnv();
  assertSandboxAllowed(process.env, local);

  const cleanups: Array<() => Promise<unknown>> = [];
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const running = child;
      const ended = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      const killTimer = setTimeout(() => running.kill("SIGKILL"), 15_000);
      await ended;
      clearTimeout(killTimer);
    }
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const dataDir = await mkdtemp(join(tmpdir(), "model-shots-sandbox-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const fakeAdmin: FakeAdminServer = await startFakeAdminServer({
      clientId: local.apiKey,
      clientSecret: local.apiSecret,
      ...(process.env.SCOPES ? { scopes: process.env.SCOPES } : {}),
      // Shopify's side of a bulk export (2 s queued, 1,000 objects a second, fakes/shopify-admin/bulk.ts), at the
      // sandbox's pace: the "Whole catalog" is exported in 2 s at the default time factor.
      bulkOperationTimeline: { queuedMs: 2_000 * options.timeFactor, objectsPerSecond: 1_000 / options.timeFactor },
    });
    cleanups.push(() => fakeAdmin.close());
    const catalogFile = options.catalogFile ? resolve(options.catalogFile) : null;
    let demo: SeededDemoStore | null = null;
    let store: Sandbox["store"];
    if (catalogFile) {
      // Read and checked before anything else starts: a file that is not a product CSV stops here, saying why.
      const catalog = parseProductCsv(await readFile(catalogFile, "utf8"));
      const seeded = await seedCatalogStore(fakeAdmin.fake, catalog, {
        baseDir: dirname(catalogFile),
        cacheDir: options.imageCacheDir,
      });
      store = { ...seeded, catalogFile };
      log.info(
        `Loaded ${catalog.length} products and ${Object.keys(seeded.collections).length} collections from ${catalogFile}.`,
      );
      for (const note of seeded.notes.slice(0, 20)) log.info(`  ${note}`);
      if (seeded.notes.length > 20) log.info(`  … and ${seeded.notes.length - 20} more`);
    } else {
      demo = await seedDemoStore(fakeAdmin.fake, { cacheDir: options.imageCacheDir });
      store = { ...demo, catalogFile: null, notes: [] };
    }

    const simulator: TryOnSimulator = await startTryOnSimulator({
      apiKey: SANDBOX_TRYON_API_KEY,
      timeFactor: options.timeFactor,
      initialCredits: options.credits,
    });
    cleanups.push(() => simulator.stop());
    if (demo) {
      simulator.injectFault({
        fault: {
          type: "colour_shift",
          deltaE: DRIFTING_PRODUCT.deltaE,
          productImageIncludes: DRIFTING_PRODUCT.photoName,
        },
      });
    }

    const adminFrame: AdminFrame = await startAdminFrame({
      port: options.port,
      fake: fakeAdmin.fake,
      shop: DEMO_SHOP,
      apiKey: local.apiKey,
      apiSecret: local.apiSecret,
      extensionCacheDir: options.extensionCacheDir,
    });
    cleanups.push(() => adminFrame.close());
    const proxy: AppProxy = await startAppProxy({
      stub: { adminOrigin: adminFrame.url, adminAppUrl: adminFrame.appUrl },
    });
    cleanups.push(() => proxy.close());
    // Both servers answer on localhost; the app may instead be reached as 127.0.0.1, another site to the browser.
    const appUrl = options.crossSiteApp ? proxy.url.replace("//localhost:", "//127.0.0.1:") : proxy.url;
    adminFrame.setAppOrigin(appUrl);

    const vitePort = await freePort();
    const hmrPort = options.hotReload ? await freePort() : 0;
    const devEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      SHOPIFY_API_KEY: local.apiKey,
      SHOPIFY_API_SECRET: local.apiSecret,
      SHOPIFY_APP_URL: appUrl,
      SHOP_CUSTOM_DOMAIN: "",
      // A fresh embedded database every time: the fake store is in memory and starts afresh too.
      DATABASE_URL: "",
      EMBEDDED_DATABASE_DIR: dataDir,
      TRYON_DEFAULT_BASE_URL: simulator.baseUrl,
      // The simulator listens on this machine; outbound requests reach it only because these are listed.
      OUTBOUND_ALLOW_HOSTS: LOOPBACK_ADDRESSES.join(","),
      WORKER_MODE: "in-process",
      WORKER_TIME_FACTOR: String(options.timeFactor),
      PORT: String(vitePort),
      SANDBOX_FAKE_ADMIN_URL: fakeAdmin.url,
      SANDBOX_VITE_PORT: String(vitePort),
      SANDBOX_HMR_PORT: String(hmrPort),
    };
    const served = options.appServer;
    child =
      served.kind === "vite-dev"
        ? spawn(
            process.execPath,
            [
              "--import",
              "tsx",
              join(REPO_ROOT, "scripts", "with-database.ts"),
              "--",
              process.execPath,
              "--import",
              "tsx",
              "--import",
              SHOPIFY_FETCH_PRELOAD,
              join(REPO_ROOT, "sandbox", "app-dev-server.ts"),
            ],
            { cwd: REPO_ROOT, env: devEnv, stdio: ["ignore", "pipe", "pipe"] },
          )
        : spawn(process.execPath, productionBuildArgs(), {
            cwd: REPO_ROOT,
            env: productionBuildEnv(devEnv, served),
            stdio: ["ignore", "pipe", "pipe"],
          });
    forwardLines(child.stdout, log.app);
    forwardLines(child.stderr, log.app);
    const running = child;
    const appExited = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));

    await waitUntil(
      "the app's dev server",
      // Vite compiles the app on its first request: minutes on a shared 2-core machine at load 20.
      300_000,
      async () =>
        (await fetch(`http://127.0.0.1:${vitePort}/`, { redirect: "manual", signal: AbortSignal.timeout(5_000) }))
          .status > 0,
      appExited,
    );
    proxy.setTarget(vitePort);
    // Shopify sends the webhooks shopify.app.toml subscribes to (the fake sends bulk_operations/finish) to the app.
    for (const { topic, uri } of webhookSubscriptions())
      fakeAdmin.fake.subscribeWebhook(topic, new URL(uri, appUrl).href);

    // Install: the admin loads the app with a session token and the app exchanges it for an offline token.
    const sessionToken = () =>
      mintSessionToken({
        shop: DEMO_SHOP,
        apiKey: local.apiKey,
        apiSecret: local.apiSecret,
        userId: SANDBOX_STAFF_USER_ID,
      }).token;
    const host = Buffer.from(`admin.shopify.com/store/${DEMO_SHOP.replace(/\.myshopify\.com$/, "")}`).toString(
      "base64url",
    );
    const install = new URL("/app", appUrl);
    install.search = new URLSearchParams({
      embedded: "1",
      host,
      id_token: sessionToken(),
      locale: "en",
      shop: DEMO_SHOP,
    }).toString();
    log.info(
      `Installing ${APP_TITLE} in ${DEMO_SHOP} (the first page load compiles the app; this takes a few seconds)…`,
    );
    await waitUntil(
      "the app's first page",
      180_000,
      async () => {
        // The library turns away requests that look like bots (Node's own user agent does), as it would in production.
        const response = await fetch(install, {
          headers: { "User-Agent": BROWSER_USER_AGENT },
          signal: AbortSignal.timeout(60_000),
        });
        if (response.status >= 400 && response.status < 500) {
          throw new InstallFailedError(`The app refused the install request with HTTP ${response.status}.`);
        }
        return response.status === 200;
      },
      appExited,
    );
    const exchanged = fakeAdmin.fake.requests.some((entry) => entry.target === "oauth" && entry.status === 200);
    if (!exchanged)
      throw new Error(
        "The app answered without exchanging the session token for an access token; the install did not happen.",
      );

    if (options.seedSettings && served.kind === "vite-dev") {
      const form = new URLSearchParams({
        intent: "save",
        apiKey: SANDBOX_TRYON_API_KEY,
        tryOnBaseUrl: "",
        concurrencyCap: "4",
        includesDefaults: "on",
        ...DEFAULT_RENDER_OPTIONS,
      });
      // A single-fetch data request (Remix's v3_singleFetch): the route's path with `.data`, answered in
      // turbo-stream encoding with the action's status (200 saved, 400 refused).
      const response = await fetch(`${appUrl}/app/settings.data`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${sessionToken()}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "User-Agent": BROWSER_USER_AGENT,
        },
        body: form,
      });
      const answer = await response.text().catch(() => "");
      if (response.status !== 200) {
        throw new Error(
          `Saving the simulator's key in Settings failed (HTTP ${response.status}): ${answer.slice(0, 500)}`,
        );
      }
    }

    return {
      adminAppUrl: adminFrame.appUrl,
      adminOrigin: adminFrame.url,
      appUrl,
      fakeAdminUrl: fakeAdmin.url,
      simulatorUrl: simulator.baseUrl,
      simulatorApiKey: SANDBOX_TRYON_API_KEY,
      shop: DEMO_SHOP,
      demo,
      store,
      fakeAdmin: fakeAdmin.fake,
      timeFactor: options.timeFactor,
      appExited,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
