import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { ColourBadge } from "./ColourBadge";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { memo } from "react";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import type { ReviewItem } from "./review.server";
import { reviewBlocksOf } from "./candidate-cards";

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
function SourcePhoto({ item, eager }: { item: ReviewItem; eager: boolean }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued" variant="bodySm">
        Your photo
      </Text>
      {item.sourcePreviewUrl ? (
        <GridImage url={item.sourcePreviewUrl} alt={`Photo of ${item.productTitle}`} eager={eager} />
      ) : null}
    </BlockStack>
  );
}

/** The model shot at grid size, a button that opens the large view; a sentence while there is no image yet. */
function ModelShot(props: { item: ReviewItem; alt: string; openLabel: string; eager: boolean; onOpen: () => void }) {
  if (!props.item.result) {
    return (
      <Text as="span" tone="subdued">
        Not available yet
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

/** Cards in the first row, whose images load at once. */
const EAGER_CARDS = 3;

const ReviewCard = memo(function ReviewCard(props: {
  item: ReviewItem;
  index: number;
  focused: boolean;
  selected: boolean;
  selectable: boolean;
  onSelect: (item: ReviewItem) => void;
  onOpen: (item: ReviewItem, index: number) => void;
  onFilterProduct: (item: ReviewItem) => void;
}) {
  const { item, index } = props;
  const eager = index < EAGER_CARDS;
  const onOpen = () => props.onOpen(item, index);
  return (
    <div
      style={{ outline: props.focused ? "2px solid var(--p-color-border-focus)" : "none", borderRadius: 12 }}
      data-render-id={item.id}
    >
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            {props.selectable ? (
              <Checkbox label="Select" labelHidden checked={props.selected} onChange={() => props.onSelect(item)} />
            ) : (
              <span />
            )}
            <InlineStack gap="100">
              <ColourBadge colour={item.colour} />
              <RenderStateBadge state={item.state} />
            </InlineStack>
          </InlineStack>
          <InlineGrid columns={2} gap="200">
            <SourcePhoto item={item} eager={eager} />
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                Model shot
              </Text>
              <ModelShot
                item={item}
                alt={`Model shot of ${item.productTitle}`}
                openLabel={`Open ${item.productTitle}`}
                eager={eager}
                onOpen={onOpen}
              />
            </BlockStack>
          </InlineGrid>
          <InlineStack gap="200" blockAlign="center">
            <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(item)}>
              {item.productTitle}
            </Button>
            <VariantColourTag label={item.colourLabel} />
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {item.candidate ? `${item.candidate.label} · ${item.optionsSummary}` : item.optionsSummary}
          </Text>
          {item.staffNote ? (
            <Text as="p" tone="critical" variant="bodySm">
              {item.staffNote}
            </Text>
          ) : null}
          <Text as="p" tone="subdued" variant="bodySm">
            Rendered <TimeText at={item.renderedAt ?? item.createdAt} showAbsolute={false} />
          </Text>
          <Button onClick={onOpen}>Open</Button>
        </BlockStack>
      </Card>
    </div>
  );
});

/**
 * A product's candidates side by side in one card the width of the grid: its photo once, then each model shot
 * with its number, scores and a quick "Approve this one" (which offers to reject the others).
 */
/** What the grid and its cards do with staff's clicks, and what is focused and selected. */
interface GridControls {
  focus: number;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onSelect: (item: ReviewItem) => void;
  onOpen: (item: ReviewItem, index: number) => void;
  onApprove: (item: ReviewItem, index: number) => void;
  onFilterProduct: (item: ReviewItem) => void;
}

const CandidatesCard = memo(function CandidatesCard(
  props: GridControls & { members: Array<{ item: ReviewItem; index: number }> },
) {
  const first = props.members[0]?.item;
  if (!first) return null;
  const eager = (props.members[0]?.index ?? 0) < EAGER_CARDS;
  return (
    <div style={{ gridColumn: "1 / -1" }} data-candidate-group={first.candidate?.group}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(first)}>
              {first.productTitle}
            </Button>
            <Text as="span" tone="subdued">
              {`${props.members.length} candidates: pick the best`}
            </Text>
          </InlineStack>
          <InlineGrid columns={{ xs: 2, md: Math.min(props.members.length + 1, 5) }} gap="300">
            <SourcePhoto item={first} eager={eager} />
            {props.members.map(({ item, index }) => (
              <div
                key={item.id}
                data-render-id={item.id}
                style={{
                  outline: index === props.focus ? "2px solid var(--p-color-border-focus)" : "none",
                  outlineOffset: 4,
                  borderRadius: 8,
                }}
              >
                <BlockStack gap="100">
                  {props.selectable ? (
                    <Checkbox
                      label={item.candidate?.label ?? "Select"}
                      checked={props.selected.has(item.id)}
                      onChange={() => props.onSelect(item)}
                    />
                  ) : (
                    <Text as="span" tone="subdued" variant="bodySm">
                      {item.candidate?.label}
                    </Text>
                  )}
                  <InlineStack gap="100">
                    <ColourBadge colour={item.colour} />
                    <RenderStateBadge state={item.state} />
                  </InlineStack>
                  <ModelShot
                    item={item}
                    alt={`${item.candidate?.label ?? "Model shot"} of ${item.productTitle}`}
                    openLabel={`Open ${item.candidate?.label ?? ""} of ${item.productTitle}`}
                    eager={eager}
                    onOpen={() => props.onOpen(item, index)}
                  />
                  {item.staffNote ? (
                    <Text as="p" tone="critical" variant="bodySm">
                      {item.staffNote}
                    </Text>
                  ) : null}
                  <InlineStack gap="200">
                    {item.state === "in_review" ? (
                      <Button variant="primary" onClick={() => props.onApprove(item, index)}>
                        Approve this one
                      </Button>
                    ) : null}
                    <Button onClick={() => props.onOpen(item, index)}>Open</Button>
                  </InlineStack>
                </BlockStack>
              </div>
            ))}
          </InlineGrid>
          <Text as="p" tone="subdued" variant="bodySm">
            {first.optionsSummary}
          </Text>
        </BlockStack>
      </Card>
    </div>
  );
});

/**
 * The page's renders as cards, each beside its source photo, a product's candidates together in one wide card;
 * the focused render is outlined for the shortcuts.
 */
export function ReviewGrid(props: GridControls & { items: ReviewItem[] }) {
  return (
    // Two cards a row on a laptop: each image gets about 280 px, enough to judge a garment's colour and fit.
    <InlineGrid columns={{ xs: 1, md: 2, xl: 3 }} gap="400">
      {reviewBlocksOf(props.items).map((block) =>
        block.kind === "single" ? (
          <ReviewCard
            key={block.item.id}
            item={block.item}
            index={block.index}
            focused={block.index === props.focus}
            selected={props.selected.has(block.item.id)}
            selectable={props.selectable}
            onSelect={props.onSelect}
            onOpen={props.onOpen}
            onFilterProduct={props.onFilterProduct}
          />
        ) : (
          <CandidatesCard
            key={block.group}
            members={block.members}
            focus={props.focus}
            selected={props.selected}
            selectable={props.selectable}
            onSelect={props.onSelect}
            onOpen={props.onOpen}
            onApprove={props.onApprove}
            onFilterProduct={props.onFilterProduct}
          />
        ),
      )}
    </InlineGrid>
  );
}
