import { Banner, Layout } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import { useTranslation } from "~/i18n/react";
import type { SettingsPageView } from "./settings-page.server";

/** Rendering is paused for the shop: why, since when, and that a key the service accepts resumes it. */
export function SettingsPausedBanner({ paused }: { paused: SettingsPageView["settings"]["paused"] }) {
  const { t } = useTranslation("settings");
  if (!paused) return null;
  return (
    <Layout.Section>
      <Banner tone="critical" title={t("paused.title")}>
        <p>
          {t(`messages:paused.${paused.reason}`, { defaultValue: paused.message })} ({t("paused.since")}{" "}
          <TimeText at={paused.at} />)
        </p>
        <p>{t("paused.resume")}</p>
      </Banner>
    </Layout.Section>
  );
}
