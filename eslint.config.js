// Lint rules that catch bugs, not style: formatting is Prettier's job (.prettierrc.json), so the two never argue.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { appLayerZones } from "./eslint.layers.js";
import resolvableImports from "./eslint-rules/resolvable-imports.js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".cache/",
      ".data/",
      "test-results/",
      // Stryker's sandbox copy of the tree (npm run test:mutation).
      ".stryker-tmp/",
      "extensions/*/dist/",
      "extensions/*/shopify.d.ts",
      "app/types/*.d.ts",
      "reports/",
      ".stryker-tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are usually a half-finished change; a leading underscore marks a deliberate one.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Boundaries are parsed with zod; an `any` would let unchecked data through.
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts", "packages/**/*.ts", "extensions/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Dependencies point down (docs/decisions/059-layers.md): a module imports only from its own layer or below.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX, "app-layers": { rules: { "resolvable-imports": resolvableImports } } },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: appLayerZones() }],
      // The layer rule passes over an import it cannot resolve: such an import is reported instead.
      "app-layers/resolvable-imports": "error",
    },
  },
  prettier,
);
