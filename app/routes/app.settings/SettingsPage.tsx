import { useNavigation, useSubmit } from "@remix-run/react";
import { SaveBar, useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  ResourceItem,
  ResourceList,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import type { SettingsActionResult, SettingsPageView } from "./settings-page.server";
import { describeOptions } from "~/web/render-options-form";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { isSettingsDirty, settingsFormFields, settingsFormStateOf, type SettingsFormState } from "./settings-form";
import { TimeText } from "~/components/TimeText";

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

  // After a successful save the form takes the stored settings (and forgets the typed key); after a refused one
  // it keeps what staff typed, with the errors beside it.
  useEffect(() => {
    if (!result?.ok) return;
    shopify.toast.show(result.message);
    if (result.intent === "save") setForm(settingsFormStateOf(result.settings, view.catalog));
    // view.catalog is read at the time of the answer; a new catalog alone must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const set = <K extends keyof SettingsFormState>(key: K, value: SettingsFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const save = () => submit(settingsFormFields(form, view.catalog.ok), { method: "post" });
  const discard = () => setForm(saved);
  const { settings } = view;

  return (
    <Page
      title="Settings"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{ content: "Save", onAction: save, loading: saving, disabled: !dirty }}
    >
      <SaveBar id={SAVE_BAR_ID} open={dirty}>
        <button variant="primary" onClick={save} disabled={saving}></button>
        <button onClick={discard}></button>
      </SaveBar>
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        {settings.paused ? (
          <Layout.Section>
            <Banner tone="critical" title="Rendering is paused">
              <p>
                {settings.paused.message} (since <TimeText at={settings.paused.at} />)
              </p>
              <p>Saving a key that the service accepts resumes rendering.</p>
            </Banner>
          </Layout.Section>
        ) : null}

        <Layout.AnnotatedSection
          id="service"
          title="Try-on service"
          description="The key of your virtual try-on account. It is checked with the service before it is saved, stored encrypted, and never shown again: only its last four characters."
        >
          <Card>
            <FormLayout>
              <TextField
                label="API key"
                name="apiKey"
                type="password"
                autoComplete="off"
                value={form.apiKey}
                onChange={(value) => set("apiKey", value)}
                placeholder={settings.keyLast4 ? `Saved key ending in ${settings.keyLast4}` : "Paste your key"}
                helpText={
                  settings.hasKey
                    ? `A key ending in ${settings.keyLast4 ?? "····"} is saved. Paste a new one only to replace it.`
                    : "Find it in your try-on account's settings."
                }
                error={errors.apiKey}
              />
              <TextField
                label="Service address"
                name="tryOnBaseUrl"
                type="url"
                autoComplete="off"
                value={form.tryOnBaseUrl}
                onChange={(value) => set("tryOnBaseUrl", value)}
                placeholder={settings.defaultBaseUrl ?? "https://api.example-tryon.com"}
                helpText={
                  settings.defaultBaseUrl
                    ? `Leave empty to use ${settings.defaultBaseUrl}.`
                    : "The address your try-on account gave you."
                }
                error={errors.tryOnBaseUrl}
              />
            </FormLayout>
          </Card>
        </Layout.AnnotatedSection>

        <Layout.AnnotatedSection
          id="publishing"
          title="Rendering and publishing"
          description="How many renders may run at once, and whether finished images skip review."
        >
          <Card>
            <FormLayout>
              <TextField
                label="Renders at the same time"
                name="concurrencyCap"
                type="number"
                min={1}
                max={20}
                autoComplete="off"
                value={form.concurrencyCap}
                onChange={(value) => set("concurrencyCap", value)}
                helpText="More finishes a run sooner; fewer leaves room in your try-on account for other work."
                error={errors.concurrencyCap}
              />
              <Checkbox
                label="Publish without review"
                name="publishWithoutReview"
                checked={form.publishWithoutReview}
                onChange={(checked) => set("publishWithoutReview", checked)}
                helpText="Off by default. When on, finished images are added to products at once, without anyone approving them."
                error={errors.publishWithoutReview}
              />
              <Checkbox
                label="Keep renders whose colours drifted for review"
                name="holdDriftFromAutoPublish"
                checked={form.holdDriftFromAutoPublish}
                onChange={(checked) => set("holdDriftFromAutoPublish", checked)}
                helpText="On by default. With publishing without review, a render whose garment changed colour still waits for someone to look."
                error={errors.holdDriftFromAutoPublish}
              />
            </FormLayout>
          </Card>
        </Layout.AnnotatedSection>

        <Layout.AnnotatedSection
          id="colour"
          title="Colour check"
          description="Each render's garment colours are compared with the product photo's before review, as a colour difference (ΔE, CIEDE2000): under 2 is hard to see, above 10 is another shade."
        >
          <Card>
            <FormLayout>
              <FormLayout.Group>
                <TextField
                  label="Colour kept up to (ΔE)"
                  name="colourGoodMax"
                  type="number"
                  min={0.5}
                  max={60}
                  step={0.5}
                  autoComplete="off"
                  value={form.colourGoodMax}
                  onChange={(value) => set("colourGoodMax", value)}
                  error={errors.colourGoodMax}
                />
                <TextField
                  label="Colour drift from (ΔE)"
                  name="colourDriftMin"
                  type="number"
                  min={0.5}
                  max={60}
                  step={0.5}
                  autoComplete="off"
                  value={form.colourDriftMin}
                  onChange={(value) => set("colourDriftMin", value)}
                  helpText="Between the two, a render is marked 'Check colour'. The score only advises: it never publishes or deletes."
                  error={errors.colourDriftMin}
                />
              </FormLayout.Group>
            </FormLayout>
          </Card>
        </Layout.AnnotatedSection>

        <Layout.AnnotatedSection
          id="defaults"
          title="Defaults for new renders"
          description="What Generate, bulk runs and the admin actions start with. Staff can change them for each render."
        >
          <Card>
            <RenderOptionsFields
              values={form.options}
              onChange={(options) => set("options", options)}
              catalog={view.catalog}
              errors={errors}
            />
          </Card>
        </Layout.AnnotatedSection>

        <Layout.AnnotatedSection id="looks" title="Saved looks" description="Looks are saved from the Generate page.">
          <Card padding="0">
            <ResourceList
              resourceName={{ singular: "look", plural: "looks" }}
              items={view.looks}
              emptyState={
                <BlockStack gap="200">
                  <Text as="p" tone="subdued" alignment="center">
                    No saved looks yet.
                  </Text>
                </BlockStack>
              }
              renderItem={(look) => (
                <ResourceItem id={look.id} onClick={() => undefined} accessibilityLabel={`Look ${look.name}`}>
                  <InlineStack align="space-between" blockAlign="center">
                    <BlockStack gap="100">
                      <Text as="h3" fontWeight="semibold">
                        {look.name}
                      </Text>
                      <Text as="p" tone="subdued">
                        {describeOptions(look.options, view.catalog)}
                      </Text>
                    </BlockStack>
                    <Button
                      tone="critical"
                      variant="plain"
                      onClick={() => submit({ intent: "delete-look", lookId: look.id }, { method: "post" })}
                    >
                      Delete
                    </Button>
                  </InlineStack>
                </ResourceItem>
              )}
            />
          </Card>
        </Layout.AnnotatedSection>
      </Layout>
    </Page>
  );
}
