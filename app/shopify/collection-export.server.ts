/**
 * A collection's products read through one Shopify bulk operation (ADR 055): the CollectionExport port of
 * app/catalog/catalog-port.ts.
 *
 * The bulk query is made from LIST_COLLECTION_PRODUCTS_FOR_RENDER itself, the paginated listing's document: the
 * same product selection, with the page arguments dropped and nested `nodes` written as `edges { node }`. A field
 * added there (variants for one shot per colour) is read in bulk too; a new nested connection needs its line in
 * CHILD_CONNECTIONS (a test fails until it has one). Each product line and its children are rebuilt into the
 * node a page would hold and mapped by the same `productForRenderOf`, so planning sees the same products.
 *
 * The result file is streamed and parsed line by line: one product is open at a time; its children follow it.
 * Shopify does not promise they follow right after, so a child of a product already handed on comes out as a
 * `late` event that the caller applies to the stored product.
 */
import { Kind, parse, print, visit, type FieldNode, type SelectionSetNode } from "graphql";
import { z } from "zod";
import type { CollectionExport, ExportEvent, ExportStatus, ProductForRender } from "~/catalog/catalog-port";
import { outboundFetch, type OutboundFetch } from "~/net/outbound";
import { StreamTooLargeError } from "~/lib/streams";
import { AdminGraphqlError } from "./admin-errors";
import type { AdminGraphql } from "./admin-graphql.server";
import { LIST_COLLECTION_PRODUCTS_FOR_RENDER } from "./operations/collections";
import { CANCEL_BULK_OPERATION, GET_BULK_OPERATION, RUN_BULK_QUERY } from "./operations/bulk-operations";
import { photosOf, productForRenderOf, type ListedProductNode } from "./product-source.server";

/**
 * The product's nested connections a bulk line can belong to, told apart by the child's gid type, and how a child
 * that comes after its product was handed on is added to it.
 */
const CHILD_CONNECTIONS: Record<
  string,
  { gid: RegExp; late: (product: ProductForRender, child: Record<string, unknown>, cap: number) => ProductForRender }
> = {
  media: {
    gid: /^gid:\/\/shopify\/(MediaImage|Video|ExternalVideo|Model3d)\/\d+/,
    late: (product, child, cap) =>
      product.photos.length >= cap
        ? product
        : { ...product, photos: [...product.photos, ...photosOf([mediaSchema.parse(child)])] },
  },
  variants: {
    gid: /^gid:\/\/shopify\/ProductVariant\/\d+/,
    late: (product, child) => {
      const variant = z.object({ id: z.string(), title: z.string() }).parse(child);
      return { ...product, variants: [...product.variants, { id: variant.id, title: variant.title }] };
    },
  },
};

interface ExportPlan {
  /** The product selection of the paginated listing, as a bulk query's node. */
  productSelection: SelectionSetNode;
  /** The product's nested connections by field name, each with the page size the listing asks for. */
  children: Map<string, { cap: number }>;
}

