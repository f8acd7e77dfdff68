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

/** Said on the bulk-run page too (app/routes/app.runs.new/BulkRunPage.tsx). */
const PER_COLOUR_LABEL = "One shot per colour";
const PER_COLOUR_DETAILS =
  "For products whose variants differ by colour: each colour rendered from its own variant photo and added to that colour's variants. Products without colours, or without a photo per colour, get one shot as usual.";

/** The listing's progress as the app words it; an app older than this bundle sends counts only. */
function ReadingProgress({ reading }: { reading: CollectionReading }) {
  const sentence =
    reading.sentence ??
    `"${reading.scopeTitle}" is a large collection: Model Shots is reading its products from Shopify (${reading.listed} of ${reading.expected} so far).`;
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
          accessibilityLabel={`${reading.progress}% read`}
        >
          <s-box background="strong" blockSize="8px" inlineSize={`${reading.progress}%`} />
        </s-box>
      ) : null}
      <s-paragraph>
        {reading.detail ?? "The estimate appears here when it is done; you can also close this and come back."}
      </s-paragraph>
    </s-stack>
  );
}

const plural = (count: number, noun: string) => (count === 1 ? noun : `${noun}s`);

/**
 * The estimate's sentence, around its credits. With one per colour it counts renders (a colour each), as the
 * bulk-run page says it; otherwise products.
 */
function estimateWords(summary: NonNullable<RunPreview["summary"]>): { counted: string; rest: string } {
  const { eligibleCount, productCount, scopeTitle, candidatesPerProduct, renderCount } = summary;
  const perColour = summary.colours !== null;
  const candidates =
    candidatesPerProduct > 1
      ? `, ${candidatesPerProduct} ${perColour ? "candidates of each" : "candidates each"}: ${renderCount} renders`
      : "";
  return perColour
    ? {
        counted: `${eligibleCount} ${plural(eligibleCount, "render")}`,
        rest: ` of ${productCount} products (${scopeTitle})${candidates}, about `,
      }
    : {
        counted: `${eligibleCount} of ${productCount}`,
        rest: ` products will be rendered (${scopeTitle})${candidates}, about `,
      };
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
        {preview?.problem ? <s-banner tone="warning">{preview.problem}</s-banner> : null}
        {preview?.paused ? (
          <s-banner tone="warning">{`Rendering is paused for your shop: ${preview.paused}`}</s-banner>
        ) : null}
        {reading ? <ReadingProgress reading={reading} /> : null}
        {summary ? (
          <s-stack gap="small-200">
            <s-paragraph>
              <s-text type="strong">{estimate?.counted}</s-text>
              {estimate?.rest}
              <s-text type="strong">{formatCredits(summary.estimateCredits)}</s-text>
              {` (${formatCredits(summary.creditsPerRender)} each, refunded if the service fails one).`}
            </s-paragraph>
            {summary.colours && summary.colours.renders > 0 ? (
              <s-paragraph>
                {`${summary.colours.renders} of these renders are one per colour, for ${summary.colours.products} ${summary.colours.products === 1 ? "product" : "products"}.`}
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
                heading={`${sent.count} ${plural(sent.count, summary.colours ? "render" : "product")} as:`}
              />
            ))}
            {summary.skippedCount > 0 ? (
              <s-stack gap="small-300">
                <s-text>{`${summary.skippedCount} skipped:`}</s-text>
                <s-unordered-list>
                  {summary.skipped.slice(0, SKIPPED_SHOWN).map((skip) => (
                    <s-list-item key={skip.productId}>{`${skip.title}: ${skip.reasonText}`}</s-list-item>
                  ))}
                  {summary.skippedCount > SKIPPED_SHOWN ? (
                    <s-list-item>{`and ${summary.skippedCount - SKIPPED_SHOWN} more`}</s-list-item>
                  ) : null}
                </s-unordered-list>
              </s-stack>
            ) : null}
            {summary.needsChoiceCount > 0 ? (
              <s-stack gap="small-300">
                <s-text>{`${summary.needsChoiceCount} left out until you choose a garment for each, in the app's bulk run page:`}</s-text>
                <s-unordered-list>
                  {summary.needsChoice.slice(0, SKIPPED_SHOWN).map((product) => (
                    <s-list-item key={product.productId}>{`${product.title}: ${product.sentence}`}</s-list-item>
                  ))}
                  {summary.needsChoiceCount > SKIPPED_SHOWN ? (
                    <s-list-item>{`and ${summary.needsChoiceCount - SKIPPED_SHOWN} more`}</s-list-item>
                  ) : null}
                </s-unordered-list>
              </s-stack>
            ) : null}
          </s-stack>
        ) : null}
        {preview && preview.looks.length > 1 ? (
          <s-select label="Look" value={lookId} onChange={(event) => setLookId(event.currentTarget.value)}>
            {preview.looks.map((choice) => (
              <s-option key={choice.id ?? "default"} value={choice.id ?? ""}>
                {`${choice.name} (${formatCredits(choice.credits)} each)`}
              </s-option>
            ))}
          </s-select>
        ) : null}
        <CandidatesSelect label="Candidates per product" value={candidates} onChange={setCandidates} />
        <s-checkbox
          label={PER_COLOUR_LABEL}
          details={PER_COLOUR_DETAILS}
          checked={perColour}
          error={previewed.state === "failed" ? previewed.fieldErrors.perColour : undefined}
          disabled={started.state === "sending" || started.state === "done"}
          onChange={(event) => setPerColour(event.currentTarget.checked)}
        />
        <s-checkbox
          label="Also regenerate products that already have an approved render with this look"
          checked={regenerate}
          onChange={(event) => setRegenerate(event.currentTarget.checked)}
        />
        <s-number-field
          label="Budget cap in credits (optional)"
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
                  heading: started.run.created ? "Run started" : "Already started",
                  body: (
                    <>
                      Every image waits for review before it is added.{" "}
                      <s-link href={appLink(started.run.runPath)}>Follow the run in Model Shots</s-link>.
                    </>
                  ),
                }
              : null
          }
        />
      </s-stack>
      <ActionButtons
        label={summary ? `Start run for about ${formatCredits(summary.estimateCredits)}` : "Start run"}
        onSend={() => void start()}
        sending={started.state === "sending"}
        done={started.state === "done"}
        blocked={blocked}
        onClose={close}
      />
    </s-admin-action>
  );
}
