import { useCallback, useEffect, useState } from "react";

/**
 * The idempotency key of a create form, made in the browser: one key per form shown, sent with the form and
 * again with any retry or double click, so the server creates one render (or run) per key. A new key is made
 * after a create succeeded, for the next one. Empty until mounted, so server and browser render the same.
 */
export function newRequestKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function useRequestKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState("");
  useEffect(() => setKey(newRequestKey()), []);
  const renew = useCallback(() => setKey(newRequestKey()), []);
  return [key, renew];
}
