import { BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import { useWhen } from "~/components/use-when";
import { VariantColourTag } from "~/components/VariantColourTag";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { HomeView, ProblemRender } from "./home.server";

function ProblemList({ renders, extra }: { renders: ProblemRender[]; extra: number }) {
  const { t } = useTranslation("home");
  const say = useStaffMessage();
  const when = useWhen();
  return (
    <List>
      {renders.map((render) => (
        <List.Item key={render.id}>
          <Text as="span" fontWeight="semibold">
            <span translate="no">{render.productTitle}</span>
          </Text>{" "}
          {render.colourLabel ? (
            <>
              <VariantColourTag label={render.colourLabel} />{" "}
            </>
          ) : null}
          · <span suppressHydrationWarning>{t("attention.since", { time: when(render.since) })}</span>
          {render.message ? (
            <Text as="p" tone="subdued">
              {say(render.message)}
            </Text>
          ) : null}
        </List.Item>
      ))}
      {extra > 0 ? <List.Item>{t("attention.more", { count: extra })}</List.Item> : null}
    </List>
  );
}

/** One kind of render needing a person: what it means, the first few, and where to act on them. */
function ProblemGroup(props: {
  heading: string;
  explanation: string;
  group: { count: number; renders: ProblemRender[] };
  action: { label: string; url: string };
}) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {props.heading}
      </Text>
      <Text as="p">{props.explanation}</Text>
      <ProblemList renders={props.group.renders} extra={props.group.count - props.group.renders.length} />
      <InlineStack>
        <Button url={props.action.url}>{props.action.label}</Button>
      </InlineStack>
    </BlockStack>
  );
}

/** "Needs your attention": renders that may or may not have started, and renders taking longer than usual. */
export function NeedsAttentionCard({ submitUnknown, stalled }: Pick<HomeView, "submitUnknown" | "stalled">) {
  const { t } = useTranslation("home");
  const hasProblems = submitUnknown.count > 0 || stalled.count > 0;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("attention.title")}
        </Text>
        {!hasProblems ? (
          <Text as="p" tone="subdued">
            {t("attention.nothing")}
          </Text>
        ) : null}
        {submitUnknown.count > 0 ? (
          <ProblemGroup
            heading={t("attention.unknown.heading", { count: submitUnknown.count })}
            explanation={t("attention.unknown.explanation")}
            group={submitUnknown}
            action={{ label: t("attention.unknown.action"), url: "/app/history?state=submit_unknown" }}
          />
        ) : null}
        {stalled.count > 0 ? (
          <ProblemGroup
            heading={t("attention.stalled.heading", { count: stalled.count })}
            explanation={t("attention.stalled.explanation")}
            group={stalled}
            action={{ label: t("attention.stalled.action"), url: "/app/history?state=stalled" }}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
