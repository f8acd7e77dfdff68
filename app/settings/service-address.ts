/**
 * The try-on service address a shop types in Settings. The shop's key is sent to it with every call, so it is held to
 * a plain shape: https (http only outside production, for the local simulator), no user name or password, no query or
 * fragment (either would let the shop choose the whole path of every call), and one spelling per address (lower-case
 * host, no default port, no trailing slash), so "did the address change?" has one answer.
 */

import { messageKey } from "~/lib/staff-message";

export type ServiceAddress = { ok: true; url: string } | { ok: false; message: string };

export function parseServiceAddress(value: string, options: { production: boolean }): ServiceAddress {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: messageKey("settings:errors.addressStartHttps") };
  }
  const schemes = options.production ? ["https:"] : ["https:", "http:"];
  if (!schemes.includes(url.protocol)) {
    return { ok: false, message: messageKey("settings:errors.addressMustBeHttps") };
  }
  if (url.username || url.password) {
    return { ok: false, message: messageKey("settings:errors.addressCredentials") };
  }
  // URL drops an empty "?" or "#", so look at the text as typed too.
  if (url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, message: messageKey("settings:errors.addressQuery") };
  }
  const path = url.pathname.replace(/\/+$/, "");
  return { ok: true, url: `${url.origin}${path}` };
}
