import { ApiVersion } from "@shopify/shopify-api";

/**
 * The one Admin API version of the app: shopify.server.ts, shopify.app.toml (checked by a test), codegen
 * and the schema tests all read it. The newest stable version whose schema @shopify/dev-mcp ships.
 */
export const ADMIN_API_VERSION = ApiVersion.October26;
