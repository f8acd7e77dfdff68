import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { ColourBadge } from "../../components/ColourBadge";
import { RenderStateBadge } from "../../components/RenderStateBadge";
import { TimeText } from "../../components/TimeText";
import type { ReviewItem } from "./review.server";

/**
 * A review image at the card's width (at least 240 px on a laptop), in a fixed 3:4 box so nothing moves while it
 * loads; the browser fetches those below the fold only when they come near.
 */
function GridImage({ url, alt }: { url: string; alt: string }) {
  return (
    <img
      src={url}
      alt={alt}
      width={300}
      height={400}
      loading="lazy"
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

function ReviewCard(props: {
  item: ReviewItem;
  focused: boolean;
  selected: boolean;
  selectable: boolean;
  onSelect: () => void;
  onOpen: () => void;
  onFilterProduct: () => void;
}) {
  const { item } = props;
  return (
    <div
      style={{ outline: props.focused ? "2px solid var(--p-color-border-focus)" : "none", borderRadius: 12 }}
      data-render-id={item.id}
    >
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            {props.selectable ? (
              <Checkbox label="Select" labelHidden checked={props.selected} onChange={props.onSelect} />
            ) : (
              <span />
            )}
            <InlineStack gap="100">
              <ColourBadge colour={item.colour} />
              <RenderStateBadge state={item.state} />
            </InlineStack>
          </InlineStack>
          <InlineGrid columns={2} gap="200">
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                Your photo
              </Text>
              {item.sourcePreviewUrl ? (
                <GridImage url={item.sourcePreviewUrl} alt={`Photo of ${item.productTitle}`} />
              ) : null}
            </BlockStack>
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                Model shot
              </Text>
              {item.result ? (
                <button
                  type="button"
                  onClick={props.onOpen}
                  style={{ border: 0, padding: 0, background: "none", cursor: "pointer", width: "100%" }}
                  aria-label={`Open ${item.productTitle}`}
                >
                  <GridImage url={item.result.previewUrl} alt={`Model shot of ${item.productTitle}`} />
                </button>
              ) : (
                <Text as="span" tone="subdued">
                  Not available yet
                </Text>
              )}
            </BlockStack>
          </InlineGrid>
          <Button variant="plain" textAlign="left" onClick={props.onFilterProduct}>
            {item.productTitle}
          </Button>
          <Text as="p" tone="subdued" variant="bodySm">
            {item.optionsSummary}
          </Text>
          {item.staffNote ? (
            <Text as="p" tone="critical" variant="bodySm">
              {item.staffNote}
            </Text>
          ) : null}
          <Text as="p" tone="subdued" variant="bodySm">
            Rendered <TimeText at={item.renderedAt ?? item.createdAt} showAbsolute={false} />
          </Text>
          <Button onClick={props.onOpen}>Open</Button>
        </BlockStack>
      </Card>
    </div>
  );
}

/** The page's renders as cards, each beside its source photo; the focused card is outlined for the shortcuts. */
export function ReviewGrid(props: {
  items: ReviewItem[];
  focus: number;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onSelect: (item: ReviewItem) => void;
  onOpen: (item: ReviewItem, index: number) => void;
  onFilterProduct: (item: ReviewItem) => void;
}) {
  return (
    // Two cards a row on a laptop: each image gets about 280 px, enough to judge a garment's colour and fit.
    <InlineGrid columns={{ xs: 1, md: 2, xl: 3 }} gap="400">
      {props.items.map((item, index) => (
        <ReviewCard
          key={item.id}
          item={item}
          focused={index === props.focus}
          selected={props.selected.has(item.id)}
          selectable={props.selectable}
          onSelect={() => props.onSelect(item)}
          onOpen={() => props.onOpen(item, index)}
          onFilterProduct={() => props.onFilterProduct(item)}
        />
      ))}
    </InlineGrid>
  );
}
