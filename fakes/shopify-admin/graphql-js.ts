/**
 * graphql 16 ships a CommonJS build (index.js) and an ESM build (index.mjs) with no "exports" map. Node, and so
 * @graphql-tools loaded from node_modules, gets the CommonJS build; Vite resolves a bare "graphql" from our
 * sources to the ESM one. Two copies reject each other's schemas ("Cannot use GraphQLObjectType … from another
 * module or realm"), so everything here imports graphql through this file, which names the CommonJS build.
 */
export * from "graphql/index.js";
