/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";

/**
 * The end of an admin action that sends one request to the app (queue a render, start a run): what became of it,
 * and the action's two buttons. Used by the product action and by the bulk-run form.
 */

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
        {props.done ? "Done" : "Cancel"}
      </s-button>
    </>
  );
}
