import { CliUsageError } from './cli-usage-error.js';

/** The `--mcp-header 'Name: value'` flags as a record of HTTP headers; a malformed one is a usage error. */
export function parseMcpHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = colon < 0 ? '' : value.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new CliUsageError({
        message: `--mcp-header must be 'Name: value', e.g. 'Authorization: Bearer TOKEN', got ${JSON.stringify(value)}`,
      });
    }
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}
