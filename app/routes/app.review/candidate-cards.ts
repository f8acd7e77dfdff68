/**
 * Review shows a product's candidates side by side: one block for the group, wherever its first member falls on
 * the page, its members in candidate order. Pure and browser-safe, so the loader's order and the grid's blocks
 * agree (the keyboard moves through the same flat list the grid draws).
 */

export interface CandidateOf {
  group: string;
  index: number;
}

/** Items reordered so each candidate group is together at its first member's place, members by number. */
export function groupCandidates<T extends { id: string; candidate: CandidateOf | null }>(items: readonly T[]): T[] {
  const members = new Map<string, T[]>();
  for (const item of items) {
    if (!item.candidate) continue;
    const group = members.get(item.candidate.group) ?? [];
    group.push(item);
    members.set(item.candidate.group, group);
  }
  const placed = new Set<string>();
  const ordered: T[] = [];
  for (const item of items) {
    if (!item.candidate) {
      ordered.push(item);
      continue;
    }
    if (placed.has(item.candidate.group)) continue;
    placed.add(item.candidate.group);
    const group = members.get(item.candidate.group) ?? [item];
    ordered.push(...[...group].sort((a, b) => (a.candidate?.index ?? 0) - (b.candidate?.index ?? 0)));
  }
  return ordered;
}

export type ReviewBlock<T> =
  | { kind: "single"; item: T; index: number }
  | { kind: "candidates"; group: string; members: Array<{ item: T; index: number }> };

/**
 * The grid's blocks from items already grouped: a lone render, or the run of consecutive members of one group
 * (a group of one, its siblings decided, is shown as a lone render). `index` is the item's place in the flat list.
 */
export function reviewBlocksOf<T extends { candidate: CandidateOf | null }>(
  items: readonly T[],
): Array<ReviewBlock<T>> {
  const blocks: Array<ReviewBlock<T>> = [];
  items.forEach((item, index) => {
    const last = blocks.at(-1);
    if (item.candidate && last?.kind === "candidates" && last.group === item.candidate.group) {
      last.members.push({ item, index });
    } else if (item.candidate) {
      blocks.push({ kind: "candidates", group: item.candidate.group, members: [{ item, index }] });
    } else {
      blocks.push({ kind: "single", item, index });
    }
  });
  return blocks.map((block) =>
    block.kind === "candidates" && block.members.length === 1 && block.members[0]
      ? { kind: "single", item: block.members[0].item, index: block.members[0].index }
      : block,
  );
}
