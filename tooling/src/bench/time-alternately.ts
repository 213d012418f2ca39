/**
 * Times `first` and `second` `pairs` times each, alternating which goes first
 * in every pair, so drift on a shared machine falls on both alike. Returns the
 * milliseconds each call reported, in pair order.
 */
export async function timeAlternately(
  pairs: number,
  first: () => Promise<number>,
  second: () => Promise<number>,
): Promise<{ first: number[]; second: number[] }> {
  const firstMs: number[] = [];
  const secondMs: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    if (pair % 2 === 0) {
      firstMs.push(await first());
      secondMs.push(await second());
    } else {
      secondMs.push(await second());
      firstMs.push(await first());
    }
  }
  return { first: firstMs, second: secondMs };
}
