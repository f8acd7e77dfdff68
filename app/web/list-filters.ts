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
