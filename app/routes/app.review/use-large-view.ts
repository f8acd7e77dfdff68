import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { RenderOptionsFormValues } from "~/web/render-options-form";
import { newRequestKey } from "~/web/request-key";
import type { RenderDetailView } from "../app.renders.$renderId/render-detail.server";
import type { RenderDetailState } from "./ApproveAndRegenerateSection";
import type { ReviewItem } from "./review.server";

type DetailAnswer = { ok: true; detail: RenderDetailView } | { ok: false; message: string };

/**
 * The large view's state, which the page keeps so the shortcuts act on it too: the render open (and its product's
 * variants and catalog, loaded as it opens), zoom, the approve choices and the regenerate form, all reset when
 * another render opens.
 */
export function useLargeView(items: ReviewItem[]) {
  const detailFetcher = useFetcher<DetailAnswer>();
  const [openId, setOpenId] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [variantIds, setVariantIds] = useState<string[]>([]);
  // Where the image goes among the product's images ("" = after them) and its alt text (null = the suggestion).
  const [position, setPosition] = useState("");
  const [alt, setAlt] = useState<string | null>(null);
  // Approving one candidate offers to reject the others still in review (ticked: staff usually want one shot).
  const [rejectSiblings, setRejectSiblings] = useState(true);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [regenerateOptions, setRegenerateOptions] = useState<RenderOptionsFormValues | null>(null);
  const [regenerateKey, setRegenerateKey] = useState("");
  const openIndex = openId ? items.findIndex((item) => item.id === openId) : -1;
  const openItem = openIndex >= 0 ? items[openIndex] : undefined;
  const detail = detailFetcher.data?.ok && detailFetcher.data.detail.id === openId ? detailFetcher.data.detail : null;

  // Stable for the fetcher's life, so `open` is made once.
  const loadDetail = detailFetcher.load;
  const open = useCallback(
    (item: ReviewItem | undefined) => {
      if (!item) return;
      setOpenId(item.id);
      setZoomed(false);
      setVariantIds([]);
      setPosition("");
      setAlt(null);
      setRejectSiblings(true);
      setRegenerateOpen(false);
      setRegenerateOptions(item.options);
      setRegenerateKey(newRequestKey());
      loadDetail(`/app/renders/${encodeURIComponent(item.id)}`);
    },
    [loadDetail],
  );
  // A new regenerate request gets a new key once the last one was accepted.
  const renewRegenerateKey = useCallback(() => setRegenerateKey(newRequestKey()), []);

  const detailState: RenderDetailState = {
    loading: detailFetcher.state === "loading",
    detail,
    problem: detailFetcher.data && !detailFetcher.data.ok ? detailFetcher.data.message : null,
  };
  return {
    openIndex,
    openItem,
    open,
    close: () => setOpenId(null),
    zoomed,
    toggleZoom: () => setZoomed((value) => !value),
    detail: detailState,
    variantIds,
    setVariantIds,
    position,
    setPosition,
    alt: alt ?? detail?.altSuggestion ?? "",
    setAlt,
    rejectSiblings,
    setRejectSiblings,
    regenerateOpen,
    toggleRegenerate: () => setRegenerateOpen((value) => !value),
    regenerateOptions,
    setRegenerateOptions,
    regenerateKey,
    renewRegenerateKey,
  };
}

export type LargeView = ReturnType<typeof useLargeView>;
