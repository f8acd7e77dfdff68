import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { LIVE_INTERVAL_MS } from "~/components/use-live-loader";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { TimeText } from "~/components/TimeText";
import { useTranslation } from "~/i18n/react";
import { IN_PROGRESS_STATES } from "~/renders/lifecycle/render-states";
import type { RecentRenderView } from "./generate.server";

/** Newer of the two lists: the page's (after a generate) or the card's own poll, by their newest render. */
function newerOf(fromPage: RecentRenderView[], polled: RecentRenderView[] | undefined): RecentRenderView[] {
  if (!polled) return fromPage;
  const newest = (list: RecentRenderView[]) => list[0]?.createdAt ?? "";
  return newest(fromPage) > newest(polled) ? fromPage : polled;
}

/**
 * The product's latest renders with their state and age, and the way to all of them in History. While one is in
 * flight the card asks for their states every few seconds (only these rows, not the whole page).
 */
export function RecentRendersCard({ productId, renders }: { productId: string; renders: RecentRenderView[] }) {
  const poll = useFetcher<{ kind: "recent"; recentRenders: RecentRenderView[] }>({ key: "generate-recent" });
  const shown = newerOf(renders, poll.data?.recentRenders);
  const inFlight = shown.some((render) => IN_PROGRESS_STATES.includes(render.state));
  const { load } = poll;
  const { t } = useTranslation("generate");
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible")
        load(`/app/generate?productId=${encodeURIComponent(productId)}&recent=1`);
    }, LIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [inFlight, load, productId]);
  if (shown.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("recent.title")}
        </Text>
        <div aria-live="polite" data-recent-renders>
          <BlockStack gap="200">
            {shown.map((render) => (
              <InlineStack key={render.id} align="space-between" blockAlign="center">
                <RenderStateBadge state={render.state} />
                <TimeText at={render.createdAt} showAbsolute={false} />
              </InlineStack>
            ))}
          </BlockStack>
        </div>
        <Button variant="plain" url={`/app/history?productId=${encodeURIComponent(productId)}`}>
          {t("recent.all")}
        </Button>
      </BlockStack>
    </Card>
  );
}
