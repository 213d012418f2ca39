/**
 * A word with its plural ending taken off (Harman's S-stemmer: `-ies` → `-y`,
 * `-es` → `-e`, `-s` dropped, with their exceptions), nothing more. Two words
 * of one form are the same word; two of one stem but different forms
 * (`control`, `controlled`) are only related.
 *
 * @example
 * wordForm('queries') // 'query'
 * wordForm('controlled') // 'controlled'
 */
export function wordForm(word: string): string {
  const lower = word.toLowerCase();
  if (lower.endsWith('ies') && !lower.endsWith('eies') && !lower.endsWith('aies')) {
    return `${lower.slice(0, -3)}y`;
  }
  if (lower.endsWith('es') && !/[aeo]es$/.test(lower)) return lower.slice(0, -1);
  if (lower.endsWith('s') && !lower.endsWith('us') && !lower.endsWith('ss')) {
    return lower.slice(0, -1);
  }
  return lower;
}
