/**
 * `npm run sandbox [-- --port 3000 --time-factor 0.05 --no-hot-reload --ready-file FILE --quiet --catalog CSV]`
 *
 * Runs the whole app offline (see docs/sandbox.md) and prints the URL to open. Flags win over the environment
 * (SANDBOX_PORT, SANDBOX_TIME_FACTOR). Refuses to start in production or with real Shopify credentials.
 * `--catalog products_export.csv` loads a Shopify product CSV export as the store instead of the demo store.
 */
import { rename, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { startSandbox, type Sandbox } from "../sandbox/launcher";
import { SandboxRefusedError } from "../sandbox/production-guard";
// By relative path, as everywhere in scripts/ (graphql-codegen loads scripts without tsconfig paths).
import { ProductCsvError } from "../app/catalog/product-csv";
import { CsvSyntaxError } from "../app/lib/csv";

const { values: flags } = parseArgs({
  options: {
    port: { type: "string" },
    "time-factor": { type: "string" },
    "no-hot-reload": { type: "boolean" },
    "ready-file": { type: "string" },
    quiet: { type: "boolean" },
    catalog: { type: "string" },
    help: { type: "boolean" },
  },
  strict: true,
});

if (flags.help) {
  console.log(
    "Usage: npm run sandbox -- [--port 3000] [--time-factor 0.05] [--no-hot-reload] [--ready-file FILE] [--quiet] [--catalog products_export.csv]",
  );
  process.exit(0);
}

const emptyAsUnset = (value: string | undefined) => (value === "" ? undefined : value);
const settings = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(3000),
    timeFactor: z.coerce.number().positive().max(1).default(0.05),
  })
  .safeParse({
    port: emptyAsUnset(flags.port ?? process.env.SANDBOX_PORT),
    timeFactor: emptyAsUnset(flags["time-factor"] ?? process.env.SANDBOX_TIME_FACTOR),
  });
if (!settings.success) {
  console.error(`Invalid sandbox settings:\n${z.prettifyError(settings.error)}`);
  process.exit(2);
}

const quiet = flags.quiet ?? false;
let sandbox: Sandbox;
try {
  sandbox = await startSandbox(
    {
      port: settings.data.port,
      timeFactor: settings.data.timeFactor,
      hotReload: !flags["no-hot-reload"],
      catalogFile: flags.catalog ?? null,
    },
    { info: (line) => console.log(line), app: (line) => (quiet ? undefined : console.log(`[app] ${line}`)) },
  );
} catch (error) {
  if (error instanceof SandboxRefusedError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof ProductCsvError || error instanceof CsvSyntaxError) {
    console.error(`${flags.catalog}: ${error.message}`);
    process.exit(2);
  }
  if (flags.catalog && (error as NodeJS.ErrnoException).code === "ENOENT") {
    console.error(`No such catalog file: ${flags.catalog}`);
    process.exit(2);
  }
  console.error(
    error instanceof Error && (error as NodeJS.ErrnoException).code === "EADDRINUSE"
      ? `Port ${settings.data.port} is in use; pass --port 0 for a free one.`
      : error,
  );
  process.exit(1);
}

const seconds = (ms: number) => Math.round((ms * sandbox.timeFactor) / 1000);
console.log(`
Model Shots sandbox is running. Open:

  ${sandbox.adminAppUrl}

  Shop:              ${sandbox.shop} (${sandbox.store.catalogFile ? `${Object.keys(sandbox.store.products).length} products from ${sandbox.store.catalogFile}` : "demo products"} under ${sandbox.adminOrigin}/store/${sandbox.shop.replace(/\.myshopify\.com$/, "")}/products)
  App (behind proxy): ${sandbox.appUrl}
  Fake Admin API:    ${sandbox.fakeAdminUrl}
  Try-on simulator:  ${sandbox.simulatorUrl} (key ${sandbox.simulatorApiKey}; renders take ${seconds(90_000)}-${seconds(240_000)} s)

Everything runs on this machine, on a fresh database that is deleted on exit. Press Ctrl+C to stop.
`);

if (flags["ready-file"]) {
  const { stop: _stop, appExited: _exited, ...info } = sandbox;
  // Written whole, then renamed: whoever waits for the file never reads half of it.
  await writeFile(`${flags["ready-file"]}.tmp`, JSON.stringify(info, null, 2));
  await rename(`${flags["ready-file"]}.tmp`, flags["ready-file"]);
}

let stopping = false;
const shutdown = (reason: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: stopping the sandbox`);
  void sandbox.stop().then(() => process.exit(0));
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
void sandbox.appExited.then((code) => {
  if (stopping) return;
  console.error(`The app's process ended (exit code ${code}); stopping the sandbox.`);
  stopping = true;
  void sandbox.stop().then(() => process.exit(1));
});
