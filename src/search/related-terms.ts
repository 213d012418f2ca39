import { analyzeText } from './analyze-text.js';

/** Maps each stemmed term of a synonym group to the other terms of its groups. */
export function relatedTerms(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const related = new Map<string, Set<string>>();
  for (const group of groups) {
    const terms = [...new Set(group.flatMap((word) => analyzeText(word)))];
    for (const term of terms) {
      const set = related.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) set.add(other);
      related.set(term, set);
    }
  }
  return new Map([...related].map(([term, set]) => [term, [...set].sort()]));
}
