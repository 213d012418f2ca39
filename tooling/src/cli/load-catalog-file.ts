import type { ToolDefinition } from 'tool-disclosure/catalog';
import { CliUsageError } from './cli-usage-error.js';
import { readJsonFile } from './read-json-file.js';
import { bundledCorpusHint, resolveCorpusPath } from './resolve-corpus-path.js';

/** A catalog file: `{tools: [...], namespaces?: {name: description}}`. */
export interface CatalogFile {
  tools: ToolDefinition[];
  namespaces: Record<string, { description: string }>;
}

/**
 * Reads a catalog file, or a bundled corpus by name (`judged-corpus`),
 * reporting a missing file or malformed JSON as a usage error.
 */
export async function loadCatalogFile(pathOrName: string): Promise<CatalogFile> {
  const path = resolveCorpusPath(pathOrName);
  const data = await readJsonFile(path, 'catalog file', bundledCorpusHint(path));
  if (
    data === null ||
    typeof data !== 'object' ||
    !Array.isArray((data as { tools?: unknown }).tools)
  ) {
    throw new CliUsageError({
      message: `catalog file ${path} must be a JSON object with a "tools" array`,
    });
  }
  const { tools, namespaces } = data as { tools: ToolDefinition[]; namespaces?: unknown };
  return { tools, namespaces: namespaceDescriptions(namespaces, path) };
}

function namespaceDescriptions(value: unknown, path: string): CatalogFile['namespaces'] {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CliUsageError({
      message: `"namespaces" in ${path} must be an object mapping namespace names to descriptions`,
    });
  }
  const result: CatalogFile['namespaces'] = {};
  for (const [name, description] of Object.entries(value)) {
    if (typeof description !== 'string') {
      throw new CliUsageError({
        message: `the description of namespace "${name}" in ${path} must be a string`,
      });
    }
    result[name] = { description };
  }
  return result;
}
