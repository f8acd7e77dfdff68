/**
 * Relay connections as the Admin API serves them: `first` or `last` is required and at most 250, cursors are
 * opaque base64 strings, `after`/`before` are exclusive, `reverse` flips the order before paging.
 */
import { GraphQLError } from "./graphql-js";
import { parseGid } from "./ids";

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

export const MAX_PAGE_SIZE = 250;

interface CursorPayload {
  last_id: number;
  /** Position in the ordered list; used when the item has since left the list. */
  last_position: number;
}

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

function decodeCursor(cursor: string): CursorPayload {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      value &&
      typeof value === "object" &&
      "last_id" in value &&
      "last_position" in value &&
      typeof value.last_id === "number" &&
      typeof value.last_position === "number"
    ) {
      return { last_id: value.last_id, last_position: value.last_position };
    }
  } catch {
    // fall through
  }
  throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: "BAD_REQUEST" } });
}

/**
 * One page of `items`. `unpaged` (a bulk query's connections) returns them all, ignoring `first`/`last` and the
 * cursors as Shopify does in bulk operations.
 */
export function connection<T extends { id: string }>(
  items: readonly T[],
  args: ConnectionArgs,
  { unpaged = false }: { unpaged?: boolean } = {},
): Connection<T> {
  return unpaged ? page(items, { first: items.length, reverse: args.reverse ?? null }, true) : page(items, args, false);
}

function page<T extends { id: string }>(items: readonly T[], args: ConnectionArgs, unbounded: boolean): Connection<T> {
  const { first, last, after, before, reverse } = args;
  if (first == null && last == null) {
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  }
  for (const size of [first, last]) {
    if (size != null && (size < 0 || (size > MAX_PAGE_SIZE && !unbounded))) {
      throw new GraphQLError(`The page size must be between 0 and ${MAX_PAGE_SIZE}`, {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }
  const ordered = reverse ? [...items].reverse() : [...items];
  const positionOf = (cursor: string) => {
    const { last_id, last_position } = decodeCursor(cursor);
    const found = ordered.findIndex((item) => parseGid(item.id)?.id === last_id);
    return found === -1 ? last_position : found;
  };
  const start = after ? positionOf(after) + 1 : 0;
  const end = before ? positionOf(before) : ordered.length;
  let window = ordered.slice(start, Math.max(start, end)).map((node, i) => ({ node, position: start + i }));

  let hasNextPage = end < ordered.length;
  let hasPreviousPage = start > 0;
  if (first != null) {
    hasNextPage = window.length > first || hasNextPage;
    window = window.slice(0, first);
  }
  if (last != null) {
    hasPreviousPage = window.length > last || hasPreviousPage;
    window = last === 0 ? [] : window.slice(-last);
  }
  const edges = window.map(({ node, position }) => ({
    cursor: encodeCursor({ last_id: parseGid(node.id)?.id ?? 0, last_position: position }),
    node,
  }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
