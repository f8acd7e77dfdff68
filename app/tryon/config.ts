import { z } from "zod";
import { DEFAULT_CATALOG_TTL_MS } from "./catalog";
import { MAX_INPUT_IMAGE_BYTES } from "./input-checks";
import { DEFAULT_STATUS_VOCABULARY } from "./status";
import { DEFAULT_MAX_PRODUCT_IMAGES, DEFAULT_TRYON_ENUMS, tryOnEnumsSchema } from "./wire";

/**
 * Paths relative to the base URL. `{id}` and `{product_type}` are replaced (URL-encoded). The spec shows only the
 * submit path; the rest are the defaults from the issue, and configuration because the spec does not show them.
 */
export const DEFAULT_TRYON_PATHS = {
  submit: "/api/v1/tryon/apparel",
  status: "/api/v1/tryon/apparel/{id}",
  mannequins: "/api/v1/mannequins",
  poses: "/api/v1/poses?product_type={product_type}",
  backgrounds: "/api/v1/backgrounds",
};
export type TryOnPaths = typeof DEFAULT_TRYON_PATHS;

/** Dotted paths into the status answer; `catalogItems` into a listing answer (absent: common shapes are tried). */
export const DEFAULT_TRYON_FIELDS = {
  status: "data.status",
  outputUrl: "data.output_url",
  errorMessage: "data.error_message",
  catalogItems: undefined as string | undefined,
};
export type TryOnFields = typeof DEFAULT_TRYON_FIELDS;

export const DEFAULT_READ_RETRY = {
  /** Tries of one read, the first included. */
  attempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  /** A longer Retry-After is not slept through: the read fails as rate limited and the caller schedules it. */
  maxRetryAfterMs: 30_000,
};
export type ReadRetryPolicy = typeof DEFAULT_READ_RETRY;

const pathTemplate = z.string().regex(/^\//, "must start with /");
const fieldPath = z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, "must be a dotted path like data.status");

/** The plain-data part of the client's options (functions are typed, not parsed). */
export const tryOnClientSettingsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "must be the service's http(s) base URL" }),
  apiKey: z.string().trim().min(1, "is required"),
  timeoutMs: z.number().int().positive().default(20_000),
  paths: z
    .object({
      submit: pathTemplate,
      status: pathTemplate.refine((path) => path.includes("{id}"), "must contain {id}"),
      mannequins: pathTemplate,
      poses: pathTemplate,
      backgrounds: pathTemplate,
    })
    .partial()
    .default({})
    .transform((paths) => ({ ...DEFAULT_TRYON_PATHS, ...paths })),
  fields: z
    .object({ status: fieldPath, outputUrl: fieldPath, errorMessage: fieldPath, catalogItems: fieldPath })
    .partial()
    .default({})
    .transform((fields) => ({ ...DEFAULT_TRYON_FIELDS, ...fields })),
  statusVocabulary: z
    .object({
      completed: z.array(z.string().min(1)),
      failed: z.array(z.string().min(1)),
      running: z.array(z.string().min(1)),
    })
    .partial()
    .default({})
    .transform((vocabulary) => ({ ...DEFAULT_STATUS_VOCABULARY, ...vocabulary })),
  enums: tryOnEnumsSchema.default(DEFAULT_TRYON_ENUMS),
  maxProductImages: z.number().int().positive().default(DEFAULT_MAX_PRODUCT_IMAGES),
  maxImageBytes: z.number().int().positive().default(MAX_INPUT_IMAGE_BYTES),
  catalogTtlMs: z.number().int().nonnegative().default(DEFAULT_CATALOG_TTL_MS),
  readRetry: z
    .object({
      attempts: z.number().int().min(1),
      baseDelayMs: z.number().nonnegative(),
      maxDelayMs: z.number().nonnegative(),
      maxRetryAfterMs: z.number().nonnegative(),
    })
    .partial()
    .default({})
    .transform((policy) => ({ ...DEFAULT_READ_RETRY, ...policy })),
  /** Largest result image accepted, in bytes. */
  maxResultBytes: z
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
});

export type TryOnClientSettingsInput = z.input<typeof tryOnClientSettingsSchema>;
export type TryOnClientSettings = z.output<typeof tryOnClientSettingsSchema>;

export function expandPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}
