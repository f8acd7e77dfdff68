import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The production build (`npm run build`) as a host serves it: remix-serve with NODE_ENV=production, the sandbox's
 * fakes still reached through the Shopify routing preload. The sandbox's `production-build` mode (benchmark 11) and
 * benchmark 6's document requests start it the same way.
 */

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Loaded before the app's modules in every app process the sandbox starts (see the file). */
export const SHOPIFY_FETCH_PRELOAD = pathToFileURL(join(REPO_ROOT, "sandbox", "shopify-fetch-preload.ts")).href;

const REMIX_SERVE_CLI = join(REPO_ROOT, "node_modules", "@remix-run", "serve", "dist", "cli.js");

/** Node's arguments for `npm start` on the build, with the preload in front. */
export const productionBuildArgs = (): string[] => [
  "--import",
  "tsx",
  "--import",
  SHOPIFY_FETCH_PRELOAD,
  REMIX_SERVE_CLI,
  join(REPO_ROOT, "build", "server", "index.js"),
];

/** What `npm start` gets on a host, with the sandbox's fakes still behind the Shopify routing preload. */
export function productionBuildEnv(
  devEnv: NodeJS.ProcessEnv,
  { databaseUrl, encryptionKeys }: { databaseUrl: string; encryptionKeys: string },
): NodeJS.ProcessEnv {
  const {
    OUTBOUND_ALLOW_HOSTS: _outbound,
    WORKER_TIME_FACTOR: _timeFactor,
    APP_ENCRYPTION_KEY: _key,
    APP_ENCRYPTION_KEYS: _keys,
    ...rest
  } = devEnv;
  return {
    ...rest,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    WORKER_MODE: "external",
    APP_ENCRYPTION_KEYS: encryptionKeys,
    LOG_LEVEL: "warn",
    // The preload refuses production unless told this is the sandbox serving a build on this machine.
    SANDBOX_PRODUCTION_BUILD: "1",
  };
}
