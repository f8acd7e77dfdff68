/**
 * Matching the product photo's colours with the render's. The render holds more than the garment (hair, shoes,
 * leftover skin, edges), and the garment's colours cover different shares of it (pose, folds, occlusion), so
 * neither a one-to-one assignment nor "nearest render cluster" is right. Instead each product colour claims,
 * nearest first, render colours until it has covered `coverage` × its own share; the render colour standing for
 * it is the share-weighted mean of what it claimed. A product colour that changed in the render then has to
 * reach for the changed colour (or something farther), and its difference shows.
 */
import { type DeltaEWeights, type Lab, ciede2000 } from "./lab";
import type { PaletteColour } from "./palette";

export interface PaletteMatch {
  source: PaletteColour;
  /** The share-weighted mean of the render colours claimed, and the render share they cover in all. */
  render: PaletteColour;
  deltaE: number;
  /** Indexes into the render palette of the colours claimed. */
  claimed: number[];
}

export interface MatchOptions {
  weights: DeltaEWeights;
  /** How much of its own share a product colour must find in the render, 0..1. */
  coverage: number;
}

export function matchPalettes(
  source: readonly PaletteColour[],
  render: readonly PaletteColour[],
  options: MatchOptions,
): PaletteMatch[] {
  const sourceTotal = source.reduce((sum, colour) => sum + colour.share, 0);
  const renderTotal = render.reduce((sum, colour) => sum + colour.share, 0);
  return source.map((colour) => {
    const need = (options.coverage * colour.share) / sourceTotal;
    const byDistance = render
      .map((candidate, index) => ({
        index,
        candidate,
        distance: ciede2000(colour.lab, candidate.lab, options.weights),
      }))
      .sort((x, y) => x.distance - y.distance);
    const claimed: number[] = [];
    let covered = 0;
    let l = 0;
    let a = 0;
    let b = 0;
    let claimedShare = 0;
    for (const { index, candidate } of byDistance) {
      const share = candidate.share / renderTotal;
      const take = Math.min(share, need - covered);
      l += candidate.lab.l * take;
      a += candidate.lab.a * take;
      b += candidate.lab.b * take;
      covered += take;
      claimed.push(index);
      claimedShare += candidate.share;
      if (covered >= need - 1e-9) break;
    }
    const mean: Lab = covered > 0 ? { l: l / covered, a: a / covered, b: b / covered } : colour.lab;
    return {
      source: colour,
      render: { lab: mean, share: claimedShare },
      deltaE: ciede2000(colour.lab, mean, options.weights),
      claimed,
    };
  });
}

/** Share-weighted mean of the matches' differences: the score. */
export function meanDeltaE(matches: readonly PaletteMatch[]): number {
  const total = matches.reduce((sum, match) => sum + match.source.share, 0);
  if (total === 0) return 0;
  return matches.reduce((sum, match) => sum + match.deltaE * match.source.share, 0) / total;
}
