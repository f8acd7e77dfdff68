import { Select } from "@shopify/polaris";
import { CANDIDATE_CHOICES } from "~/renders/review/candidates";
import { formatCredits } from "~/web/format";

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

/** The cost staff see before spending: "3 candidates × 5 credits = 15 credits", or "5 credits" for one. */
export function candidatesCostLine(candidates: number, creditsPerRender: number): string {
  const total = formatCredits(candidates * creditsPerRender);
  return candidates === 1 ? total : `${candidates} candidates × ${formatCredits(creditsPerRender)} = ${total}`;
}
