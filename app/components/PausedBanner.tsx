import { Banner, Layout } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";

/**
 * On the pages that queue renders: the shop's work is paused (see app/shops/pause.server.ts), what that means for
 * what staff are about to start (`consequence`, in the caller's words), and the way to Home, where the pause is
 * explained and lifted.
 */
export function PausedBanner({
  paused,
  consequence,
}: {
  paused: { reason: string; message: string } | null;
  consequence: string;
}) {
  const { t } = useTranslation("common");
  const say = useStaffMessage();
  if (!paused) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title={t("paused.title")} action={{ content: t("paused.toHome"), url: "/app" }}>
        <p>
          {t(`messages:paused.${paused.reason}`, { defaultValue: say(paused.message) })} {consequence}
        </p>
      </Banner>
    </Layout.Section>
  );
}
