import { Banner, Layout } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import type { SettingsPageView } from "./settings-page.server";

/** Rendering is paused for the shop: why, since when, and that a key the service accepts resumes it. */
export function SettingsPausedBanner({ paused }: { paused: SettingsPageView["settings"]["paused"] }) {
  if (!paused) return null;
  return (
    <Layout.Section>
      <Banner tone="critical" title="Rendering is paused">
        <p>
          {paused.message} (since <TimeText at={paused.at} />)
        </p>
        <p>Saving a key that the service accepts resumes rendering.</p>
      </Banner>
    </Layout.Section>
  );
}
