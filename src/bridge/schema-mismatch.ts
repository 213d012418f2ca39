import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { parametersDetail } from './parse-tool-arguments.js';
import type { ToolInputIssue } from './validate-tool-input.js';

/**
 * The `invalid_arguments` answer to arguments that do not match the tool's
 * schema: the issues, and the tool's parameter schema so the model can retry.
 *
 * @example
 * schemaMismatch(entry, [{ path: '/title', message: 'Expected string' }]).details.issues;
 */
export function schemaMismatch(
  entry: CatalogEntry,
  issues: readonly ToolInputIssue[],
): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `The arguments for ${entry.wireName} do not match its parameter schema. Fix the listed issues and call it again.`,
    details: {
      issues: issues.map(({ path, message }) => ({ path, message })),
      ...parametersDetail(entry),
    },
  });
}
