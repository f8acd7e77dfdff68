/**
 * Every GraphQL document the app sends is validated against Shopify's Admin schema for the pinned version.
 * Documents are found the way Shopify's codegen preset finds them: string or template literals whose text
 * starts with `#graphql`, in app/ and extensions/ sources (read with the TypeScript parser, not a regex, so
 * comments and nesting cannot confuse it). A misspelt field, a wrong argument or a variable of the wrong
 * type fails here, before any request reaches a store.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
} from "../fakes/shopify-admin/graphql-js";
import { loadAdminSchema } from "../fakes/shopify-admin/schema";

const ROOT = join(import.meta.dirname, "..");
const SOURCE_DIRECTORIES = ["app", "extensions"];
const SKIPPED_DIRECTORIES = new Set(["node_modules", "build", "dist", ".cache"]);
/** Generated from these documents; scanning it would find them twice. */
const GENERATED = join("app", "types");

interface FoundDocument {
  file: string;
  line: number;
  text: string;
  /** `${…}` inside the literal: codegen cannot type it and the text sent is not the text checked. */
  interpolated: boolean;
}

/** `#graphql` literals in one source file. */
export function findGraphqlDocuments(file: string, sourceText: string): FoundDocument[] {
  const kind = file.endsWith(".tsx") || file.endsWith(".jsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, sourceText, ts.ScriptTarget.Latest, true, kind);
  const found: FoundDocument[] = [];
  const add = (node: ts.Node, text: string, interpolated: boolean) => {
    if (!text.trimStart().startsWith("#graphql")) return;
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, interpolated });
  };
  const visit = (node: ts.Node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) add(node, node.text, false);
    else if (ts.isTemplateExpression(node)) add(node, node.head.text, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(directory: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(ROOT, directory), { recursive: true, encoding: "utf8" });
  } catch {
    return []; // extensions/ may not exist yet
  }
  return entries
    .map((entry) => join(directory, entry))
    .filter((path) => /\.(ts|tsx|js|jsx)$/.test(path) && !path.endsWith(".d.ts"))
    .filter((path) => !path.split(/[\\/]/).some((part) => SKIPPED_DIRECTORIES.has(part)))
    .filter((path) => !path.startsWith(GENERATED));
}

const documents = SOURCE_DIRECTORIES.flatMap(sourceFiles).flatMap((file) =>
  findGraphqlDocuments(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), "utf8")),
);
const schema = loadAdminSchema();
const label = (d: FoundDocument) =>
  `${/\b(?:query|mutation)\s+(\w+)/.exec(d.text)?.[1] ?? "anonymous"} (${d.file}:${d.line})`;

function validationMessages(document: string): string[] {
  let parsed: DocumentNode;
  try {
    parsed = parse(document);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  return validate(schema, parsed, [...specifiedRules, NoDeprecatedCustomRule]).map((e) => e.message);
}

function operationNames(document: string): (string | undefined)[] {
  return parse(document)
    .definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
    .map((d) => (d.kind === Kind.OPERATION_DEFINITION ? d.name?.value : undefined));
}

describe("the app's GraphQL documents", () => {
  it("are found in app/", () => {
    // The operations later code relies on; if the scanner stops finding them, this test says so.
    const names = documents.flatMap((d) => operationNames(d.text));
    expect(names).toEqual(
      expect.arrayContaining([
        "GetProductForRender",
        "ListCollectionProductsForRender",
        "CreateFile",
        "AttachFileToProduct",
      ]),
    );
  });

  it.each(documents.map((d) => [label(d), d] as const))(
    "%s is valid against the pinned Admin schema",
    (_, document) => {
      expect(validationMessages(document.text)).toEqual([]);
    },
  );

  it("are static literals, so the text validated and typed is the text sent", () => {
    expect(documents.filter((d) => d.interpolated).map(label)).toEqual([]);
  });

  it("each hold one named operation, and no two share a name", () => {
    const names = documents.map((d) => ({ at: label(d), names: operationNames(d.text) }));
    expect(names.filter((d) => d.names.length !== 1 || !d.names[0]).map((d) => d.at)).toEqual([]);
    const all = names.flatMap((d) => d.names);
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });
});

describe("the document check itself", () => {
  it("finds #graphql string and template literals, and flags interpolated ones", () => {
    const found = findGraphqlDocuments(
      "example.tsx",
      [
        "const a = `#graphql\n query A { shop { name } }`;",
        "const b = '#graphql query B { shop { id } }';",
        'const c = `#graphql query C { product(id: "${id}") { id } }`;',
        "const notOne = `query D { shop { name } }`;",
        "export const View = () => <p>{`#graphql query E { shop { name } }`}</p>;",
      ].join("\n"),
    );
    // The first literal spans two lines.
    expect(found.map((d) => [d.line, d.interpolated])).toEqual([
      [1, false],
      [3, false],
      [4, true],
      [6, false],
    ]);
  });

  it("fails a misspelt field, a wrong argument type and a deprecated field", () => {
    expect(validationMessages(`#graphql\n query Bad($id: ID!) { product(id: $id) { titel } }`)).toEqual([
      'Cannot query field "titel" on type "Product". Did you mean "title"?',
    ]);
    expect(validationMessages(`#graphql\n query Bad { products(first: "ten") { nodes { id } } }`)[0]).toMatch(
      /Int cannot represent/,
    );
    expect(
      validationMessages(
        `#graphql\n query Old($id: ID!) { product(id: $id) { images(first: 1) { nodes { url } } } }`,
      )[0],
    ).toMatch(/Product\.images is deprecated/);
  });
});
