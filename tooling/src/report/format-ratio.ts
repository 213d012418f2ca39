/** A ratio as a factor, `2.35x`. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}
