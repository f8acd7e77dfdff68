/**
 * GraphQL config for codegen (`npm run codegen`) and editor tooling. Shopify's preset types every `#graphql`
 * document in app/ against the pinned Admin API version and augments @shopify/admin-api-client's
 * AdminQueries/AdminMutations, so `admin.graphql(DOC)` and makeAdminGraphql's `query(DOC)` are typed.
 *
 * The preset would fetch the schema from shopify.dev (or read ./admin-<version>.schema.json if present). We
 * point it at the introspection file that postinstall extracted instead, so codegen works offline and types
 * against exactly the schema the tests validate with.
 */
import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";
import { ADMIN_API_VERSION } from "./app/shopify/api-version";
import { ensureAdminSchema } from "./scripts/admin-schema";

const localSchema = ensureAdminSchema(ADMIN_API_VERSION);
const project = shopifyApiProject({
  apiType: ApiType.Admin,
  apiVersion: ADMIN_API_VERSION,
  documents: ["./app/**/*.{ts,tsx}", "!./app/types/**"],
  outputDir: "./app/types",
  // Declaration files cannot hold runtime enums: as unions, `resource: "IMAGE"` type-checks as written.
  enumsAsConst: true,
});

type Generates = Record<string, { schema?: unknown; plugins?: string[] }>;
const generates = (project.extensions?.codegen as { generates: Generates }).generates;
const localGenerates = Object.fromEntries(
  Object.entries(generates)
    // The preset adds an "introspection" output that downloads the schema; the local file replaces it.
    .filter(([, output]) => !output.plugins?.includes("introspection"))
    .map(([file, output]) => [file, { ...output, schema: localSchema }]),
);

const config = {
  projects: {
    default: {
      ...project,
      schema: localSchema,
      extensions: { codegen: { ...project.extensions?.codegen, generates: localGenerates } },
    },
  },
};

export default config;
