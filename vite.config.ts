import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type UserConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The Shopify CLI sets SHOPIFY_APP_URL to its tunnel; HMR must go through it when it is not localhost.
const appUrl = new URL(process.env.SHOPIFY_APP_URL || "http://localhost");
const hmr =
  appUrl.hostname === "localhost"
    ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
    : { protocol: "wss", host: appUrl.hostname, port: Number(process.env.FRONTEND_PORT) || 8002, clientPort: 443 };

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: {
    allowedHosts: [appUrl.hostname],
    cors: { preflightContinue: true },
    port: Number(process.env.PORT || 3000),
    hmr,
    fs: { allow: ["app", "node_modules"] },
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        // Loaders and actions return plain objects or data(); pages read their types through the Future
        // declaration below. Routes are listed by app/routes.ts (ADR 060).
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  build: { assetsInlineLimit: 0 },
  optimizeDeps: {
    // Remix leaves the dependency scan's entries empty, so Vite finds the pages' dependencies only as a browser asks
    // for them, optimizes them again and reloads every open page ("optimized dependencies changed"): on a fresh
    // clone that reload lands in the middle of whatever staff or a browser test is doing. Scanning the root and the
    // route modules at start-up finds them all before the first page is served.
    entries: ["app/root.tsx", "app/routes/*.tsx", "app/routes/*/route.tsx"],
    include: ["@shopify/app-bridge-react", "@shopify/polaris"],
  },
}) satisfies UserConfig;