const withoutHashComment = (document: string) => document.replace(/^\s*#graphql\s*/, "");

/** Reads the listing document once: where its product selection is and which connections it holds. */
function exportPlan(): ExportPlan {
  const document = parse(withoutHashComment(LIST_COLLECTION_PRODUCTS_FOR_RENDER));
  let productSelection: SelectionSetNode | undefined;
  visit(document, {
    Field(node) {
      if (node.name.value !== "products") return undefined;
      const nodes = node.selectionSet?.selections.find(
        (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "nodes",
      );
      productSelection = nodes?.selectionSet;
      return false;
    },
  });
  if (!productSelection) throw new Error("LIST_COLLECTION_PRODUCTS_FOR_RENDER has no products { nodes } selection");
  const children = new Map<string, { cap: number }>();
  const rewritten = visit(productSelection, {
    Field(node) {
      const inner = node.selectionSet?.selections.find(
        (s): s is FieldNode => s.kind === Kind.FIELD && (s.name.value === "nodes" || s.name.value === "edges"),
      );
      if (!inner) return undefined;
      const name = node.alias?.value ?? node.name.value;
      if (!CHILD_CONNECTIONS[name]) {
        throw new Error(`The product's connection "${name}" is read in bulk too: add it to CHILD_CONNECTIONS`);
      }
      const first = node.arguments?.find((a) => a.name.value === "first")?.value;
      children.set(name, { cap: first?.kind === Kind.INT ? Number(first.value) : Number.POSITIVE_INFINITY });
      // A child line needs its parent's id; `edges { node }` is the form Shopify's bulk documentation uses.
      const nodeSelection =
        inner.name.value === "nodes"
          ? inner.selectionSet
          : inner.selectionSet?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "node")
              ?.selectionSet;
      return {
        ...node,
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: [
            {
              kind: Kind.FIELD,
              name: { kind: Kind.NAME, value: "edges" },
              selectionSet: {
                kind: Kind.SELECTION_SET,
                selections: [
                  { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "node" }, selectionSet: nodeSelection },
                ],
              },
            },
          ],
        },
      } as FieldNode;
    },
  });
  return { productSelection: rewritten, children };
}

const PLAN = exportPlan();

/** The bulk query for a collection: the listing's product selection under `collection(id:) { products }`. */
export function collectionExportQuery(collectionId: string): string {
  return `{
  collection(id: ${JSON.stringify(collectionId)}) {
    products {
      edges {
        node ${print(PLAN.productSelection)}
      }
    }
  }
}`;
}

const mediaSchema = z.object({
  id: z.string(),
  alt: z.string().nullish(),
  image: z.object({ url: z.string() }).nullish(),
});
/** A product line rebuilt with its children: what LIST_COLLECTION_PRODUCTS_FOR_RENDER's node holds. */
const listedProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  productType: z.string(),
  category: z.object({ id: z.string(), name: z.string(), fullName: z.string() }).nullish(),
  media: z.object({ nodes: z.array(mediaSchema) }),
});
const lineSchema = z.looseObject({ id: z.string(), __parentId: z.string().optional() });

const statusSchema = z.object({
  node: z
    .object({
      id: z.string(),
      status: z.enum(["CREATED", "RUNNING", "COMPLETED", "FAILED", "CANCELING", "CANCELED", "EXPIRED"]),
      errorCode: z.string().nullish(),
      objectCount: z.coerce.number().int().min(0),
      url: z.string().nullish(),
    })
    .nullish(),
});

/** Longest line accepted: a product with its fields is well under a kilobyte; anything far longer is not ours. */
const MAX_LINE_CHARS = 1_000_000;

/**
 * Most bytes read from one export, counted as they stream. A collection of MAX_RUN_PRODUCTS (50,000) products, each
 * with its 6 photos and long alt texts, is under 300 MB; a body past this is not an export of ours.
 */
export const MAX_EXPORT_BYTES = 512 * 1024 * 1024;

/**
 * The text lines of a byte stream, decoded as UTF-8, without holding more than one line and one chunk; it fails once
 * more than `maxBytes` have arrived.
 */
export async function* textLines(
  body: ReadableStream<Uint8Array>,
  maxBytes = MAX_EXPORT_BYTES,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new StreamTooLargeError(maxBytes);
      const text = pending + decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = text.indexOf("\n", start); end !== -1; end = text.indexOf("\n", start)) {
        if (end > start) yield text.slice(start, end);
        start = end + 1;
      }
      pending = text.slice(start);
      if (pending.length > MAX_LINE_CHARS) throw new Error(`a line of the export is over ${MAX_LINE_CHARS} characters`);
    }
    pending += decoder.decode();
    if (pending.trim()) yield pending;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Products and late children from a bulk export's JSONL lines (see the top of this file). */
