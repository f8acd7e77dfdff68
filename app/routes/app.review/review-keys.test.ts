import { describe, expect, it } from "vitest";
import { keepSelected, moveIndex, reviewKeyAction, toggleSelected } from "./review-keys";

const grid = { modalOpen: false, canDecide: true };
const modal = { modalOpen: true, canDecide: true };

describe("Review keyboard shortcuts", () => {
  it("moves with j/k and the arrows, decides with a/r", () => {
    expect(reviewKeyAction({ key: "j" }, grid)).toBe("next");
    expect(reviewKeyAction({ key: "ArrowLeft" }, modal)).toBe("previous");
    expect(reviewKeyAction({ key: "a" }, modal)).toBe("approve");
    expect(reviewKeyAction({ key: "r" }, grid)).toBe("reject");
  });

  it("opens from the grid, closes and zooms in the large view, selects only in the grid", () => {
    expect(reviewKeyAction({ key: "Enter" }, grid)).toBe("open");
    expect(reviewKeyAction({ key: "Enter" }, modal)).toBeNull();
    expect(reviewKeyAction({ key: "Escape" }, modal)).toBe("close");
    expect(reviewKeyAction({ key: "z" }, modal)).toBe("zoom");
    expect(reviewKeyAction({ key: "z" }, grid)).toBeNull();
    expect(reviewKeyAction({ key: "x" }, grid)).toBe("toggle-select");
    expect(reviewKeyAction({ key: "x" }, modal)).toBeNull();
  });

  it("leaves keys alone while typing, with modifiers, or when nothing can be decided", () => {
    expect(reviewKeyAction({ key: "a", targetTag: "input" }, modal)).toBeNull();
    expect(reviewKeyAction({ key: "r", targetTag: "TEXTAREA" }, grid)).toBeNull();
    expect(reviewKeyAction({ key: "a", targetEditable: true }, grid)).toBeNull();
    expect(reviewKeyAction({ key: "r", metaKey: true }, grid)).toBeNull();
    expect(reviewKeyAction({ key: "a" }, { modalOpen: false, canDecide: false })).toBeNull();
    expect(reviewKeyAction({ key: "j" }, { modalOpen: false, canDecide: false })).toBe("next");
  });

  it("stays inside the page when moving", () => {
    expect(moveIndex(0, -1, 5)).toBe(0);
    expect(moveIndex(4, 1, 5)).toBe(4);
    expect(moveIndex(2, 1, 5)).toBe(3);
    expect(moveIndex(7, 0, 3)).toBe(2);
    expect(moveIndex(0, 1, 0)).toBe(0);
  });

  it("drops decided renders from the selection and toggles one", () => {
    expect([...keepSelected(new Set(["a", "b", "c"]), ["b", "c", "d"])]).toEqual(["b", "c"]);
    expect([...toggleSelected(new Set(["a"]), "b")]).toEqual(["a", "b"]);
    expect([...toggleSelected(new Set(["a", "b"]), "a")]).toEqual(["b"]);
  });
});
