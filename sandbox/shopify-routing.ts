/**
 * Where a Shopify-bound request goes in the sandbox: `https://{shop}.myshopify.com/admin/…` (the Admin API and
 * its token endpoint) to the fake Admin API's HTTP server, as `{fake}/shops/{shop}/admin/…`; null for every
 * other URL, which is left alone.
 */
export function fakeAdminAddress(url: URL, fakeOrigin: string): string | null {
  if (url.protocol !== "https:" || !url.hostname.endsWith(".myshopify.com") || !url.pathname.startsWith("/admin/"))
    return null;
  return `${fakeOrigin}/shops/${url.hostname}${url.pathname}${url.search}`;
}
