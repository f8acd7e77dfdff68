/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { ActionButtons, CandidatesSelect, SentBanner, SentLines } from "./ActionOutcome";
import {
  appLink,
  callApp,
  formatCredits,
  newRequestKey,
  readRunPreview,
  readStartedRun,
  type CollectionReading,
  type RunPreview,
  type StartedRun,
} from "./api";
import { sayMessage, t } from "./i18n";

/**
 * A bulk run from the admin: the estimate and the skipped products first, then start. Used by the product
 * selection action and the collection action; this file is the same in both (test/extensions checks it).
 */

export type RunScope = { kind: "products"; productIds: string[] } | { kind: "collection"; collectionId: string };

type Previewed =
  | { state: "loading" }
  | { state: "failed"; error: string; fieldErrors: Record<string, string> }
  | { state: "ready"; preview: RunPreview };
type Started =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "failed"; error: string; fieldErrors: Record<string, string> }
  | { state: "done"; run: StartedRun };

const SKIPPED_SHOWN = 5;
const READING_POLL_MS = 3_000;

/** The listing's progress as the app words it; an app older than this bundle sends counts only. */
function ReadingProgress({ reading }: { reading: CollectionReading }) {
  const sentence =
    reading.sentence ??
    t("bulk.reading", { title: reading.scopeTitle, listed: reading.listed, expected: reading.expected });
  return (
    <s-stack gap="small-200">
      <s-paragraph>{sentence}</s-paragraph>
      {reading.progress !== null ? (
        // Admin extensions have no progress bar component: a filled box inside a subdued one.
        <s-box
          background="subdued"
          borderRadius="base"
          blockSize="8px"
          overflow="hidden"
          accessibilityLabel={t("bulk.readPercent", { percent: reading.progress })}
        >
          <s-box background="strong" blockSize="8px" inlineSize={`${reading.progress}%`} />
        </s-box>
      ) : null}
      <s-paragraph>{reading.detail ?? t("bulk.readingDetail")}</s-paragraph>
    </s-stack>
  );
}

/**
 * The estimate's sentence. With one per colour it counts renders (a colour each), as the bulk-run page says it;
 * otherwise products.
 */
function estimateWords(summary: NonNullable<RunPreview["summary"]>): string {
  const { eligibleCount, productCount, scopeTitle, candidatesPerProduct, renderCount } = summary;
  const key = `bulk.estimate${summary.colours !== null ? "Colours" : ""}${candidatesPerProduct > 1 ? "Candidates" : ""}`;
  return t(key, {
    eligible: eligibleCount,
    total: productCount,
    scope: scopeTitle,
    candidates: candidatesPerProduct,
    renders: renderCount,
    credits: formatCredits(summary.estimateCredits),
    each: formatCredits(summary.creditsPerRender),
  });
}

