/** Development installs: Shopify's Admin schema for the fake Admin API and the schema tests (scripts/admin-schema.ts). */
import { ensureAdminSchema } from "./admin-schema";

console.log(`Admin API schema: ${ensureAdminSchema()}`);
