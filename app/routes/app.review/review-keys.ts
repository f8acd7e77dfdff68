/**
 * Keyboard shortcuts of the Review page, as a pure function of the key pressed and where the user is, so the
 * rules are tested without a browser:
 *
 *   j / →  next render        k / ←  previous render
 *   a      approve            r      reject
 *   o / ⏎  open large view    Esc    close it
 *   x      select or unselect (grid)          z  zoom (large view)
 *
 * Keys typed into a field, or pressed with Ctrl, ⌘ or Alt, are left alone.
 */
export type ReviewKeyAction = "next" | "previous" | "approve" | "reject" | "open" | "close" | "toggle-select" | "zoom";

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's tag name and whether it is editable. */
  targetTag?: string | undefined;
  targetEditable?: boolean | undefined;
}

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function reviewKeyAction(
  event: KeyLike,
  context: { modalOpen: boolean; canDecide: boolean },
): ReviewKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.targetEditable || (event.targetTag && TYPING_TAGS.has(event.targetTag.toUpperCase()))) return null;
  switch (event.key) {
    case "j":
    case "ArrowRight":
      return "next";
    case "k":
    case "ArrowLeft":
      return "previous";
    case "a":
      return context.canDecide ? "approve" : null;
    case "r":
      return context.canDecide ? "reject" : null;
    case "o":
    case "Enter":
      return context.modalOpen ? null : "open";
    case "Escape":
      return context.modalOpen ? "close" : null;
    case "x":
      return context.modalOpen ? null : "toggle-select";
    case "z":
      return context.modalOpen ? "zoom" : null;
    default:
      return null;
  }
}

/** The index after moving by `delta`, kept inside the list (no wrapping: the end of the page is the end). */
export function moveIndex(index: number, delta: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(index + delta, 0), length - 1);
}

/** Selected ids still on the page after it reloaded (decided renders leave the list). */
export function keepSelected(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => selected.has(id)));
}

export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
