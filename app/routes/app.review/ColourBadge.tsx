import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { COLOUR_VERDICT_LABELS, type StoredColourVerdict } from "~/colour/colour-verdict";
import type { ReviewColour } from "./review.server";

const TONES: Record<StoredColourVerdict, "success" | "warning" | "critical" | undefined> = {
  good: "success",
  check: "warning",
  drift: "critical",
  not_scored: undefined,
};

/** "Colour drift · ΔE 14.2": the colour score's verdict and figure, on a review card. */
export function ColourBadge({ colour }: { colour: ReviewColour | null }) {
  if (!colour) return null;
  const tone = TONES[colour.verdict];
  const figure = colour.deltaE === null ? "" : ` · ΔE ${colour.deltaE.toFixed(1)}`;
  return <Badge {...(tone ? { tone } : {})}>{`${COLOUR_VERDICT_LABELS[colour.verdict]}${figure}`}</Badge>;
}

function Swatch({ hex, label }: { hex: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={`${label} ${hex}`}
      title={`${label} ${hex}`}
      style={{
        display: "inline-block",
        width: 28,
        height: 28,
        borderRadius: 6,
        background: hex,
        border: "1px solid var(--p-color-border)",
      }}
    />
  );
}

/** The photo's garment colours beside what the render made of each, with their ΔE: why the verdict is what it is. */
export function ColourSwatches({ colour }: { colour: ReviewColour | null }) {
  if (!colour) return null;
  if (colour.verdict === "not_scored") {
    return (
      <Text as="p" tone="subdued">
        Colours not compared: {colour.reason ?? "the score could not be made"}.
      </Text>
    );
  }
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Garment colours: photo, then render
      </Text>
      <InlineStack gap="400" wrap>
        {colour.matched.map((match, index) => (
          <InlineStack key={index} gap="100" blockAlign="center">
            <Swatch hex={match.source} label="Photo" />
            <Swatch hex={match.render} label="Render" />
            <Text as="span" variant="bodySm" tone={match.deltaE >= 10 ? "critical" : "subdued"}>
              ΔE {match.deltaE.toFixed(1)}
            </Text>
          </InlineStack>
        ))}
      </InlineStack>
    </BlockStack>
  );
}
