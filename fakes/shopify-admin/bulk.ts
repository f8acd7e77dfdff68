/**
 * Bulk query operations of the fake Admin API, as Shopify documents them for API 2026-10
 * (https://shopify.dev/docs/api/usage/bulk-operations/queries):
 *
 * - `bulkOperationRunQuery(query:)` checks the query (valid against the schema, one top-level field, at least one
 *   and at most five connections, nested at most two deep, a nested connection's parent node selecting `id`) and
 *   Shopify's limit of five bulk query operations running at once per app and shop (API 2026-01 and later;
 *   `maxConcurrentBulkQueries`); a refusal is a userError (INVALID, LIMIT_REACHED) and creates nothing.
 * - The query is executed at once over the store (fake: a snapshot; Shopify reads while RUNNING) with every
 *   connection unpaged: Shopify ignores `first`/`after` in bulk queries. The result is kept as JSONL lines: one
 *   object a line, each connection's nodes on their own lines with `__parentId` (their enclosing node's id),
 *   children after their parent. The single object a query may start from (`collection(id:)`) is not written
 *   (fake: its first connection's nodes are the root objects, without `__parentId`).
 * - Its status then follows a modelled timeline on the fake's clock: CREATED for `queuedMs`, RUNNING while
 *   `objectCount` grows at `objectsPerSecond`, then COMPLETED with `url` (the JSONL, served by the fake), or
 *   FAILED with `errorCode` when a test asked for it (`failNextBulkOperation`), or CANCELED by
 *   `bulkOperationCancel`.
 * - When it ends, `bulk_operations/finish` is POSTed to every subscribed address, signed with the app's client
 *   secret the way Shopify signs webhooks (X-Shopify-Hmac-Sha256, base64 HMAC-SHA256 of the body).
 */
