/**
 * The app's development server as the sandbox runs it: `remix vite:dev` (the same Vite config, the same
 * Remix plugin), with the ports the launcher chose instead of the fixed ones, so a sandbox can run beside
 * another (the e2e suite starts its own). Started by the launcher through scripts/with-database.ts, with
 * shopify-fetch-preload.ts loaded first.
 */
import { createServer } from "vite";
import { z } from "zod";

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "test"], { error: "The sandbox runs the app in development mode only." }),
  SANDBOX_VITE_PORT: z.coerce.number().int().min(1).max(65535),
  /** 0 turns hot reloading off (the e2e suite: other people editing the tree must not reload its pages). */
  SANDBOX_HMR_PORT: z.coerce.number().int().min(0).max(65535),
});

const settings = settingsSchema.parse({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" });

const server = await createServer({
  configFile: "vite.config.ts",
  server: {
    host: "127.0.0.1",
    port: settings.SANDBOX_VITE_PORT,
    strictPort: true,
    hmr:
      settings.SANDBOX_HMR_PORT === 0
        ? false
        : { protocol: "ws", host: "localhost", port: settings.SANDBOX_HMR_PORT, clientPort: settings.SANDBOX_HMR_PORT },
    // Compile every page up front, so the first visit to each is not a wait of several seconds.
    warmup: {
      clientFiles: ["./app/root.tsx", "./app/routes/**/*.tsx"],
      ssrFiles: ["./app/root.tsx", "./app/routes/**/*.{ts,tsx}"],
    },
  },
  clearScreen: false,
});
if (!server.config.plugins.some((plugin) => plugin.name === "remix")) {
  throw new Error("The Remix Vite plugin is missing from vite.config.ts");
}
await server.listen();
console.log(`[sandbox] app dev server on http://127.0.0.1:${settings.SANDBOX_VITE_PORT}`);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  // The in-process worker (every loop) lets a submit in flight finish and releases its leases before the process ends.
  await globalThis.__modelShotsWorker?.stop().catch(() => undefined);
  await server.close().catch(() => undefined);
  process.exit(0);
};
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
