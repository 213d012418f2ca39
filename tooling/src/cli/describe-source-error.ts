/**
 * An error of an MCP server or a tools module as one line for the CLI: a closed connection
 * explained, with the error's code and cause when its message does not already say them.
 */
export function describeSourceError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (/closed client|connection closed/i.test(error.message)) {
    return 'the server closed the connection before it answered (it exited, or does not speak MCP on stdio)';
  }
  const code = (error as NodeJS.ErrnoException).code;
  const cause =
    error.cause instanceof Error && !error.message.includes(error.cause.message)
      ? ` (${error.cause.message})`
      : '';
  return `${error.message}${code !== undefined && !error.message.includes(code) ? ` [${code}]` : ''}${cause}`;
}
