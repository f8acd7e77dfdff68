import { useNavigation, useSubmit } from "@remix-run/react";
import { BlockStack, Layout, Page } from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { LookCard } from "~/components/LookCard";
import { PausedBanner } from "~/components/PausedBanner";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { formDataOf } from "~/web/forms";
import { optionsToFormFields, withLook, type RenderOptionsFormValues } from "~/web/render-options-form";
import { useRequestKey } from "~/web/request-key";
import { garmentChoicesField, previewInputsKey, scopeFormFields, type PickedScope } from "./bulk-run-form";
import { BulkRunChoicesCard } from "./BulkRunChoicesCard";
import { listingWords } from "./bulk-run-listing";
import { BulkRunDecisionsCard } from "./BulkRunDecisionsCard";
import type { BulkRunActionResult, BulkRunPageView } from "./bulk-run.server";
import { BulkRunColoursCard } from "./BulkRunColoursCard";
import { BulkRunEstimate } from "./BulkRunEstimate";
import { BulkRunPreviewCard } from "./BulkRunPreviewCard";
import { BulkRunScopeCard } from "./BulkRunScopeCard";
import { BulkRunSkippedCard } from "./BulkRunSkippedCard";

/** How often the page asks again while a large collection is being read. */
const LISTING_POLL_MS = 3_000;

/** The scope a link from an admin action chose (a collection, or products by id until the picker names them). */
function initialScopeOf(view: BulkRunPageView, untitled: string): PickedScope | null {
  return view.initialScope?.kind === "collection"
    ? {
        kind: "collection",
        collectionId: view.initialScope.collectionId,
        title: view.initialScope.title ?? untitled,
      }
    : view.initialScope?.kind === "products"
      ? { kind: "products", products: view.initialScope.productIds.map((id) => ({ id, title: id })) }
      : null;
}

export function BulkRunPage({ view, result }: { view: BulkRunPageView; result: BulkRunActionResult | undefined }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [requestKey] = useRequestKey();
  const { t } = useTranslation("bulkRun");
  const say = useStaffMessage();
  const [scope, setScope] = useState<PickedScope | null>(() => initialScopeOf(view, t("collectionUntitled")));
  const [options, setOptions] = useState<RenderOptionsFormValues>(view.initialOptions);
  const [regenerate, setRegenerate] = useState(false);
  const [garmentChoices, setGarmentChoices] = useState<Record<string, string>>({});
  const [perColour, setPerColour] = useState(false);
  const [budget, setBudget] = useState("");
  const [candidates, setCandidates] = useState("1");
  const [lookId, setLookId] = useState("");
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const inputsKey = previewInputsKey(scope, options, { regenerate, garmentChoices, candidates, perColour }, budget);
  const preview = result?.ok && result.intent === "preview" ? result.summary : null;
  // A large collection being read in the background: shown with its progress, asked again every few seconds.
  const listing = result?.ok && result.intent === "listing" && previewedFor === inputsKey ? result.listing : null;
  const stale = preview !== null && previewedFor !== inputsKey;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  const fields = useMemo(
    () => ({
      ...scopeFormFields(scope),
      ...optionsToFormFields(options),
      ...(regenerate ? { regenerate: "on" } : {}),
      garmentChoices: garmentChoicesField(garmentChoices),
      ...(perColour ? { perColour: "on" } : {}),
      budgetCredits: budget,
      candidates,
    }),
    [scope, options, regenerate, garmentChoices, perColour, budget, candidates],
  );

  const askPreview = useCallback(
    () => submit(formDataOf({ intent: "preview", ...fields }), { method: "post" }),
    [submit, fields],
  );
  const runPreview = () => {
    setPreviewedFor(inputsKey);
    askPreview();
  };
  const start = () => submit(formDataOf({ intent: "start", requestKey, ...fields }), { method: "post" });
  useEffect(() => {
    if (!listing || navigation.state !== "idle") return;
    const timer = setTimeout(askPreview, LISTING_POLL_MS);
    return () => clearTimeout(timer);
  }, [listing, navigation.state, askPreview]);
  const applyLook = (id: string) => {
    setLookId(id);
    const look = view.looks.find((candidate) => candidate.id === id);
    if (look) setOptions((current) => withLook(current, look.options, view.catalog, false));
  };

  return (
    <Page title={t("title")} backAction={{ content: t("runs:title"), url: "/app/runs" }}>
      <Layout>
        <FormErrorBanner message={result && !result.ok ? (result.formError ?? errors.scope) : null} />
        <PausedBanner paused={view.paused} consequence={t("pausedConsequence")} />
        <Layout.Section>
          <BlockStack gap="400">
            <BulkRunScopeCard
              scope={scope}
              onScope={setScope}
              regenerate={regenerate}
              onRegenerate={setRegenerate}
              perColour={perColour}
              onPerColour={setPerColour}
              perColourError={errors.perColour}
            />
            <LookCard looks={view.looks} lookId={lookId} onLook={applyLook}>
              <RenderOptionsFields
                values={options}
                onChange={setOptions}
                catalog={view.catalog}
                errors={errors}
                garmentOfEachProduct
              />
            </LookCard>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <BulkRunPreviewCard
              candidates={candidates}
              onCandidates={setCandidates}
              budget={budget}
              onBudget={setBudget}
              errors={errors}
              onPreview={runPreview}
              previewing={pendingIntent === "preview"}
              canPreview={Boolean(scope) && view.catalog.ok}
              listing={listing ? listingWords(say, listing) : null}
            >
              {preview ? (
                <BulkRunEstimate
                  preview={preview}
                  stale={stale}
                  budget={budget}
                  onStart={start}
                  starting={pendingIntent === "start"}
                  canStart={Boolean(requestKey)}
                />
              ) : null}
            </BulkRunPreviewCard>
            <BulkRunSkippedCard preview={preview} />
            <BulkRunChoicesCard preview={preview} choices={garmentChoices} onChoices={setGarmentChoices} />
          </BlockStack>
        </Layout.Section>
        <BulkRunColoursCard preview={preview} />
        <BulkRunDecisionsCard preview={preview} />
      </Layout>
    </Page>
  );
}
