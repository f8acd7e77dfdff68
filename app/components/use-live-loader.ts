import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** How often a page with work in flight asks for fresh data: no page shows a state older than this while open. */
export const LIVE_INTERVAL_MS = 3_000;

/**
 * Re-runs the page's loaders every few seconds while `active` (work in flight, nothing being edited), and only
 * while the tab is visible: the run page's mechanism, shared by every page that shows work in progress.
 */
export function useLiveLoader(active: boolean, intervalMs = LIVE_INTERVAL_MS) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}
