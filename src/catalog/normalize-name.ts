/** Namespaces are letters, digits, `_` and `-`: they must survive in dotted ids and wire names. */
export const NAMESPACE_PATTERN = /^[\p{L}\p{N}_-]{1,64}$/u;

/** A derived namespace (from a name prefix or an MCP client name) made safe. */
export function normalizeNamespace(raw: string): string {
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
  return raw
    .trim()
    .replaceAll('/', '.')
    .replace(/[\s\p{Cc}\p{Cf}]+/gu, '_');
}
