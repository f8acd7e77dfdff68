export interface MutationPart {
  name: string;
  mutate: string[];
  tests: string[];
}
export function mutationPart(name: string | undefined): MutationPart;
