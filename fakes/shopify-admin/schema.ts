/**
 * Shopify's Admin schema for the pinned version, built once per process: parsing the 11 MB introspection
 * takes a few hundred milliseconds, and every fake and every validation shares the result.
 */
import { readFileSync } from "node:fs";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "./graphql-js";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { ensureAdminSchema } from "../../scripts/admin-schema";

const built = new Map<string, GraphQLSchema>();

export function loadAdminSchema(version: string = ADMIN_API_VERSION): GraphQLSchema {
  const cached = built.get(version);
  if (cached) return cached;
  const introspection = JSON.parse(readFileSync(ensureAdminSchema(version), "utf8")) as { data: IntrospectionQuery };
  const schema = buildClientSchema(introspection.data);
  built.set(version, schema);
  return schema;
}
