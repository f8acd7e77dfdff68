import { Form, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Layout, Text } from "@shopify/polaris";
import { useWhen } from "~/components/use-when";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { HomeView } from "./home.server";
import type { PauseAction } from "./HomePage";

/** Rendering is paused for the shop: why, since when, and what lifts it (Settings, or resuming after a top-up). */
export function ShopPausedBanner({ paused, pause }: { paused: HomeView["paused"]; pause: PauseAction | null }) {
  const navigation = useNavigation();
  const { t } = useTranslation("home");
  const say = useStaffMessage();
  const when = useWhen();
  if (!paused || !pause) return null;
  return (
    <Layout.Section>
      <Banner tone="critical" title={t("common:paused.title")}>
        <BlockStack gap="200">
          <p>{t(`messages:paused.${paused.reason}`, { defaultValue: say(paused.message) })}</p>
          <Text as="p" tone="subdued">
            <span suppressHydrationWarning>{t("paused.since", { time: when(paused.at) })}</span>
          </Text>
          {pause.kind === "resume" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume-shop" />
              <Button submit loading={navigation.state === "submitting"}>
                {t(pause.labelKey)}
              </Button>
            </Form>
          ) : (
            <InlineStack>
              <Button url="/app/settings">{t(pause.labelKey)}</Button>
            </InlineStack>
          )}
        </BlockStack>
      </Banner>
    </Layout.Section>
  );
}

/** No try-on key saved (and nothing paused): renders wait until one is. */
export function NoKeyBanner({ show }: { show: boolean }) {
  const { t } = useTranslation("home");
  if (!show) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title={t("noKey.title")} action={{ content: t("noKey.action"), url: "/app/settings" }}>
        <p>{t("noKey.body")}</p>
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
  const { t } = useTranslation("home");
  const when = useWhen();
  if (!workerSilent) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title={t("workerSilent.title")}>
        <BlockStack gap="200">
          <p>
            <span suppressHydrationWarning>
              {workerSilent.lastSeenAt
                ? t("workerSilent.lastSeen", { time: when(workerSilent.lastSeenAt) })
                : t("workerSilent.notStarted")}
            </span>{" "}
            {inProgress > 0 ? t("workerSilent.waiting", { count: inProgress }) : t("workerSilent.newWaiting")}{" "}
            {t("workerSilent.nothingCharged")}
          </p>
          <p>{t("workerSilent.support")}</p>
        </BlockStack>
      </Banner>
    </Layout.Section>
  );
}
