/** Namespaces are letters, digits, `_` and `-`: they must survive in dotted ids and wire names. */
export const NAMESPACE_PATTERN = /^[\p{L}\p{N}_-]{1,64}$/u;

/** A namespace `normalizeNamespace` leaves as it is. */
const SAFE_NAMESPACE = /^[A-Za-z0-9_-]{1,64}$/;
/** A local name `normalizeLocalName` leaves as it is. */
const SAFE_LOCAL_NAME = /^[A-Za-z0-9_.-]*$/;

/** A derived namespace (from a name prefix or an MCP client name) made safe. */
export function normalizeNamespace(raw: string): string {
  // Most names are ASCII letters, digits, "_" and "-" already: nothing to replace or trim.
  if (SAFE_NAMESPACE.test(raw)) return raw;
  const safe = raw.trim().replace(/[^\p{L}\p{N}_-]+/gu, '_');
  // 64 code points, as `NAMESPACE_PATTERN` counts them: never half a surrogate pair.
  return safe.length <= 64 ? safe : Array.from(safe).slice(0, 64).join('');
}

/**
 * A local name made safe for dotted ids: slashes become dots (MCP names such as
 * `repos/create`), whitespace, control and format characters (bidi controls
 * such as U+202E, which would make `mail.send\u202Etxt.exe` read differently
 * from what it is) become `_`.
 */
export function normalizeLocalName(raw: string): string {
  // Most names are ASCII letters, digits, "_", "-" and dots already: nothing to replace or trim.
  if (SAFE_LOCAL_NAME.test(raw)) return raw;
  return raw
    .trim()
    .replaceAll('/', '.')
    .replace(/[\s\p{Cc}\p{Cf}]+/gu, '_');
}
