import { BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import type { HomeView, ProblemRender } from "./home.server";

function ProblemList({ renders, extra }: { renders: ProblemRender[]; extra: number }) {
  return (
    <List>
      {renders.map((render) => (
        <List.Item key={render.id}>
          <Text as="span" fontWeight="semibold">
            {render.productTitle}
          </Text>{" "}
          {render.colourLabel ? (
            <>
              <VariantColourTag label={render.colourLabel} />{" "}
            </>
          ) : null}
          · since <TimeText at={render.since} />
          {render.message ? (
            <Text as="p" tone="subdued">
              {render.message}
            </Text>
          ) : null}
        </List.Item>
      ))}
      {extra > 0 ? <List.Item>and {extra} more</List.Item> : null}
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
  const hasProblems = submitUnknown.count > 0 || stalled.count > 0;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Needs your attention
        </Text>
        {!hasProblems ? (
          <Text as="p" tone="subdued">
            Nothing needs a decision right now.
          </Text>
        ) : null}
        {submitUnknown.count > 0 ? (
          <ProblemGroup
            heading={`${submitUnknown.count} ${submitUnknown.count === 1 ? "render" : "renders"} may or may not have started`}
            explanation="The try-on service did not confirm these, so the app did not send them again (that could pay twice). Look for them in the service's dashboard, then tell the app whether each one started."
            group={submitUnknown}
            action={{ label: "Decide for each render", url: "/app/history?state=submit_unknown" }}
          />
        ) : null}
        {stalled.count > 0 ? (
          <ProblemGroup
            heading={`${stalled.count} ${stalled.count === 1 ? "render is" : "renders are"} taking longer than usual`}
            explanation="The app keeps checking them every few minutes and spends nothing more. If one stays here for hours, check it in the try-on service's dashboard."
            group={stalled}
            action={{ label: "See them in History", url: "/app/history?state=stalled" }}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
