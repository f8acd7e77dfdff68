/**
 * The app as a host runs it, for benchmarks that measure what staff get: `npm run build` once per harness run, then
 * the build under remix-serve with NODE_ENV=production on a given PostgreSQL database, Shopify-bound requests
 * routed to a fake Admin API server (sandbox/production-build.ts, as the sandbox serves it for benchmark 11).
 */
import { execFileSync, spawn } from "node:child_process";
import { freePort } from "../../sandbox/loopback";
import { productionBuildArgs, productionBuildEnv } from "../../sandbox/production-build";
import { REPO_ROOT } from "./env";

let built = false;

/** Builds the app unless this process already did: benchmarks 6 and 11 share one build in a run of both. */
export function buildProductionApp(): void {
  if (built) return;
  execFileSync("npm", ["run", "build"], { cwd: REPO_ROOT, stdio: "ignore" });
  built = true;
}

export interface ProductionServer {
  /** `http://127.0.0.1:<port>`, also the app's SHOPIFY_APP_URL. */
  url: string;
  /** The server's process, for reading its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the build and resolves once it answers /healthz; its error output is kept for the error if it does not. */
export async function serveProductionBuild(input: {
  databaseUrl: string;
  /** The keyring the sessions in the database were sealed with. */
  encryptionKeys: string;
  fakeAdminUrl: string;
}): Promise<ProductionServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = productionBuildEnv(
    {
      ...process.env,
      SHOPIFY_APP_URL: url,
      HOST: "127.0.0.1",
      PORT: String(port),
      SANDBOX_FAKE_ADMIN_URL: input.fakeAdminUrl,
    },
    { databaseUrl: input.databaseUrl, encryptionKeys: input.encryptionKeys },
  );
  // BENCH_SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside the server.
  const extra = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...productionBuildArgs()], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (errors = (errors + chunk).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) throw new Error(`The production build exited before answering:\n${errors}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The production build did not answer /healthz within 60 s:\n${errors}`);
    }
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? Number.NaN,
    async stop() {
      if (!running) return;
      child.kill("SIGTERM");
      // remix-serve stops listening on SIGTERM, but the database pool's idle connections keep it alive for 10 s;
      // a server being profiled is given them, since Node writes its profile only when it exits by itself.
      const killTimer = setTimeout(() => child.kill("SIGKILL"), extra.length > 0 ? 20_000 : 2_000);
      await exited;
      clearTimeout(killTimer);
    },
  };
}
