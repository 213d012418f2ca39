/**
 * The numbers of the terms in a list that some tool uses (`termNumber` of
 * the others is negative), in the list's order.
 *
 * @example
 * usedNumbers(['mail', 'email'], (term) => (term === 'email' ? 0 : -1)); // [0]
 */
export function usedNumbers(
  terms: readonly string[],
  termNumber: (term: string) => number,
): number[] {
  const numbers: number[] = [];
  for (const term of terms) {
    const number = termNumber(term);
    if (number >= 0) numbers.push(number);
  }
  return numbers;
}
