import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  Select,
  TextField,
  Collapsible,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from "@shopify/polaris";
import type { TFunction } from "i18next";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { useFieldErrors, useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import type { FieldErrors } from "~/lib/validation";
import { creditsForJob } from "~/tryon/cost";
import type { RenderOptionsFormValues } from "~/web/render-options-form";
import type { RenderDetailView } from "../app.renders.$renderId/render-detail.server";
import type { ReviewItem } from "./review.server";

/** What the large view knows of the render's product and catalog, loaded when it opens. */
export interface RenderDetailState {
  loading: boolean;
  detail: RenderDetailView | null;
  /** Why it could not be loaded: a message for `say`. */
  problem: string | null;
}

/** How a render in review is approved (variants, first image, its sibling candidates) or regenerated. */
export interface ApproveAndRegenerateProps {
  item: ReviewItem;
  busy: boolean;
  detail: RenderDetailState;
  variantIds: string[];
  onVariantIds: (variantIds: string[]) => void;
  /** "1" = the product's first image; "" = after the images it has. */
  position: string;
  onPosition: (position: string) => void;
  alt: string;
  onAlt: (alt: string) => void;
  rejectSiblings: boolean;
  onRejectSiblings: (rejectSiblings: boolean) => void;
  regenerate: {
    open: boolean;
    onToggle: () => void;
    options: RenderOptionsFormValues | null;
    onOptions: (options: RenderOptionsFormValues) => void;
    onSubmit: () => void;
  };
  fieldErrors: FieldErrors;
}

/** The places the image can take among the product's `count` images: first, each after one of them, or last. */
export function positionChoices(t: TFunction, count: number): Array<{ label: string; value: string }> {
  const choices = [
    { label: count === 0 ? t("approving.positionOnly") : t("approving.positionLast", { count }), value: "" },
  ];
  if (count > 0) choices.push({ label: t("approving.positionFirst"), value: "1" });
  for (let place = 2; place <= Math.min(count, 20); place++)
    choices.push({ label: t("approving.positionNth", { place }), value: String(place) });
  return choices;
}

/**
 * The large view's section for a render in review, once its product's detail is loaded: which variants show the
 * image, whether it becomes the first image, whether approving rejects the other candidates, and regenerating
 * with other options at the price of a new render.
 */
export function ApproveAndRegenerateSection(props: ApproveAndRegenerateProps) {
  const { item, busy, detail: detailState, regenerate } = props;
  const { t } = useTranslation("review");
  const format = useFormat();
  const say = useStaffMessage();
  const fieldErrors = useFieldErrors(props.fieldErrors);
  const detail = detailState.detail;
  const regenerateCost = format.credits(creditsForJob(regenerate.options?.resolution));
  const othersInReview = item.candidate?.othersInReview ?? 0;
  return (
    <Modal.Section>
      {detailState.loading && !detail ? (
        <Spinner size="small" accessibilityLabel={t("approving.loadingVariants")} />
      ) : detail ? (
        <BlockStack gap="300">
          {item.colourLabel ? <Text as="p">{t("approving.colourVariants", { colour: item.colourLabel })}</Text> : null}
          {detail.variants.length > 1 ? (
            <ChoiceList
              allowMultiple
              title={t("approving.variants")}
              choices={detail.variants.map((variant) => ({
                value: variant.id,
                // A variant's title is the shop's data.
                label: <span translate="no">{variant.title}</span>,
              }))}
              selected={props.variantIds}
              onChange={props.onVariantIds}
              error={fieldErrors.variantIds}
            />
          ) : null}
          <Select
            label={t("approving.position")}
            options={positionChoices(t, detail.mediaCount)}
            value={props.position}
            onChange={props.onPosition}
            error={fieldErrors.position}
          />
          <TextField
            label={t("approving.alt")}
            helpText={t("approving.altHelp")}
            value={props.alt}
            onChange={props.onAlt}
            maxLength={512}
            autoComplete="off"
            error={fieldErrors.alt}
          />
          {othersInReview > 0 ? (
            <Checkbox
              label={t("candidates.rejectOthersWhenApproving", { count: othersInReview })}
              helpText={t("candidates.filesDeleted")}
              checked={props.rejectSiblings}
              onChange={props.onRejectSiblings}
            />
          ) : null}
          <InlineStack gap="200" blockAlign="center">
            <Button disclosure={regenerate.open ? "up" : "down"} onClick={regenerate.onToggle}>
              {t("approving.regenerate")}
            </Button>
            <Badge>{t("approving.newRenderCosts", { cost: regenerateCost })}</Badge>
          </InlineStack>
          <Collapsible id="regenerate-options" open={regenerate.open}>
            {regenerate.options ? (
              <BlockStack gap="300">
                <RenderOptionsFields
                  values={regenerate.options}
                  onChange={regenerate.onOptions}
                  catalog={detail.catalog}
                  errors={props.fieldErrors}
                />
                <InlineStack>
                  <Button
                    variant="primary"
                    onClick={regenerate.onSubmit}
                    loading={busy}
                    disabled={!detail.catalog.ok || !detail.productExists}
                  >
                    {t("approving.regenerateFor", { cost: regenerateCost })}
                  </Button>
                </InlineStack>
              </BlockStack>
            ) : null}
          </Collapsible>
        </BlockStack>
      ) : detailState.problem !== null ? (
        <Banner tone="warning">
          <p>{say(detailState.problem)}</p>
        </Banner>
      ) : null}
    </Modal.Section>
  );
}
