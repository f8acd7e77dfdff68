import { Form, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Layout, Text } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import type { HomeView } from "./home.server";

/** Rendering is paused for the shop: why, since when, and what lifts it (Settings, or resuming after a top-up). */
export function ShopPausedBanner({
  paused,
  pause,
}: {
  paused: HomeView["paused"];
  pause: { kind: "settings" | "resume"; label: string } | null;
}) {
  const navigation = useNavigation();
  if (!paused || !pause) return null;
  return (
    <Layout.Section>
      <Banner tone="critical" title="Rendering is paused for your shop">
        <BlockStack gap="200">
          <p>{paused.message}</p>
          <Text as="p" tone="subdued">
            Paused <TimeText at={paused.at} />
          </Text>
          {pause.kind === "resume" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume-shop" />
              <Button submit loading={navigation.state === "submitting"}>
                {pause.label}
              </Button>
            </Form>
          ) : (
            <InlineStack>
              <Button url="/app/settings">{pause.label}</Button>
            </InlineStack>
          )}
        </BlockStack>
      </Banner>
    </Layout.Section>
  );
}

/** No try-on key saved (and nothing paused): renders wait until one is. */
export function NoKeyBanner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title="No try-on key yet" action={{ content: "Open Settings", url: "/app/settings" }}>
        <p>Renders wait until a try-on service key is saved in Settings.</p>
      </Banner>
    </Layout.Section>
  );
}

/** No worker has checked in lately: renders are waiting, nothing is charged, and when to contact support. */
export function WorkerSilentBanner({
  workerSilent,
  inProgress,
}: {
  workerSilent: HomeView["workerSilent"];
  inProgress: number;
}) {
  if (!workerSilent) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title="Renders are not moving right now">
        <BlockStack gap="200">
          <p>
            The app&apos;s background worker{" "}
            {workerSilent.lastSeenAt ? (
              <>
                last checked in <TimeText at={workerSilent.lastSeenAt} />
              </>
            ) : (
              "has not started yet"
            )}
            , so {inProgress > 0 ? `${inProgress.toLocaleString("en-US")} renders are` : "new renders will be"} waiting.
            Nothing is charged while it is stopped, and waiting renders continue on their own when it is back.
          </p>
          <p>If this lasts more than a few minutes, contact Model Shots support.</p>
        </BlockStack>
      </Banner>
    </Layout.Section>
  );
}
