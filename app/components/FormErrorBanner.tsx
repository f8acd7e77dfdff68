import { Banner, Layout } from "@shopify/polaris";
import { useStaffMessage } from "~/i18n/react";

/**
 * What an action said about the whole form (field errors sit beside their fields), at the top of the page's layout;
 * a message key from the server is shown in the staff member's language.
 */
export function FormErrorBanner({ message }: { message: string | null | undefined }) {
  const say = useStaffMessage();
  if (!message) return null;
  return (
    <Layout.Section>
      <Banner tone="critical">
        <p>{say(message)}</p>
      </Banner>
    </Layout.Section>
  );
}