import { createHmac, randomUUID } from "node:crypto";
import {
  execute,
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  isUnionType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "./graphql-js";
import { legacyIdOf } from "./ids";

export type BulkOperationStatus = "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELED";
export type BulkOperationErrorCode = "ACCESS_DENIED" | "INTERNAL_SERVER_ERROR" | "TIMEOUT";

export interface BulkTimeline {
  /** How long an operation stays CREATED before it runs. */
  queuedMs: number;
  /** How fast `objectCount` grows while RUNNING; the operation ends when every object is counted. */
  objectsPerSecond: number;
}

/**
 * The fake's model of Shopify's side, stated in docs/benchmarks.md (benchmark 5): 2 s in the queue, then 1,000
 * objects a second. Shopify publishes no rate; this is an assumption of the right order (minutes for 50,000
 * products with their photos), not a measurement.
 */
export const DEFAULT_BULK_TIMELINE: BulkTimeline = { queuedMs: 2_000, objectsPerSecond: 1_000 };
/** Bulk query operations an app may run at once per shop in API 2026-01 and later (one before). */
export const MAX_CONCURRENT_BULK_QUERIES = 5;
export const BULK_FINISH_TOPIC = "bulk_operations/finish";

export interface BulkFailure {
  errorCode: BulkOperationErrorCode;
  /** Objects counted before it fails; the partial data (`partialDataUrl`) holds that many lines. */
  afterObjects: number;
}

export interface BulkOperationRecord {
  __typename: "BulkOperation";
  id: string;
  shop: string;
  shopNumber: number;
  query: string;
  createdAtMs: number;
  /** The result, one JSON object a line. */
  lines: string[];
  /** Lines without `__parentId`. */
  rootLines: number;
  timeline: BulkTimeline;
  /** Set when its pace was changed while it ran (`repaceBulkOperation`): counting goes on from here. */
  pacedFrom?: { atMs: number; objects: number };
  failure: BulkFailure | null;
  canceledAtMs: number | null;
  /** Signs the result's URL, as Shopify's storage URLs are signed. */
  signature: string;
  /** The finish webhook has been sent (or there was nobody to send it to when it ended). */
  notified: boolean;
}

export interface BulkOperationView {
  status: BulkOperationStatus;
  objectCount: number;
  rootObjectCount: number;
  errorCode: BulkOperationErrorCode | null;
  /** When it ended (COMPLETED, FAILED or CANCELED), else null. */
  endedAtMs: number | null;
}

function runningAt(op: BulkOperationRecord): number {
  return op.createdAtMs + op.timeline.queuedMs;
}

/** Where counting starts: when it began to run, or where its pace was last changed. */
function countingFrom(op: BulkOperationRecord): { atMs: number; objects: number } {
  return op.pacedFrom ?? { atMs: runningAt(op), objects: 0 };
}

/** When the operation ends by itself (completes, or fails where told to). */
export function scheduledEndMs(op: BulkOperationRecord): number {
  const from = countingFrom(op);
  const objects = op.failure ? op.failure.afterObjects : op.lines.length;
  return from.atMs + ((objects - from.objects) / op.timeline.objectsPerSecond) * 1000;
}

/** The operation as it stands at `now` on the fake's clock. */
export function viewBulkOperation(op: BulkOperationRecord, now: number): BulkOperationView {
  const from = countingFrom(op);
  const counted = (at: number) =>
    Math.max(
      0,
      Math.min(op.lines.length, from.objects + Math.floor(((at - from.atMs) / 1000) * op.timeline.objectsPerSecond)),
    );
  const rootsAmong = (objects: number) =>
    objects >= op.lines.length
      ? op.rootLines
      : op.lines.slice(0, objects).filter((l) => !l.includes('"__parentId"')).length;
  const end = scheduledEndMs(op);
  if (op.canceledAtMs !== null && op.canceledAtMs < end) {
    const objects = counted(op.canceledAtMs);
    return now < op.canceledAtMs
      ? viewBulkRunning(op, now, counted, rootsAmong)
      : {
          status: "CANCELED",
          objectCount: objects,
          rootObjectCount: rootsAmong(objects),
          errorCode: null,
          endedAtMs: op.canceledAtMs,
        };
  }
  if (now < end) return viewBulkRunning(op, now, counted, rootsAmong);
  if (op.failure) {
    const objects = op.failure.afterObjects;
    return {
      status: "FAILED",
      objectCount: objects,
      rootObjectCount: rootsAmong(objects),
      errorCode: op.failure.errorCode,
      endedAtMs: end,
    };
  }
  return {
    status: "COMPLETED",
    objectCount: op.lines.length,
    rootObjectCount: op.rootLines,
    errorCode: null,
    endedAtMs: end,
  };
}

function viewBulkRunning(
  op: BulkOperationRecord,
  now: number,
  counted: (at: number) => number,
  rootsAmong: (objects: number) => number,
): BulkOperationView {
  if (now < runningAt(op))
    return { status: "CREATED", objectCount: 0, rootObjectCount: 0, errorCode: null, endedAtMs: null };
  const objects = counted(now);
  return {
    status: "RUNNING",
    objectCount: objects,
    rootObjectCount: rootsAmong(objects),
    errorCode: null,
    endedAtMs: null,
  };
}

/**
 * Changes the pace of an operation still under way from `now` on, keeping what it has counted so far (a test
 * that has seen an export's progress lets it finish). One that has ended, or is cancelled, is left as it is.
 */
export function repaceBulkOperation(op: BulkOperationRecord, now: number, objectsPerSecond: number): boolean {
  const view = viewBulkOperation(op, now);
  if (isFinished(view.status) || op.canceledAtMs !== null) return false;
  op.pacedFrom = view.status === "CREATED" ? countingFrom(op) : { atMs: now, objects: view.objectCount };
  op.timeline = { ...op.timeline, objectsPerSecond };
  return true;
}

export const isFinished = (status: BulkOperationStatus) =>
  status === "COMPLETED" || status === "FAILED" || status === "CANCELED";

/** The path (under the fake's bulk origin) of an operation's result, or of its partial data. */
export function bulkResultPath(op: BulkOperationRecord, partial = false): string {
  return `/${op.shopNumber}/${legacyIdOf(op.id)}${partial ? "-partial" : ""}.jsonl?signature=${op.signature}`;
}

/** Which lines a result URL serves: all of them, or a failed operation's partial data. */
export function bulkResultLines(op: BulkOperationRecord, partial: boolean): string[] {
  return partial ? op.lines.slice(0, op.failure?.afterObjects ?? 0) : op.lines;
}

export function byteLengthOf(lines: readonly string[]): number {
  let total = 0;
  for (const line of lines) total += Buffer.byteLength(line) + 1;
  return total;
}

/** Serves lines as a byte stream in chunks of about 64 KB, so a large result is never one string. */
export function linesStream(lines: readonly string[]): ReadableStream<Uint8Array> {
  let next = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next >= lines.length) return controller.close();
      let chunk = "";
      while (next < lines.length && chunk.length < 64 * 1024) chunk += `${lines[next++]}\n`;
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

// ----- checking a bulk query ---------------------------------------------------------------------------------

export interface BulkQueryProblem {
  code: "INVALID";
  message: string;
}

const isConnectionType = (name: string) => name.endsWith("Connection");

/**
 * Shopify's checks of a bulk query, before anything runs: a valid query document with one top-level field, at
 * least one connection and at most five, nested at most two deep, and every node that has a nested connection
 * selecting `id` (its children's `__parentId`).
 */
export function checkBulkQuery(
  schema: GraphQLSchema,
  query: string,
): { ok: true; document: DocumentNode } | { ok: false; problem: BulkQueryProblem } {
  const invalid = (message: string) => ({ ok: false as const, problem: { code: "INVALID" as const, message } });
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return invalid(`Invalid bulk query: ${error instanceof Error ? error.message : String(error)}`);
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return invalid(`Invalid bulk query: ${errors.map((e) => e.message).join("; ")}`);
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || !operation || operation.operation !== "query") {
    return invalid("Bulk queries must contain exactly one query operation.");
  }
  if (operation.variableDefinitions?.length) return invalid("Bulk queries cannot use variables.");
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const topLevel = operation.selectionSet.selections.filter(
    (s) => !(s.kind === Kind.FIELD && s.name.value === "__typename"),
  );
  if (topLevel.length !== 1 || topLevel[0]?.kind !== Kind.FIELD) {
    return invalid("Bulk queries must have exactly one top-level field.");
  }
  let connections = 0;
  let deepest = 0;
  let problem: string | null = null;

  /** Fields of a selection set, through fragments, each with the type it is selected on. */
  const fieldsOf = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType) => {
    const found: Array<{
      name: string;
      alias: string | null;
      selectionSet: SelectionSetNode | undefined;
      parent: GraphQLCompositeType;
    }> = [];
    const collect = (set: SelectionSetNode, type: GraphQLCompositeType) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          found.push({
            name: selection.name.value,
            alias: selection.alias?.value ?? null,
            selectionSet: selection.selectionSet,
            parent: type,
          });
        } else {
          const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
          if (!fragment) continue;
          const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
          collect(fragment.selectionSet, (condition as GraphQLCompositeType | undefined) ?? type);
        }
      }
    };
    collect(selectionSet, parent);
    return found;
  };

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType, depth: number, isNode: boolean) => {
    const fields = fieldsOf(selectionSet, parent);
    let hasConnection = false;
    for (const field of fields) {
      if (field.name === "__typename" || !field.selectionSet) continue;
      if (!(isObjectType(field.parent) || isInterfaceType(field.parent))) continue;
      const definition = field.parent.getFields()[field.name];
      if (!definition) continue;
      const type = getNamedType(definition.type);
      if (!(isObjectType(type) || isInterfaceType(type) || isUnionType(type))) continue;
      if (isConnectionType(type.name) && isObjectType(type)) {
        connections += 1;
        hasConnection = true;
        deepest = Math.max(deepest, depth + 1);
        // Into the connection's nodes: `edges { node }` or `nodes`.
        for (const inner of fieldsOf(field.selectionSet, type)) {
          if (!inner.selectionSet) continue;
          if (inner.name === "nodes") {
            const nodeType = getNamedType(type.getFields().nodes!.type) as GraphQLCompositeType;
            walk(inner.selectionSet, nodeType, depth + 1, true);
          } else if (inner.name === "edges") {
            const edgeType = getNamedType(type.getFields().edges!.type);
            if (!isObjectType(edgeType)) continue;
            for (const edgeField of fieldsOf(inner.selectionSet, edgeType)) {
              if (edgeField.name !== "node" || !edgeField.selectionSet) continue;
              walk(
                edgeField.selectionSet,
                getNamedType(edgeType.getFields().node!.type) as GraphQLCompositeType,
                depth + 1,
                true,
              );
            }
          }
        }
      } else {
        walk(field.selectionSet, type, depth, false);
      }
    }
    if (hasConnection && isNode && !fields.some((f) => f.name === "id" && f.alias === null)) {
      problem ??= "The parent 'node' field for a nested connection must select the 'id' field without an alias.";
    }
  };
  walk(operation.selectionSet, schema.getQueryType()!, 0, false);
  if (problem) return invalid(problem);
  if (connections === 0) return invalid("Bulk queries must contain at least one connection.");
  if (connections > 5) return invalid(`Bulk queries cannot contain more than 5 connections (found ${connections}).`);
  if (deepest > 2) return invalid("Bulk queries cannot nest connections more than two levels deep.");
  return { ok: true, document };
}

