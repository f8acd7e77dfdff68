import { useNavigation, useSubmit } from "@remix-run/react";
import { SaveBar, useAppBridge } from "@shopify/app-bridge-react";
import { Layout, Page } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { isSettingsDirty, settingsFormFields, settingsFormStateOf, type SettingsFormState } from "./settings-form";
import type { SettingsFieldsProps } from "./settings-fields";
import type { SettingsActionResult, SettingsPageView } from "./settings-page.server";
import { SettingsColourCard } from "./SettingsColourCard";
import { SettingsDefaultsCard } from "./SettingsDefaultsCard";
import { SettingsKeyCard } from "./SettingsKeyCard";
import { SettingsLooksCard } from "./SettingsLooksCard";
import { SettingsPausedBanner } from "./SettingsPausedBanner";
import { SettingsPublishingCard } from "./SettingsPublishingCard";

const SAVE_BAR_ID = "settings-save-bar";

export function SettingsPage({ view, result }: { view: SettingsPageView; result: SettingsActionResult | undefined }) {
  const shopify = useAppBridge();
  const submit = useSubmit();
  const navigation = useNavigation();
  const saved = useMemo(() => settingsFormStateOf(view.settings, view.catalog), [view.settings, view.catalog]);
  const [form, setForm] = useState<SettingsFormState>(saved);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const dirty = isSettingsDirty(saved, form);
  const errors = result && !result.ok ? result.fieldErrors : {};
  const { t } = useTranslation("settings");
  const say = useStaffMessage();

  // After a successful save the form takes the stored settings (and forgets the typed key); after a refused one
  // it keeps what staff typed, with the errors beside it.
  useEffect(() => {
    if (!result?.ok) return;
    shopify.toast.show(say(result.message));
    if (result.intent === "save") setForm(settingsFormStateOf(result.settings, view.catalog));
    // view.catalog is read at the time of the answer; a new catalog alone must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const set = <K extends keyof SettingsFormState>(key: K, value: SettingsFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const save = () => submit(settingsFormFields(form, view.catalog.ok), { method: "post" });
  const discard = () => setForm(saved);
  const { settings } = view;
  const fields: SettingsFieldsProps = { form, onField: set, errors };

  return (
    <Page
      title={t("title")}
      backAction={{ content: t("common:nav.home"), url: "/app" }}
      primaryAction={{ content: t("common:actions.save"), onAction: save, loading: saving, disabled: !dirty }}
    >
      <SaveBar id={SAVE_BAR_ID} open={dirty}>
        <button variant="primary" onClick={save} disabled={saving}></button>
        <button onClick={discard}></button>
      </SaveBar>
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        <SettingsPausedBanner paused={settings.paused} />
        <SettingsKeyCard {...fields} settings={settings} />
        <SettingsPublishingCard {...fields} />
        <SettingsColourCard {...fields} />
        <SettingsDefaultsCard {...fields} catalog={view.catalog} />
        <SettingsLooksCard looks={view.looks} catalog={view.catalog} />
      </Layout>
    </Page>
  );
}