export function BulkRunForm({ scope, heading, close }: { scope: RunScope; heading: string; close: () => void }) {
  const [lookId, setLookId] = useState("");
  const [regenerate, setRegenerate] = useState(false);
  const [perColour, setPerColour] = useState(false);
  const [budget, setBudget] = useState("");
  const [candidates, setCandidates] = useState(1);
  const [previewed, setPreviewed] = useState<Previewed>({ state: "loading" });
  const [started, setStarted] = useState<Started>({ state: "idle" });
  const [requestKey] = useState(newRequestKey);
  const lookField = lookId ? { lookId } : {};

  // Bumped to ask again while a large collection is being read.
  const [poll, setPoll] = useState(0);

  useEffect(() => {
    if (poll === 0) setPreviewed({ state: "loading" });
    void callApp("/api/run-preview", readRunPreview, { scope, regenerate, candidates, perColour, ...lookField }).then(
      (result) =>
        setPreviewed(
          result.ok
            ? { state: "ready", preview: result.data }
            : { state: "failed", error: result.error, fieldErrors: result.fieldErrors },
        ),
    );
    // The scope is fixed for the life of the action; the look, regenerate, candidates and one per colour change
    // the estimate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookId, regenerate, candidates, perColour, poll]);

  const preview = previewed.state === "ready" ? previewed.preview : null;
  const reading = preview?.reading ?? null;
  useEffect(() => {
    if (!reading) return;
    const timer = setTimeout(() => setPoll((count) => count + 1), READING_POLL_MS);
    return () => clearTimeout(timer);
  }, [reading]);
  const summary = preview?.summary;
  const estimate = summary ? estimateWords(summary) : null;
  const budgetCredits = /^\d+$/.test(budget.trim()) ? Number(budget.trim()) : null;
  const blocked = !summary || summary.eligibleCount === 0 || preview?.problem !== null;

  const start = async () => {
    if (blocked || started.state === "sending" || started.state === "done") return;
    setStarted({ state: "sending" });
    const result = await callApp("/api/runs", readStartedRun, {
      scope,
      regenerate,
      candidates,
      perColour,
      requestKey,
      budgetCredits,
      ...lookField,
    });
    setStarted(
      result.ok
        ? { state: "done", run: result.data }
        : { state: "failed", error: result.error, fieldErrors: result.fieldErrors },
    );
  };

  return (
    <s-admin-action heading={heading} loading={previewed.state === "loading"}>
      <s-stack gap="base">
        {previewed.state === "failed" ? <s-banner tone="critical">{previewed.error}</s-banner> : null}
        {preview?.problem ? <s-banner tone="warning">{sayMessage(preview.problem)}</s-banner> : null}
        {preview?.paused ? <s-banner tone="warning">{t("bulk.paused", { reason: preview.paused })}</s-banner> : null}
        {reading ? <ReadingProgress reading={reading} /> : null}
        {summary ? (
          <s-stack gap="small-200">
            <s-paragraph>{estimate}</s-paragraph>
            {summary.colours && summary.colours.renders > 0 ? (
              <s-paragraph>
                {t("bulk.colourRenders", { renders: summary.colours.renders, count: summary.colours.products })}
              </s-paragraph>
            ) : null}
            {summary.colours && summary.colours.notes.length > 0 ? (
              <s-unordered-list>
                {summary.colours.notes.map((note) => (
                  <s-list-item key={note.productId}>{`${note.title}: ${note.text}`}</s-list-item>
                ))}
              </s-unordered-list>
            ) : null}
            {summary.sends.map((sent) => (
              <SentLines
                key={JSON.stringify(sent)}
                sent={sent}
                heading={t(summary.colours ? "bulk.rendersAs" : "bulk.productsAs", { count: sent.count })}
              />
            ))}
            {summary.skippedCount > 0 ? (
              <s-stack gap="small-300">
                <s-text>{t("bulk.skipped", { count: summary.skippedCount })}</s-text>
                <s-unordered-list>
                  {summary.skipped.slice(0, SKIPPED_SHOWN).map((skip) => (
                    <s-list-item key={skip.productId}>{`${skip.title}: ${skip.reasonText}`}</s-list-item>
                  ))}
                  {summary.skippedCount > SKIPPED_SHOWN ? (
                    <s-list-item>{t("bulk.andMore", { count: summary.skippedCount - SKIPPED_SHOWN })}</s-list-item>
                  ) : null}
                </s-unordered-list>
              </s-stack>
            ) : null}
            {summary.needsChoiceCount > 0 ? (
              <s-stack gap="small-300">
                <s-text>{t("bulk.needsChoice", { count: summary.needsChoiceCount })}</s-text>
                <s-unordered-list>
                  {summary.needsChoice.slice(0, SKIPPED_SHOWN).map((product) => (
                    <s-list-item key={product.productId}>{`${product.title}: ${product.sentence}`}</s-list-item>
                  ))}
                  {summary.needsChoiceCount > SKIPPED_SHOWN ? (
                    <s-list-item>{t("bulk.andMore", { count: summary.needsChoiceCount - SKIPPED_SHOWN })}</s-list-item>
                  ) : null}
                </s-unordered-list>
              </s-stack>
            ) : null}
          </s-stack>
        ) : null}
        {preview && preview.looks.length > 1 ? (
          <s-select label={t("bulk.look")} value={lookId} onChange={(event) => setLookId(event.currentTarget.value)}>
            {preview.looks.map((choice) => (
              <s-option key={choice.id ?? "default"} value={choice.id ?? ""}>
                {t("bulk.lookOption", { name: choice.name, credits: formatCredits(choice.credits) })}
              </s-option>
            ))}
          </s-select>
        ) : null}
        <CandidatesSelect label={t("bulk.candidates")} value={candidates} onChange={setCandidates} />
        <s-checkbox
          label={t("bulk.perColour")}
          details={t("bulk.perColourDetails")}
          checked={perColour}
          error={previewed.state === "failed" ? previewed.fieldErrors.perColour : undefined}
          disabled={started.state === "sending" || started.state === "done"}
          onChange={(event) => setPerColour(event.currentTarget.checked)}
        />
        <s-checkbox
          label={t("bulk.regenerate")}
          checked={regenerate}
          onChange={(event) => setRegenerate(event.currentTarget.checked)}
        />
        <s-number-field
          label={t("bulk.budget")}
          value={budget}
          min={1}
          error={started.state === "failed" ? started.fieldErrors.budgetCredits : undefined}
          onChange={(event) => setBudget(event.currentTarget.value)}
        />
        <SentBanner
          error={started.state === "failed" ? started.error : null}
          done={
            started.state === "done"
              ? {
                  heading: started.run.created ? t("bulk.started") : t("bulk.alreadyStarted"),
                  body: (
                    <>
                      {t("bulk.waitsForReview")}{" "}
                      <s-link href={appLink(started.run.runPath)}>{t("bulk.followRun")}</s-link>
                    </>
                  ),
                }
              : null
          }
        />
      </s-stack>
      <ActionButtons
        label={summary ? t("bulk.startFor", { credits: formatCredits(summary.estimateCredits) }) : t("bulk.start")}
        onSend={() => void start()}
        sending={started.state === "sending"}
        done={started.state === "done"}
        blocked={blocked}
        onClose={close}
      />
    </s-admin-action>
  );
}