// ----- running it ----------------------------------------------------------------------------------------------

/**
 * Executes a checked bulk query over the store with unpaged connections (`contextValue.unpaged`) and writes the
 * result as JSONL lines. A field the fake does not implement fails the mutation, loudly, as everywhere else.
 */
export async function runBulkQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  contextValue: object,
  fieldResolver: Parameters<typeof execute>[0]["fieldResolver"],
): Promise<{ lines: string[]; rootLines: number }> {
  const result = await execute({ schema, document, contextValue, fieldResolver, rootValue: {} });
  if (result.errors?.length) throw result.errors[0] ?? new GraphQLError("bulk query failed");
  const lines: string[] = [];
  let rootLines = 0;
  const emit = (node: Record<string, unknown>, parentId: string | null) => {
    const children: Array<Record<string, unknown>[]> = [];
    const own = withoutConnections(node, children);
    lines.push(JSON.stringify(parentId === null ? own : { ...own, __parentId: parentId }));
    if (parentId === null) rootLines += 1;
    const id = typeof node.id === "string" ? node.id : null;
    for (const nodes of children) for (const child of nodes) emit(child, id);
  };
  for (const value of Object.values(result.data ?? {})) {
    const roots: Array<Record<string, unknown>[]> = [];
    if (isConnectionValue(value)) roots.push(nodesOf(value));
    else if (value && typeof value === "object") withoutConnections(value as Record<string, unknown>, roots);
    for (const nodes of roots) for (const node of nodes) emit(node, null);
  }
  return { lines, rootLines };
}

