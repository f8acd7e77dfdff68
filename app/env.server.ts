import { z } from "zod";
import { parseAllowList } from "~/net/outbound";
import { keyProblem, parseKeyring } from "~/lib/secret-box.server";

/**
 * The key committed in .env.example (a test keeps the two equal): anyone can read it, so production refuses it.
 */
export const EXAMPLE_ENCRYPTION_KEY = "bG9jYWwtb25seS1tb2RlbC1zaG90cy1rZXktMzJieXQ=";

const REQUIRED_SCOPES = ["read_products", "write_products", "write_files", "read_locales"] as const;

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection URL");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  SHOPIFY_API_KEY: z.string().min(1, "is required (the app's client id from the Partner Dashboard)"),
  SHOPIFY_API_SECRET: z.string().min(1, "is required (the app's client secret)"),
  SHOPIFY_APP_URL: z.url({ protocol: /^https?$/, error: "must be the app's public URL, e.g. https://example.com" }),
  SCOPES: z
    .string()
    .default(REQUIRED_SCOPES.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((scope) => scope.trim())
        .filter(Boolean),
    )
    .refine(
      (scopes) => REQUIRED_SCOPES.every((scope) => scopes.includes(scope)),
      `must include ${REQUIRED_SCOPES.join(", ")}`,
    ),
  SHOP_CUSTOM_DOMAIN: z.string().min(1).optional(),
  DATABASE_URL: postgresUrl.optional(),
  EMBEDDED_DATABASE_DIR: z.string().min(1).default(".data/pglite"),
  // Connections per process; scripts/with-database.ts sets 1 for the embedded database (one session).
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The keyring sealing stored secrets: comma-separated id:base64key, newest first (app/lib/secret-box.server.ts).
  APP_ENCRYPTION_KEYS: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return;
      try {
        parseKeyring(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  // The single key of older installs, read as a one-key ring when APP_ENCRYPTION_KEYS is not set.
  APP_ENCRYPTION_KEY: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value === undefined ? null : keyProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  TRYON_DEFAULT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Non-public addresses the server may fetch from (development, the sandbox, the tests); refused in production.
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseAllowList(value);
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `must list IP addresses or CIDR ranges: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  // in-process: the app's server runs the background worker (local development, the sandbox);
  // external: `npm run worker` processes do (production, any number of them).
  WORKER_MODE: z.enum(["in-process", "external"]).optional(),
  // Compresses the worker's schedule along with a try-on simulator's time factor (sandbox only).
  WORKER_TIME_FACTOR: z.coerce.number().positive().max(1).default(1),
  // Operations: log level (pino), the worker's metrics port (off when unset) and the bearer token that opens the
  // web process's /metrics (404 when unset). See docs/operations.md.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters (it guards the metrics)").optional(),
  // Bulk runs over collections larger than this are read from Shopify in the background (ADR 025).
  BULK_RUN_LIST_INLINE_UP_TO: z.coerce.number().int().min(0).default(250),
  // Renders one shop may have waiting in the queue; whatever would exceed it is refused with a sentence (ADR 066).
  MAX_QUEUED_PER_SHOP: z.coerce.number().int().positive().default(50_000),
});

export type Env = Omit<z.infer<typeof envSchema>, "WORKER_MODE"> & { WORKER_MODE: "in-process" | "external" };

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment, the app cannot start:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses the environment; every problem is reported with the variable's name. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings come from `VAR=` lines in .env files; treat them as unset so defaults apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "(environment)";
        const message = issue.code === "invalid_type" && cleaned[name] === undefined ? "is required" : issue.message;
        return `${name} ${message}`;
      });
  if (!cleaned.APP_ENCRYPTION_KEYS && !cleaned.APP_ENCRYPTION_KEY) problems.push("APP_ENCRYPTION_KEYS is required");
  if (cleaned.NODE_ENV === "production" && result.success) problems.push(...exampleKeyProblems(cleaned));
  // The embedded database is one process's; production runs several processes, so it needs a server.
  if (cleaned.NODE_ENV === "production" && !cleaned.DATABASE_URL)
    problems.push("DATABASE_URL is required in production");
  if (cleaned.NODE_ENV === "production" && result.success && result.data.OUTBOUND_ALLOW_HOSTS.length > 0) {
    problems.push(
      "OUTBOUND_ALLOW_HOSTS must be empty in production: it lets shops' URLs reach addresses inside the network",
    );
  }
  if (!result.success || problems.length > 0) throw new InvalidEnvironmentError(problems);
  // Production runs separate worker processes; everywhere else one command runs everything.
  const workerMode = result.data.WORKER_MODE ?? (result.data.NODE_ENV === "production" ? "external" : "in-process");
  return { ...result.data, WORKER_MODE: workerMode };
}

/** Production must not run with the key everyone can read in .env.example, under either variable. */
function exampleKeyProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const ring = source.APP_ENCRYPTION_KEYS ? parseKeyring(source.APP_ENCRYPTION_KEYS) : [];
  const example = Buffer.from(EXAMPLE_ENCRYPTION_KEY, "base64");
  if (ring.some((entry) => entry.key.equals(example))) {
    problems.push("APP_ENCRYPTION_KEYS holds the example key from .env.example; production must use its own keys");
  }
  if (source.APP_ENCRYPTION_KEY && Buffer.from(source.APP_ENCRYPTION_KEY, "base64").equals(example)) {
    problems.push("APP_ENCRYPTION_KEY is the example key from .env.example; production must use its own key");
  }
  return problems;
}

let parsed: Env | undefined;

/** The environment, parsed once on first use (at boot, since shopify.server.ts reads it on import). */
export function env(): Env {
  parsed ??= parseEnv(process.env);
  return parsed;
}
