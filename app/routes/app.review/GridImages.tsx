import { BlockStack, Text } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";
import type { ReviewItem } from "./review.server";

/** Cards in the first row, whose images load at once. */
export const EAGER_CARDS = 3;

/**
 * A review image at the card's width (at least 240 px on a laptop), in a fixed 3:4 box so nothing moves while it
 * loads; the browser fetches those below the fold only when they come near.
 */
function GridImage({ url, alt, eager }: { url: string; alt: string; eager: boolean }) {
  return (
    <img
      src={url}
      alt={alt}
      width={300}
      height={400}
      // The first row is what staff see first (and the page's largest paint): fetched at once, the rest on scroll.
      loading={eager ? "eager" : "lazy"}
      // React 18 passes the attribute through only in lower case (it knows no fetchPriority prop yet).
      {...((eager ? { fetchpriority: "high" } : {}) as Record<string, string>)}
      decoding="async"
      style={{
        width: "100%",
        height: "auto",
        aspectRatio: "3 / 4",
        objectFit: "contain",
        background: "var(--p-color-bg-surface-secondary)",
        borderRadius: 8,
        display: "block",
      }}
    />
  );
}

/** The product's photo at grid size, under its caption. */
export function SourcePhoto({ item, eager }: { item: ReviewItem; eager: boolean }) {
  const { t } = useTranslation("review");
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued" variant="bodySm">
        {t("card.yourPhoto")}
      </Text>
      {item.sourcePreviewUrl ? (
        <GridImage url={item.sourcePreviewUrl} alt={t("card.photoOf", { title: item.productTitle })} eager={eager} />
      ) : null}
    </BlockStack>
  );
}

/** The model shot at grid size, a button that opens the large view; a sentence while there is no image yet. */
export function ModelShot(props: {
  item: ReviewItem;
  alt: string;
  openLabel: string;
  eager: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation("review");
  if (!props.item.result) {
    return (
      <Text as="span" tone="subdued">
        {t("card.notAvailable")}
      </Text>
    );
  }
  return (
    <button
      type="button"
      onClick={props.onOpen}
      style={{ border: 0, padding: 0, background: "none", cursor: "pointer", width: "100%" }}
      aria-label={props.openLabel}
    >
      <GridImage url={props.item.result.previewUrl} alt={props.alt} eager={props.eager} />
    </button>
  );
}
