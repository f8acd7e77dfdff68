import { moduleVisitor, resolve } from "eslint-plugin-import-x/utils";

/**
 * Every import an app module makes resolves, type-only imports included. The layer rule
 * (import-x/no-restricted-paths) passes over an import it cannot resolve, so a `~/` path it cannot follow would
 * escape it; import-x/no-unresolved skips type-only imports, which the layer rule does check.
 */
export default {
  meta: {
    type: "problem",
    docs: { description: "Imports resolve, so the layer rule can check where they point." },
    schema: [],
    messages: {
      unresolved: "Unable to resolve '{{module}}': the layer rule cannot check an import it cannot follow.",
    },
  },
  create(context) {
    return moduleVisitor(
      (source) => {
        // undefined: nothing found (null is a module the resolver chose to ignore, such as a Node built-in).
        if (resolve(source.value, context) === undefined)
          context.report({ node: source, messageId: "unresolved", data: { module: source.value } });
      },
      { esmodule: true, commonjs: false },
    );
  },
};
