import picomatch from 'picomatch';
import { InvalidGlobError } from '../error/invalid-glob-error.js';

/**
 * Compiles globs on tool names into one predicate. Every glob is checked
 * when the matcher is created, so a bad pattern fails early and names itself.
 * A pattern always matches the name it spells exactly (picomatch compares
 * before globbing), so a key holding glob characters can still be named.
 *
 * @param option The option the globs came from, named in errors.
 */
export function createGlobMatcher(
  globs: readonly string[],
  option: string,
): (name: string) => boolean {
  const matchers = globs.map((glob) => {
    if (typeof glob !== 'string' || glob.trim().length === 0) {
      throw new InvalidGlobError({ option, glob: String(glob), reason: 'it is empty' });
    }
    if (glob !== glob.trim()) {
      throw new InvalidGlobError({ option, glob, reason: 'it has leading or trailing spaces' });
    }
    if (glob.startsWith('!')) {
      throw new InvalidGlobError({
        option,
        glob,
        reason: 'negation is not supported; list the pattern under deny instead',
      });
    }
    try {
      return picomatch(glob, { dot: true, strictBrackets: true, nonegate: true });
    } catch (error) {
      throw new InvalidGlobError({
        option,
        glob,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  });
  return (name) => matchers.some((matches) => matches(name));
}
