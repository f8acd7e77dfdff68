/** The paging cursors of a list page's query string. */
export type PageCursor = "after" | "before";

/**
 * The query string after one filter or page change on a list page (Review, History). Changing a filter starts
 * again from the first page; paging keeps the filters and moves one cursor, dropping the other.
 */
export function withListFilter(current: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const params = new URLSearchParams(current);
  if (value) params.set(name, value);
  else params.delete(name);
  if (name === "after" || name === "before") {
    params.delete(name === "after" ? "before" : "after");
  } else {
    params.delete("after");
    params.delete("before");
  }
  return params;
}

/** The filters a list's rows can be narrowed by on the client: the row's own value for each. */
export type RowFilterFields<Row> = Partial<Record<string, (row: Row) => string | null>>;

/**
 * The rows to show while a narrower filter is loading: the rows already on screen that will still match. The
 * server's answer keeps them in the same order and may only add rows below, so nothing on screen moves when it
 * arrives (a list that jumps half a second after a click is a layout shift staff feel, and CLS counts). When the
 * pending filters are not a narrowing of the current ones (a filter removed or changed page), the rows stand.
 */
export function rowsWhileFiltering<Row>(
  rows: readonly Row[],
  current: URLSearchParams,
  pending: URLSearchParams | null,
  fields: RowFilterFields<Row>,
): readonly Row[] {
  if (!pending) return rows;
  // Only the list's own parameters count: the admin's (host, shop, id_token…) come and go with App Bridge.
  const added: Array<[key: string, value: string]> = [];
  for (const key of [...Object.keys(fields), "after", "before"]) {
    const value = pending.get(key);
    if (current.get(key) === value) continue;
    // Only a filter newly set on a field the rows carry narrows; anything else (cursor, removal) may add rows.
    if (current.has(key) || value === null || !fields[key]) return rows;
    added.push([key, value]);
  }
  return rows.filter((row) => added.every(([key, value]) => fields[key]?.(row) === value));
}
