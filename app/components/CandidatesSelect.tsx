import { Select } from "@shopify/polaris";
import { CANDIDATE_CHOICES } from "~/renders/review/candidates";

/** "Candidates" on Generate and Bulk run: 1 to 4 renders to pick the best from in Review, each charged. */
export function CandidatesSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helpText: string;
  error: string | undefined;
}) {
  return (
    <Select
      label={props.label}
      options={CANDIDATE_CHOICES}
      value={props.value}
      onChange={props.onChange}
      helpText={props.helpText}
      error={props.error}
    />
  );
}
