/**
 * `npm run simulator [-- --port 4455 --time-factor 0.05 --api-key sim_local_demo_key --credits 1000]`
 *
 * Starts the try-on service simulator on 127.0.0.1 and prints its base URL and an accepted API key. Flags win over
 * the environment (TRYON_SIMULATOR_PORT, TRYON_SIMULATOR_API_KEY, TRYON_SIMULATOR_TIME_FACTOR,
 * TRYON_SIMULATOR_CREDITS, TRYON_SIMULATOR_RESULT_TTL_MS, TRYON_SIMULATOR_FAILURE_RATE, TRYON_SIMULATOR_QUIET).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { startTryOnSimulator } from "./server";

export const DEFAULT_SIMULATOR_PORT = 4455;
/** Fixed so the curl walk-through in docs/tryon-service.md can be pasted as is. */
export const DEFAULT_SIMULATOR_API_KEY = "sim_local_demo_key";

const { values: flags } = parseArgs({
  options: {
    port: { type: "string" },
    "api-key": { type: "string" },
    "time-factor": { type: "string" },
    credits: { type: "string" },
    "result-ttl-ms": { type: "string" },
    "failure-rate": { type: "string" },
    quiet: { type: "boolean" },
    help: { type: "boolean" },
  },
  strict: true,
});

if (flags.help) {
  console.log(
    "Usage: npm run simulator -- [--port 4455] [--api-key KEY] [--time-factor 1] [--credits 1000] [--result-ttl-ms 3600000] [--failure-rate 0] [--quiet]",
  );
  process.exit(0);
}

const emptyAsUnset = (value: string | undefined) => (value === "" ? undefined : value);

const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SIMULATOR_PORT),
  apiKey: z.string().min(8).default(DEFAULT_SIMULATOR_API_KEY),
  timeFactor: z.coerce.number().positive().default(1),
  initialCredits: z.coerce.number().int().nonnegative().default(1000),
  resultUrlTtlMs: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  failureRate: z.coerce.number().min(0).max(1).default(0),
});

const env = process.env;
const parsed = configSchema.safeParse({
  port: emptyAsUnset(flags.port ?? env.TRYON_SIMULATOR_PORT),
  apiKey: emptyAsUnset(flags["api-key"] ?? env.TRYON_SIMULATOR_API_KEY),
  timeFactor: emptyAsUnset(flags["time-factor"] ?? env.TRYON_SIMULATOR_TIME_FACTOR),
  initialCredits: emptyAsUnset(flags.credits ?? env.TRYON_SIMULATOR_CREDITS),
  resultUrlTtlMs: emptyAsUnset(flags["result-ttl-ms"] ?? env.TRYON_SIMULATOR_RESULT_TTL_MS),
  failureRate: emptyAsUnset(flags["failure-rate"] ?? env.TRYON_SIMULATOR_FAILURE_RATE),
});
if (!parsed.success) {
  console.error(`Invalid simulator settings:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const quiet = flags.quiet ?? env.TRYON_SIMULATOR_QUIET === "1";

const simulator = await startTryOnSimulator(parsed.data, quiet ? {} : { log: (line) => console.log(line) });

console.log(`Try-on service simulator listening on ${simulator.baseUrl}`);
console.log(`  base URL: ${simulator.baseUrl}`);
console.log(`  API key:  ${simulator.apiKey}`);
console.log(`  credits:  ${parsed.data.initialCredits}, time factor ${parsed.data.timeFactor}`);
console.log(`  sample image: ${simulator.sampleImageUrl("tee-front.jpg")}`);
console.log("Press Ctrl+C to stop.");

const shutdown = (signal: string) => {
  console.log(`\n${signal}: stopping the simulator`);
  void simulator.stop().then(() => process.exit(0));
};
process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
