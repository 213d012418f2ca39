const maxWireNameLength = 64;

/**
 * A name made a wire name: characters outside `[a-zA-Z0-9_-]` become `_`,
 * runs of `_` collapse, `_` is trimmed at both ends, and at most 64 characters stay.
 */
export function toWireName(raw: string): string {
  return raw
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxWireNameLength)
    .replace(/_+$/, '');
}

/**
 * Claims `prefix + base` in `taken`; when it is empty or taken, appends `_<id>`
 * (and then a counter), shortening `base` so the name stays within 64 characters.
 */
export function claimUnique(base: string, id: string, taken: Set<string>, prefix = ''): string {
  if (base !== '' && !taken.has(prefix + base)) {
    taken.add(prefix + base);
    return prefix + base;
  }
  const suffix = toWireName(id) || 'tool';
  for (let attempt = 1; ; attempt++) {
    const tail = (attempt === 1 ? suffix : `${suffix}_${attempt}`).slice(-maxWireNameLength);
    const head = base.slice(0, Math.max(0, maxWireNameLength - tail.length - 1)).replace(/_+$/, '');
    const candidate = prefix + (head ? `${head}_${tail}` : tail);
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** "Worldwide Recipes / Suggestions" → namespace "Worldwide Recipes", local "Suggestions". */
export function splitHumanName(name: string): { namespace: string; local: string } {
  const separator = name.includes(' / ') ? ' / ' : '/';
  const index = name.indexOf(separator);
  if (index <= 0 || index + separator.length >= name.length) return { namespace: '', local: name };
  return { namespace: name.slice(0, index), local: name.slice(index + separator.length) };
}
