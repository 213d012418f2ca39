import { readFile } from 'node:fs/promises';
import { CliUsageError } from './cli-usage-error.js';

/**
 * Reads and parses a JSON file named on the command line; a missing file or
 * malformed JSON is a usage error naming the file by `label` ("catalog file"),
 * with `missingHint` after "no such file" when given.
 */
export async function readJsonFile(
  path: string,
  label: string,
  missingHint?: string,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliUsageError({
      message: `cannot read ${label} ${path}${code === 'ENOENT' ? `: no such file${missingHint === undefined ? '' : ` (${missingHint})`}` : `: ${code ?? error}`}`,
      cause: error,
    });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliUsageError({
      message: `${label} ${path} is not valid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
}
