import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** How often the run page asks for fresh counts while renders are moving. */
export const RUN_POLL_INTERVAL_MS = 3_000;

/** Re-runs the loader every few seconds while `active`, and only while the tab is visible. */
export function usePolling(active: boolean, intervalMs = RUN_POLL_INTERVAL_MS) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}
