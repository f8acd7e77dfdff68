/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";
import { CANDIDATE_COUNTS, type WhatIsSent } from "./api";
import { t } from "./i18n";

/**
 * The end of an admin action that sends one request to the app (queue a render, start a run): what became of it,
 * and the action's two buttons, and what it sends. Used by the product action and by the bulk-run form.
 */

/** What a render sends to the try-on service, by name: shown before anything is spent. */
export function SentLines({ sent, heading }: { sent: WhatIsSent; heading?: string }) {
  return (
    <s-stack gap="small-300">
      {heading ? <s-text type="strong">{heading}</s-text> : null}
      <s-text>{t("sent.garment", { name: sent.garment })}</s-text>
      <s-text>{t("sent.model", { name: sent.model })}</s-text>
      <s-text>{t("sent.pose", { name: sent.pose })}</s-text>
      <s-text>{t("sent.background", { name: sent.background })}</s-text>
    </s-stack>
  );
}

/** The refusal in the app's words, or what the request made and where to follow it. */
export function SentBanner(props: { error: string | null; done: { heading: string; body: ComponentChildren } | null }) {
  if (props.error !== null) return <s-banner tone="critical">{props.error}</s-banner>;
  if (!props.done) return null;
  return (
    <s-banner tone="success" heading={props.done.heading}>
      <s-paragraph>{props.done.body}</s-paragraph>
    </s-banner>
  );
}

/** Send (with its cost in the label), and Cancel, which reads Done once the request went through. */
export function ActionButtons(props: {
  label: string;
  onSend: () => void;
  sending: boolean;
  done: boolean;
  blocked: boolean;
  onClose: () => void;
}) {
  return (
    <>
      <s-button
        slot="primary-action"
        variant="primary"
        onClick={props.onSend}
        loading={props.sending}
        disabled={props.blocked || props.done}
      >
        {props.label}
      </s-button>
      <s-button slot="secondary-actions" onClick={props.onClose}>
        {props.done ? t("actions.done") : t("actions.cancel")}
      </s-button>
    </>
  );
}

/** "Candidates" for an admin action: 1 to 4 renders of each product (or colour) to choose from in Review. */
export function CandidatesSelect(props: { label: string; value: number; onChange: (count: number) => void }) {
  return (
    <s-select
      label={props.label}
      value={String(props.value)}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
    >
      {CANDIDATE_COUNTS.map((count) => (
        <s-option key={count} value={String(count)}>
          {count === 1 ? t("candidates.one") : t("candidates.many", { count })}
        </s-option>
      ))}
    </s-select>
  );
}