export async function* exportEvents(lines: AsyncIterable<string>): AsyncGenerator<ExportEvent> {
  let open: {
    line: Record<string, unknown> & { id: string };
    children: Map<string, Record<string, unknown>[]>;
  } | null = null;
  const handedOn = new Set<string>();
  const finish = (product: NonNullable<typeof open>): ProductForRender => {
    const node: Record<string, unknown> = { ...product.line };
    for (const [name, { cap }] of PLAN.children)
      node[name] = { nodes: (product.children.get(name) ?? []).slice(0, cap) };
    handedOn.add(product.line.id);
    return productForRenderOf(listedProductSchema.parse(node) as ListedProductNode);
  };
  for await (const text of lines) {
    const { __parentId: parentId, ...line } = lineSchema.parse(JSON.parse(text));
    if (parentId === undefined) {
      if (open) yield { kind: "product", product: finish(open) };
      open = { line, children: new Map() };
      continue;
    }
    const connection = [...PLAN.children.keys()].find((name) => CHILD_CONNECTIONS[name]?.gid.test(line.id));
    if (!connection) throw new Error(`an export line of an unexpected kind: ${line.id}`);
    if (open && parentId === open.line.id) {
      const siblings = open.children.get(connection) ?? [];
      siblings.push(line);
      open.children.set(connection, siblings);
    } else if (handedOn.has(parentId)) {
      const cap = PLAN.children.get(connection)?.cap ?? Number.POSITIVE_INFINITY;
      const late = CHILD_CONNECTIONS[connection]!.late;
      yield { kind: "late", productId: parentId, apply: (product) => late(product, line, cap) };
    } else {
      throw new Error(`an export line whose parent ${parentId} is not in the export`);
    }
  }
  if (open) yield { kind: "product", product: finish(open) };
}

/**
 * The CollectionExport of a shop, through its Admin API client; result files go through the guarded outbound path and
 * are read up to `maxBytes`.
 */
export function makeCollectionExport(
  admin: AdminGraphql,
  fetch: OutboundFetch = outboundFetch,
  { maxBytes = MAX_EXPORT_BYTES }: { maxBytes?: number } = {},
): CollectionExport {
  return {
    async start(collectionId) {
      try {
        const result = await admin.query(RUN_BULK_QUERY, { query: collectionExportQuery(collectionId) });
        const run = result.bulkOperationRunQuery;
        const operationId = run?.bulkOperation?.id;
        if (run?.userErrors.length || !operationId) {
          const reasons = run?.userErrors.map((e) => `${e.code ?? "ERROR"}: ${e.message}`) ?? [];
          return { ok: false, reason: reasons.join("; ") || "Shopify started no bulk operation" };
        }
        return { ok: true, operationId };
      } catch (error) {
        // A query Shopify will not run (access, validation) is a refusal; throttling and outages propagate.
        if (error instanceof AdminGraphqlError) return { ok: false, reason: error.message };
        throw error;
      }
    },

    async status(operationId) {
      const node = statusSchema.parse(await admin.query(GET_BULK_OPERATION, { id: operationId })).node;
      if (!node) return null;
      return {
        status: node.status satisfies ExportStatus,
        objectCount: node.objectCount,
        errorCode: node.errorCode ?? null,
        url: node.url ?? null,
      };
    },

    async cancel(operationId) {
      const result = await admin.query(CANCEL_BULK_OPERATION, { id: operationId });
      const errors = result.bulkOperationCancel?.userErrors ?? [];
      return errors.length === 0 ? { ok: true } : { ok: false, reason: errors.map((e) => e.message).join("; ") };
    },

    async *read(url) {
      // The URL comes from Shopify's answer: fetched only through the outbound guard, like any other.
      const response = await fetch(url, { signal: AbortSignal.timeout(30 * 60_000) });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`the export could not be downloaded (HTTP ${response.status})`);
      }
      yield* exportEvents(textLines(response.body, maxBytes));
    },
  };
}