function isConnectionValue(value: unknown): value is { edges?: Array<{ node: unknown }>; nodes?: unknown[] } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((key) => key === "edges" || key === "nodes" || key === "pageInfo") &&
    (Array.isArray((value as { edges?: unknown }).edges) || Array.isArray((value as { nodes?: unknown }).nodes))
  );
}

function nodesOf(value: { edges?: Array<{ node: unknown }>; nodes?: unknown[] }): Record<string, unknown>[] {
  const nodes = value.nodes ?? value.edges?.map((edge) => edge.node) ?? [];
  return nodes.filter((node): node is Record<string, unknown> => !!node && typeof node === "object");
}

/** A copy of an object without its connections (wherever they sit in it); their nodes go to `children`. */
function withoutConnections(
  value: Record<string, unknown>,
  children: Array<Record<string, unknown>[]>,
): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (isConnectionValue(field)) children.push(nodesOf(field));
    else if (field && typeof field === "object" && !Array.isArray(field))
      own[key] = withoutConnections(field as Record<string, unknown>, children);
    else own[key] = field;
  }
  return own;
}

// ----- the finish webhook --------------------------------------------------------------------------------------

export interface WebhookSubscription {
  topic: string;
  /** Absolute address the fake POSTs to (the app's URL and the subscription's uri). */
  address: string;
}

export interface WebhookDelivery {
  at: number;
  topic: string;
  shop: string;
  address: string;
  payload: Record<string, unknown>;
  /** HTTP status, 0 for a network failure, null when the fake dropped it on purpose (`dropNextWebhooks`). */
  status: number | null;
}

/** The payload Shopify sends for bulk_operations/finish. */
export function finishPayload(op: BulkOperationRecord, view: BulkOperationView): Record<string, unknown> {
  return {
    admin_graphql_api_id: op.id,
    completed_at: view.endedAtMs === null ? null : new Date(view.endedAtMs).toISOString(),
    created_at: new Date(op.createdAtMs).toISOString(),
    error_code: view.errorCode?.toLowerCase() ?? null,
    status: view.status.toLowerCase(),
    type: "query",
  };
}

/** A webhook request as Shopify sends it: JSON body, topic and shop headers, HMAC of the body with the secret. */
export function webhookRequest(input: {
  address: string;
  topic: string;
  shop: string;
  apiVersion: string;
  secret: string;
  payload: Record<string, unknown>;
  now: number;
}): Request {
  const body = JSON.stringify(input.payload);
  return new Request(input.address, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": input.topic,
      "X-Shopify-Shop-Domain": input.shop,
      "X-Shopify-Hmac-Sha256": createHmac("sha256", input.secret).update(body, "utf8").digest("base64"),
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-API-Version": input.apiVersion,
      "X-Shopify-Triggered-At": new Date(input.now).toISOString(),
    },
  });
}
