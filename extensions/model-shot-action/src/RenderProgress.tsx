/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { callApp, LIVE_INTERVAL_MS, readRenderProgress, type RenderProgress } from "@model-shots/extension-shared/api";
import { t } from "@model-shots/extension-shared/i18n";

/**
 * Follows the renders the action queued: asks the app every few seconds (the pages' interval) until each has
 * reached review or failed, then stops. Null until the first answer.
 */
export function useRenderProgress(renderIds: string[] | null): RenderProgress | null {
  const [progress, setProgress] = useState<RenderProgress | null>(null);
  const key = renderIds?.join(",") ?? "";
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const visible = typeof document === "undefined" || document.visibilityState !== "hidden";
      const result = visible
        ? await callApp(`/api/render-status?ids=${encodeURIComponent(key)}`, readRenderProgress)
        : null;
      if (stopped) return;
      if (result?.ok) setProgress(result.data);
      // A failed ask is asked again; a settled answer ends the following.
      if (!(result?.ok && result.data.settled)) timer = setTimeout(() => void ask(), LIVE_INTERVAL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [key]);
  return progress;
}

/** Where the queued renders are now: rendering (how many are ready so far), then ready for review or failed, why. */
export function RenderProgressLines(props: { progress: RenderProgress | null }) {
  const { progress } = props;
  if (!progress || progress.renders.length === 0) return null;
  const count = progress.renders.length;
  const ready = progress.renders.filter((render) => render.stage === "in_review" || render.stage === "published");
  const failed = progress.renders.filter((render) => render.stage === "failed");
  if (!progress.settled) return <s-paragraph>{t("product.live.working", { count, ready: ready.length })}</s-paragraph>;
  return (
    <s-stack gap="small-200">
      {ready.length > 0 ? <s-paragraph>{t("product.live.ready", { count: ready.length })}</s-paragraph> : null}
      {failed.length > 0 ? (
        <s-paragraph>
          {t("product.live.failed", { count: failed.length })}
          {failed.map((render) => (render.reason ? ` ${render.reason}` : "")).join("")}
        </s-paragraph>
      ) : null}
    </s-stack>
  );
}
